import CrateFormats
import Foundation
import TestSupport
import XCTest

/// ALAC in MP4 as ffmpeg writes it: the container facts (depth from the ALAC config,
/// exact length from the sample durations) and, once the ALAC codec is there, a
/// bit-exact decode with the gapless length and sample-exact seeks.
final class MP4ALACTests: XCTestCase {
    var dir = ""
    let frames = 44100 + 1234  // not a whole number of 4096-frame ALAC packets

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("mp4alac") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private func encode(bits: Int) throws -> (path: String, original: [Int16]) {
        let original = MP4Fixtures.sweep(frames: frames)
        let path = dir + "/alac\(bits).m4a"
        try MP4Fixtures.encode(original, to: path, options: ["-c:a", "alac"] + (bits == 24 ? ["-sample_fmt", "s32p"] : []))
        return (path, original)
    }

    func testStreamFacts() throws {
        for bits in [16, 24] {
            let (path, _) = try encode(bits: bits)
            let stream = try FormatRegistry.readMetadata(path: path).stream
            XCTAssertEqual(stream.codec, "ALAC")
            XCTAssertEqual(stream.bitsPerSample, bits)
            XCTAssertEqual(stream.sampleRate, 44100)
            XCTAssertEqual(stream.channels, 2)
            XCTAssertEqual(stream.durationFrames, frames, "\(bits)-bit")
            XCTAssertTrue(stream.exact)
            XCTAssertTrue(stream.lossless)
            XCTAssertNotNil(stream.bitrate)
        }
    }

    func testDecodeIsBitExact() throws {
        for bits in [16, 24] {
            let (path, original) = try encode(bits: bits)
            let decoder = try DecodeAll.open(path)
            XCTAssertEqual(decoder.codec, "ALAC")
            XCTAssertEqual(decoder.format, PCMFormat(sampleRate: 44100, channels: 2, bitsPerSample: bits))
            XCTAssertEqual(decoder.totalFrames, frames)
            let samples = try MP4Fixtures.decode(decoder, chunk: 3000)
            // The 16-bit source sits in the top bits either way (24-bit: s32p of 16-bit input).
            XCTAssertEqual(samples.count, frames * 2)
            XCTAssertEqual(samples.map { Int16(truncatingIfNeeded: $0 >> 16) }, original, "\(bits)-bit")
            XCTAssertTrue(samples.allSatisfy { $0 & 0xFFFF == 0 }, "nothing below the source's bits")
            let target = 12345
            XCTAssertEqual(try MP4Fixtures.decode(decoder, from: target), Array(samples[(target * 2)...]), "seek")
        }
    }
}
