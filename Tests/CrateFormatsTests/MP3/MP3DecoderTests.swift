import CrateFormats
import Foundation
import TestSupport
import XCTest

final class MP3DecoderTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("decoder") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// Every rate the issue names, mono and stereo, CBR and VBR: exact length known up front,
    /// exactly that many frames decoded, and the signal survives the codec.
    func testRatesChannelsAndExactLength() throws {
        let cases: [(rate: Int, channels: Int, encoding: AudioFixtures.Encoding)] = [
            (44100, 2, .cbr(kbps: 192)), (48000, 2, .vbr(quality: 2)), (32000, 1, .cbr(kbps: 128)),
            (22050, 2, .vbr(quality: 4)), (24000, 1, .cbr(kbps: 64)), (16000, 2, .cbr(kbps: 64)),
            (11025, 1, .cbr(kbps: 32)),  // MPEG-2.5
        ]
        for c in cases {
            let original = AudioFixtures.sweep(rate: c.rate, seconds: 1.37, channels: c.channels, to: Double(c.rate) / 6)
            let path = "\(dir)/\(c.rate)-\(c.channels).mp3"
            try AudioFixtures.encodeMP3(original, rate: c.rate, channels: c.channels, encoding: c.encoding, to: path)
            let (decoder, decoded) = try DecodeAll.samples16(path)
            let label = "\(c.rate) Hz, \(c.channels) ch"
            XCTAssertEqual(decoder.format.sampleRate, c.rate, label)
            XCTAssertEqual(decoder.format.channels, c.channels, label)
            XCTAssertTrue(decoder.lengthIsExact, label)
            XCTAssertEqual(decoder.totalFrames, original.count / c.channels, "length before decoding, \(label)")
            XCTAssertEqual(decoded.count, original.count / c.channels * 2, "frames decoded, \(label)")
            let reference = c.channels == 1 ? monoToStereo(original) : original
            XCTAssertGreaterThan(snr(decoded[...], reference[...]), 12, "codec fidelity, \(label)")
            if c.channels == 1 {
                for i in stride(from: 0, to: decoded.count, by: 2) where decoded[i] != decoded[i + 1] {
                    return XCTFail("mono must play identically on both channels (\(label), frame \(i / 2))")
                }
            }
        }
    }

    func testSeekIsSampleExact() throws {
        let original = AudioFixtures.sweep(rate: 44100, seconds: 3)
        let path = "\(dir)/seek.mp3"
        try AudioFixtures.encodeMP3(original, rate: 44100, channels: 2, encoding: .vbr(quality: 2), to: path)
        let (_, whole) = try DecodeAll.samples32(path)
        let decoder = try DecodeAll.open( path)
        let target = 44100 + 12345
        try decoder.seek(toFrame: target)
        var chunk = [Int32](repeating: 0, count: 2048 * 2)
        let frames = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 2048) }
        XCTAssertGreaterThan(frames, 0)
        XCTAssertEqual(Array(chunk[0..<frames * 2]), Array(whole[target * 2..<(target + frames) * 2]))
    }

    func testBadFilesAreRefusedWithAReason() throws {
        let good = "\(dir)/good.mp3"
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: 2), rate: 44100, channels: 2,
                                    encoding: .cbr(kbps: 128), to: good)
        let goodBytes = try Data(contentsOf: URL(fileURLWithPath: good))
        var random = SystemRandomNumberGenerator()
        let files: [(name: String, bytes: Data, reason: String)] = [
            ("empty.mp3", Data(), "empty file"),
            ("random.mp3", Data((0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }), "not an MP3"),
            ("id3only.mp3", Data([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 20]) + Data(count: 20), "only an ID3 tag"),
            ("wave.mp3", Data("RIFF\u{24}\0\0\0WAVEfmt ".utf8) + Data(count: 4000), "RIFF/WAVE"),
            ("text.mp3", Data(String(repeating: "not music at all\n", count: 100).utf8), "not an MP3"),
            ("tiny.mp3", goodBytes.prefix(300), "truncated"),
        ]
        for file in files {
            let path = "\(dir)/\(file.name)"
            try file.bytes.write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try DecodeAll.open( path), file.name) { error in
                let message = (error as? DecodeError)?.reason ?? ""
                XCTAssertTrue(message.contains(file.reason), "\(file.name): '\(message)' should say '\(file.reason)'")
            }
        }
        XCTAssertThrowsError(try DecodeAll.open( "\(dir)/missing.mp3")) { error in
            XCTAssertTrue("\(error)".contains("No such file"), "\(error)")
        }
    }

    /// A cut-off file plays what it has; the loss is known because the tag says how long it was.
    func testTruncatedFileDecodesWhatIsThere() throws {
        let path = "\(dir)/cut.mp3"
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: 4), rate: 44100, channels: 2,
                                    encoding: .cbr(kbps: 128), to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        let (decoder, decoded) = try DecodeAll.samples16(path)
        XCTAssertEqual(decoder.totalFrames, 4 * 44100, "the tag still tells the full length")
        XCTAssertLessThan(decoded.count / 2, decoder.totalFrames * 3 / 4)
        XCTAssertGreaterThan(decoded.count / 2, decoder.totalFrames / 4)
    }
}
