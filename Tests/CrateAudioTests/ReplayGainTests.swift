import CrateAudio
import CrateCore
import CrateFormats
import Foundation
import TestSupport
import XCTest

/// ReplayGain through real ALSA: off by default and then bit-perfect; "track" and
/// "album" apply the tagged gain, never past the tagged peak, and `status` says so.
final class ReplayGainTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("replaygain") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// A FLAC of `signal` tagged with the given ReplayGain values.
    func flac(_ name: String, _ signal: [Int32], tags: [String: String]) throws -> String {
        let path = "\(dir)/\(name).flac"
        try FormatFixtures.encode(signal, format: .flac, rate: 44100, channels: 2, to: path)
        try AudioFixtures.run("/usr/bin/metaflac", tags.map { "--set-tag=\($0.key)=\($0.value)" } + [path])
        return path
    }

    func play(_ path: String, mode: ReplayGainMode) throws -> (samples: [Int32], gain: Double?) {
        let capture = "\(dir)/capture-\(mode.rawValue)-\(UUID().uuidString.prefix(6)).raw"
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw", replayGain: mode),
                            logger: testLogger())
        defer { player.shutdown() }
        try player.play(paths: [path])
        var gain: Double?
        waitFor(player, "the track to finish") { status in
            if status.currentIndex != nil { gain = status.replayGain }
            return status.state == .idle
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: capture))
        return (FormatFixtures.samples(raw: data, bits: 16), gain)
    }

    func testOffIsBitPerfectTrackModeHalvesAndTheGainIsShown() throws {
        let signal = FormatFixtures.sweep(rate: 44100, seconds: 1.5)
        let path = try flac("half", signal, tags: ["REPLAYGAIN_TRACK_GAIN": "-6.0206 dB", "REPLAYGAIN_TRACK_PEAK": "0.5",
                                                   "REPLAYGAIN_ALBUM_GAIN": "-12.0412 dB", "REPLAYGAIN_ALBUM_PEAK": "0.5"])
        let off = try play(path, mode: .off)
        XCTAssertTrue(off.samples == signal, "off: every bit as in the file")
        XCTAssertNil(off.gain)

        let track = try play(path, mode: .track)
        XCTAssertEqual(track.samples.count, signal.count)
        // Half the amplitude, within the dither's ±1 LSB and rounding.
        let worst = zip(track.samples, signal).map { abs(Double($0) - Double($1) / 2) }.max() ?? .infinity
        XCTAssertLessThanOrEqual(worst, 1.5)
        XCTAssertEqual(try XCTUnwrap(track.gain), -6.02, accuracy: 0.01)

        let album = try play(path, mode: .album)
        let quarter = zip(album.samples, signal).map { abs(Double($0) - Double($1) / 4) }.max() ?? .infinity
        XCTAssertLessThanOrEqual(quarter, 1.5, "album mode takes the album gain")
        XCTAssertEqual(try XCTUnwrap(album.gain), -12.04, accuracy: 0.01)
    }

    func testAGainThatWouldClipTheTaggedPeakIsLowered() throws {
        let signal = FormatFixtures.sweep(rate: 44100, seconds: 1)  // peaks at half scale
        let path = try flac("loud", signal, tags: ["REPLAYGAIN_TRACK_GAIN": "+12 dB", "REPLAYGAIN_TRACK_PEAK": "0.5"])
        let played = try play(path, mode: .track)
        // +12 dB would be 4×; the peak allows 2×, which is what is applied: no clipping.
        let worst = zip(played.samples, signal).map { abs(Double($0) - Double($1) * 2) }.max() ?? .infinity
        XCTAssertLessThanOrEqual(worst, 1.5)
        XCTAssertEqual(try XCTUnwrap(played.gain), 6.02, accuracy: 0.01)
    }

    func testAFileWithoutGainTagsPlaysUnchanged() throws {
        let signal = FormatFixtures.sweep(rate: 44100, seconds: 0.5)
        let path = try flac("plain", signal, tags: ["TITLE": "no gain"])
        let played = try play(path, mode: .album)
        XCTAssertTrue(played.samples == signal)
        XCTAssertNil(played.gain)
    }

    /// mp3gain's APEv2 tag, as it writes it on a real MP3.
    func testMP3GainsAPETagIsRead() throws {
        let path = "\(dir)/gain.mp3"
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: 1, amplitude: 0.9), rate: 44100, channels: 2,
                                    encoding: .cbr(kbps: 128), to: path)
        let before = try FormatRegistry.readMetadata(path: path)
        XCTAssertNil(before.tags.replayGain)
        try AudioFixtures.run("/usr/bin/mp3gain", ["-q", path])
        let after = try FormatRegistry.readMetadata(path: path)
        let gain = try XCTUnwrap(after.tags.replayGain?.trackGain)
        XCTAssertLessThan(gain, 0, "a loud sweep is turned down")
        XCTAssertNotNil(after.tags.replayGain?.trackPeak)
        XCTAssertEqual(after.stream.durationFrames, before.stream.durationFrames, "the tag is not taken for audio")
    }
}
