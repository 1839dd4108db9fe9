import CrateAudio
import CrateCore
import Foundation
import TestSupport
import XCTest

/// Every format through real ALSA: a sweep cut into tracks at points no codec frame
/// lines up with, encoded by the format's own encoder, played through a `file` PCM. The
/// capture must be the reference decoders' output joined, exactly as long as the sweep:
/// lossless formats bit for bit, lossy ones within a few LSB and never a sample off.
final class FormatGaplessTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("formats") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    struct Case {
        var format: FormatFixtures.Format
        var rate: Int
        var bits = 16
        var label: String { "\(format.rawValue) \(rate)/\(bits)" }
    }

    func testEveryFormatJoinsSampleExact() throws {
        let cases = [Case(format: .flac, rate: 44100), Case(format: .flac, rate: 96000, bits: 24),
                     Case(format: .vorbis, rate: 44100), Case(format: .opus, rate: 48000),
                     Case(format: .aac, rate: 44100), Case(format: .alac, rate: 44100)]
        for c in cases {
            let sweep = FormatFixtures.sweep(rate: c.rate, seconds: 2.5, bits: c.bits)
            let frames = sweep.count / 2
            let cuts = [c.rate / 2 + 577, c.rate + c.rate / 3 + 1333]
            let tracks = try album(sweep, cuts: cuts, c)
            let capture = "\(dir)/\(c.format.rawValue)-\(c.bits).raw"
            let status = try play(tracks, capture: capture)
            XCTAssertEqual(status.tracks.compactMap(\.error), [], c.label)
            let captured = try Capture.read(capture, bits: c.bits)
            let bounds = [0] + cuts + [frames]
            let expected = try tracks.enumerated().flatMap { i, track in
                try FormatFixtures.referenceDecode(track, format: c.format, bits: c.bits,
                                                   frames: c.format == .aac ? bounds[i + 1] - bounds[i] : nil)
            }
            XCTAssertEqual(captured.count, frames * 2, "\(c.label): samples inserted or dropped")
            XCTAssertEqual(expected.count, frames * 2, "\(c.label): the reference decoders disagree on the length")
            if c.format.lossless {
                XCTAssertTrue(captured == expected, "\(c.label): capture differs from the reference decode")
                XCTAssertTrue(captured == sweep, "\(c.label): lossless capture differs from the original")
            } else {
                let diffs = zip(captured, expected).map { abs(Int($0) - Int($1)) }
                let diff = diffs.max() ?? 0
                if ProcessInfo.processInfo.environment["CRATE_DEBUG_DIFF"] != nil {
                    let worst = diffs.firstIndex(of: diff) ?? 0
                    print("DIFF \(c.label): max \(diff) at frame \(worst / 2); >16 at \(diffs.indices.filter { diffs[$0] > 16 }.count) samples; snr \(Capture.snr(captured, expected))")
                }
                // Vorbis and Opus match their reference decoders bit for bit; faad2 and
                // ffmpeg's AAC decoder round differently and part by up to ~200 LSB around
                // a track's last packet. A sample of misplacement would sink the SNR far
                // below these bounds (the sweep moves by thousands of LSB per sample).
                XCTAssertLessThanOrEqual(diff, c.format == .aac ? 256 : 2, "\(c.label): capture strays from the reference")
                XCTAssertGreaterThan(Capture.snr(captured, expected), c.format == .aac ? 60 : 90, "\(c.label)")
            }
        }
    }

    /// 44.1/16 FLAC, then 96/24 FLAC, then MP3: the device is reconfigured at each join
    /// and every sample of all three arrives, the 24-bit one with all 24 bits.
    func testMixedAlbumPlaysEverySampleOfEachFormat() throws {
        let first = FormatFixtures.sweep(rate: 44100, seconds: 0.7)
        let second = FormatFixtures.sweep(rate: 96000, seconds: 0.7, bits: 24)
        let third = FormatFixtures.sweep(rate: 44100, seconds: 0.7)
        let paths = ["\(dir)/1.flac", "\(dir)/2.flac", "\(dir)/3.mp3"]
        try FormatFixtures.encode(first, format: .flac, rate: 44100, channels: 2, to: paths[0])
        try FormatFixtures.encode(second, format: .flac, rate: 96000, channels: 2, bits: 24, to: paths[1])
        try FormatFixtures.encode(third, format: .mp3, rate: 44100, channels: 2, to: paths[2])
        let capture = "\(dir)/mixed.raw"
        let status = try play(paths, capture: capture)
        XCTAssertEqual(status.tracks.compactMap(\.error), [])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: capture))
        let mp3 = try FormatFixtures.referenceDecode(paths[2], format: .mp3)
        // S16_LE for the 16-bit tracks, S32_LE for the 24-bit one (its top 24 bits).
        let firstBytes = first.count * 2, secondBytes = second.count * 4
        XCTAssertEqual(bytes.count, firstBytes + secondBytes + mp3.count * 2, "every sample of the three tracks")
        guard bytes.count == firstBytes + secondBytes + mp3.count * 2 else { return }
        XCTAssertTrue(Capture.s16(bytes.prefix(firstBytes)) == first, "44.1/16 FLAC")
        XCTAssertTrue(Capture.s32(bytes.dropFirst(firstBytes).prefix(secondBytes)).map { $0 >> 8 } == second,
                      "96/24 FLAC reaches the device with every bit")
        XCTAssertTrue(Capture.s16(bytes.suffix(mp3.count * 2)) == mp3, "the MP3 after it")
    }

    /// A card held to S16_LE (`sample_format`) gets a 24-bit track's top 16 bits, and
    /// `status` says the path is not bit-perfect while it plays.
    func testAShallowDeviceFormatIsSaidInStatus() throws {
        let signal = FormatFixtures.sweep(rate: 48000, seconds: 1, bits: 24)
        let path = "\(dir)/deep.flac", capture = "\(dir)/shallow.raw"
        try FormatFixtures.encode(signal, format: .flac, rate: 48000, channels: 2, bits: 24, to: path)
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw", clockPaced: true,
                                                          sampleFormat: "S16_LE"), logger: testLogger())
        defer { player.shutdown() }
        try player.play(paths: [path])
        let playing = waitFor(player, "the track to play") { $0.currentIndex != nil && $0.output.sampleFormat != nil }
        XCTAssertEqual(playing.output.sampleFormat, "S16_LE")
        XCTAssertEqual(playing.sourceBits, 24)
        XCTAssertEqual(playing.sourceCodec, "FLAC")
        XCTAssertTrue(playing.output.conversion?.contains("8 of the source's bits dropped") ?? false, "\(playing.output)")
        waitFor(player, "the track to finish") { $0.state == .idle }
        let captured = try Capture.read(capture, bits: 16)
        XCTAssertTrue(captured == signal.map { $0 >> 8 }, "the top 16 bits, exactly")
    }

    private func album(_ sweep: [Int32], cuts: [Int], _ c: Case) throws -> [String] {
        let bounds = [0] + cuts + [sweep.count / 2]
        return try (0..<bounds.count - 1).map { i in
            let path = "\(dir)/\(c.format.rawValue)-\(c.bits)-\(i + 1).\(c.format.suffix)"
            try FormatFixtures.encode(Array(sweep[bounds[i] * 2..<bounds[i + 1] * 2]), format: c.format, rate: c.rate,
                                      channels: 2, bits: c.bits, to: path)
            return path
        }
    }

    private func play(_ paths: [String], capture: String) throws -> PlayerStatus {
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw"), logger: testLogger())
        defer { player.shutdown() }
        try player.play(paths: paths)
        return waitFor(player, "the album to finish") { $0.state == .idle }
    }
}

/// Reading a `file` PCM capture back as right-justified samples.
enum Capture {
    /// 16-bit sources are played as S16_LE, 24-bit ones as S32_LE (the first deep enough).
    static func read(_ path: String, bits: Int) throws -> [Int32] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return bits == 16 ? s16(data) : s32(data).map { $0 >> 8 }
    }

    static func s16(_ data: Data) -> [Int32] { FormatFixtures.samples(raw: Data(data), bits: 16) }

    static func s32(_ data: Data) -> [Int32] {
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count - 3, by: 4).map { i in
            Int32(bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
        }
    }

    static func snr(_ actual: [Int32], _ reference: [Int32]) -> Double {
        var signal = 0.0, noise = 0.0
        for (a, r) in zip(actual, reference) {
            signal += Double(r) * Double(r)
            noise += (Double(a) - Double(r)) * (Double(a) - Double(r))
        }
        return 10 * log10(signal / max(noise, 1))
    }
}
