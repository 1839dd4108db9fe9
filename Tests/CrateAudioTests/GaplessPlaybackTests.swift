import Synchronization
import CrateAudio
import CrateCore
import Foundation
import TestSupport
import XCTest

/// Through real ALSA: a `file` PCM records exactly what the writer sent to the device.
final class GaplessPlaybackTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("gapless") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    func play(_ paths: [String], capture: String) throws -> PlayerStatus {
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw"), logger: testLogger())
        defer { player.shutdown() }
        try player.play(paths: paths)
        return waitFor(player, "the album to finish") { $0.state == .idle }
    }

    /// A continuous sweep cut into three tracks at points that are not MPEG-frame aligned:
    /// the capture must be exactly the tracks' gapless decodes back to back, and as long
    /// as the original signal to the sample.
    func testSweepCutIntoTracksPlaysBackSeamlessly() throws {
        let rate = 44100
        let sweep = AudioFixtures.sweep(rate: rate, seconds: 6)
        for (label, encodings) in [("cbr", [AudioFixtures.Encoding.cbr(kbps: 192)]),
                                   ("vbr", [.vbr(quality: 2)]),
                                   ("mixed", [.cbr(kbps: 160), .vbr(quality: 0), .cbr(kbps: 320)])] {
            let albumDir = "\(dir)/\(label)"
            try FileManager.default.createDirectory(atPath: albumDir, withIntermediateDirectories: true)
            let tracks = try makeAlbum(sweep, cuts: [88_200 + 577, 176_400 + 1_000 + 333], rate: rate,
                                       encodings: encodings, in: albumDir)
            let capture = "\(albumDir)/capture.raw"
            let status = try play(tracks, capture: capture)
            XCTAssertEqual(status.tracks.compactMap(\.error), [], label)
            let captured = try AudioFixtures.readRaw(capture)
            let expected = try tracks.flatMap { try decodeAll($0).samples }
            XCTAssertEqual(captured.count, sweep.count, "\(label): samples inserted or dropped")
            XCTAssertTrue(captured == expected, "\(label): capture differs from the tracks' gapless decodes")
            XCTAssertGreaterThan(snr(captured[...], sweep[...]), 15, "\(label): capture does not match the sweep")
            // Around each join, the capture matches the sweep as well as anywhere else does.
            for join in [88_200 + 577, 176_400 + 1_333] {
                let window = (join - 300) * 2..<(join + 300) * 2
                XCTAssertGreaterThan(snr(captured[window], sweep[window]), 10, "\(label): join at \(join)")
            }
        }
    }

    /// 44.1 kHz then 48 kHz then mono 32 kHz: the device is reconfigured at each join
    /// (not gapless, by design) and every sample of every track still arrives.
    func testRateAndChannelChangesReconfigureAtTheJoin() throws {
        let specs = [(44100, 2), (48000, 2), (32000, 1)]
        var tracks: [String] = []
        for (i, (rate, channels)) in specs.enumerated() {
            let path = "\(dir)/\(i).mp3"
            try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: rate, seconds: 0.8, channels: channels),
                                        rate: rate, channels: channels, encoding: .cbr(kbps: 128), to: path)
            tracks.append(path)
        }
        let capture = "\(dir)/capture.raw"
        let status = try play(tracks, capture: capture)
        XCTAssertEqual(status.tracks.compactMap(\.error), [])
        let expected = try tracks.flatMap { try decodeAll($0).samples }
        XCTAssertTrue(try AudioFixtures.readRaw(capture) == expected)
    }

    /// Bad files in the middle of an album: each reports why, the good ones all play.
    func testBadTracksAreSkippedWithAReason() throws {
        let good = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 2), cuts: [44100],
                                 rate: 44100, encodings: [.cbr(kbps: 128)], in: dir)
        let empty = "\(dir)/empty.mp3", junk = "\(dir)/junk.mp3", tagOnly = "\(dir)/tag.mp3"
        let cut = "\(dir)/cut.mp3", wrong = "\(dir)/wave.mp3"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        _ = FileManager.default.createFile(atPath: junk, contents: Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }))
        _ = FileManager.default.createFile(atPath: tagOnly, contents: Data([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0]))
        _ = FileManager.default.createFile(atPath: wrong, contents: Data("RIFF....WAVEfmt ".utf8) + Data(count: 1000))
        let whole = try Data(contentsOf: URL(fileURLWithPath: good[1]))
        _ = FileManager.default.createFile(atPath: cut, contents: whole.prefix(whole.count / 2))
        let list = [empty, good[0], junk, tagOnly, cut, wrong, good[1]]
        let capture = "\(dir)/capture.raw"
        let status = try play(list, capture: capture)
        let errors = status.tracks.map(\.error)
        XCTAssertNil(errors[1])
        XCTAssertNil(errors[6])
        for i in [0, 2, 3, 4, 5] { XCTAssertNotNil(errors[i], "track \(i + 1) should report an error") }
        XCTAssertTrue(errors[4]?.contains("truncated") ?? false, "\(errors[4] ?? "")")
        // Both good tracks play in full; the truncated one contributes what it had.
        let captured = try AudioFixtures.readRaw(capture)
        let first = try decodeAll(good[0]).samples, last = try decodeAll(good[1]).samples
        let partial = try decodeAll(cut).samples
        XCTAssertTrue(captured == first + partial + last)
    }

    /// Nothing playable at all: an error state saying so, and the player still works after.
    func testAlbumWithNoPlayableTrackIsAnError() throws {
        let junk = "\(dir)/junk.mp3"
        _ = FileManager.default.createFile(atPath: junk, contents: Data(repeating: 0x41, count: 5000))
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(dir)/c.raw,FORMAT=raw"), logger: testLogger())
        defer { player.shutdown() }
        XCTAssertThrowsError(try player.play(paths: [junk]))
        guard case .error(let message) = player.status().state else { return XCTFail("expected error state") }
        XCTAssertTrue(message.contains("no playable tracks"), message)
        let good = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 0.5), cuts: [], rate: 44100,
                                 encodings: [.cbr(kbps: 128)], in: dir)
        try player.play(paths: good)
        waitFor(player, "recovery") { $0.state == .idle }
    }

    /// A bad track behind a long good one is found early (its length is probed while the
    /// ring is full) and again when it is reached: observers hear of it once.
    func testABadTrackFoundAheadIsAnnouncedOnce() throws {
        let long = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 2.5), cuts: [], rate: 44100,
                                 encodings: [.cbr(kbps: 128)], in: dir)
        let junk = "\(dir)/junk.mp3"
        _ = FileManager.default.createFile(atPath: junk, contents: Data(repeating: 0x41, count: 5000))
        let errors = Mutex<[String]>([])
        // Paced, with a small ring: the ring is full while the good track plays.
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(dir)/c.raw,FORMAT=raw", bufferSeconds: 0.5,
                                                          clockPaced: true), logger: testLogger())
        defer { player.shutdown() }
        player.setEventHandler { kind, message, _ in
            if kind == .trackError { errors.withLock { $0.append(message ?? "") } }
        }
        try player.play(paths: long + [junk])
        let end = waitFor(player, "the album to finish") { $0.state == .idle }
        XCTAssertNotNil(end.tracks[1].error)
        XCTAssertEqual(errors.withLock { $0 }.count, 1, "\(errors.withLock { $0 })")
    }
}
