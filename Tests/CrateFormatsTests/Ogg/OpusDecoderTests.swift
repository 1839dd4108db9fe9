@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Opus through the decoder the player uses, against `opusenc`'s input and
/// `opusdec --no-dither`'s output.
final class OpusDecoderTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("opus") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// Gapless: pre-skip and end trimming give back exactly the frames that went in, known
    /// before decoding and equal to the metadata's length. The samples are opusdec's:
    /// both round libopus's float output (dither off); the tolerance of 2 LSB is for a
    /// lossy decoder's rounding, an offset of one sample would show far beyond it.
    func testExactLengthAndSamplesEqualOpusdec() throws {
        let cases: [(channels: Int, frames: Int)] = [(2, 48000 + 577), (1, 48000 + 1001), (2, 2 * 48000 + 17), (1, 12345)]
        for c in cases {
            let label = "\(c.channels) ch, \(c.frames) frames"
            let path = "\(dir)/\(c.channels)-\(c.frames).opus"
            let original = try OggFixtures.opus(path, channels: c.channels, frames: c.frames)
            let metadata = try FormatRegistry.readMetadata(path: path)
            XCTAssertEqual(metadata.stream.durationFrames, c.frames, "metadata length, \(label)")
            XCTAssertTrue(metadata.stream.exact, label)
            XCTAssertEqual(metadata.stream.sampleRate, 48000, label)
            XCTAssertEqual(metadata.stream.channels, c.channels, label)
            XCTAssertEqual(metadata.stream.codec, "Opus", label)

            let (decoder, decoded) = try DecodeAll.samples16(path)
            XCTAssertEqual(decoder.codec, "Opus", label)
            XCTAssertEqual(decoder.format, PCMFormat(sampleRate: 48000, channels: c.channels, bitsPerSample: 16), label)
            XCTAssertTrue(decoder.lengthIsExact, label)
            XCTAssertEqual(decoder.totalFrames, c.frames, "length before decoding, \(label)")
            XCTAssertEqual(decoded.count, c.frames * 2, "frames decoded, \(label)")

            let reference = try OggFixtures.opusdec(path)
            let expected = c.channels == 1 ? monoToStereo(reference) : reference
            let difference = try XCTUnwrap(maxDifference(decoded, expected), "opusdec's length, \(label)")
            XCTAssertLessThanOrEqual(difference.value, 2, "opusdec's samples, \(label), worst at \(difference.at)")
            let stereo = c.channels == 1 ? monoToStereo(original) : original
            XCTAssertGreaterThan(snr(decoded[...], stereo[...]), 12, "codec fidelity, \(label)")
            XCTAssertEqual(bestLag(decoded, stereo), 0, "no samples added or dropped at the start, \(label)")
        }
    }

    /// A seek lands on the exact frame. Opus's decoder state after a seek is not the one a
    /// continuous decode has (libopusfile pre-rolls 80 ms, which converges it), so the
    /// samples match closely, not bit for bit; a frame of offset would show as a lag.
    func testSeekIsSampleExact() throws {
        let path = "\(dir)/seek.opus"
        let frames = 2 * 48000 + 333
        try OggFixtures.opus(path, frames: frames)
        let (_, whole) = try DecodeAll.samples16(path)
        func check(_ decoder: any TrackDecoder, at target: Int, _ label: String) throws {
            var chunk = [Int32](repeating: 0, count: 2048 * 2)
            let got = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 2048) }
            XCTAssertEqual(got, min(2048, frames - target), "frames after \(label)")
            let after = chunk[0..<got * 2].map { Int16(truncatingIfNeeded: $0 >> 16) }
            let expected = Array(whole[target * 2..<(target + got) * 2])
            XCTAssertEqual(bestLag(after, expected), 0, label)
            XCTAssertGreaterThan(snr(after[...], expected[...]), 20, label)
        }
        for target in [0, 1, 959, 48000 + 12345, frames - 1000] {
            let decoder = try DecodeAll.open(path)
            try decoder.seek(toFrame: target)
            try check(decoder, at: target, "seek to \(target)")
        }
        let decoder = try DecodeAll.open(path)
        try decoder.seek(toFrame: 90000)
        try decoder.seek(toFrame: 20000)
        try check(decoder, at: 20000, "a seek backwards")
        try decoder.seek(toFrame: decoder.totalFrames)
        var chunk = [Int32](repeating: 0, count: 64 * 2)
        XCTAssertEqual(try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 64) }, 0)
    }

    func testStreamStillArrivingPlaysTheSameSamples() throws {
        let path = "\(dir)/stream.opus"
        try OggFixtures.opus(path, frames: 3 * 48000 + 99, noise: 0.05, options: ["--bitrate", "256"])
        try OggStreamDecode.checkStreamPlaysLikeTheFile(OpusFormat(), path: path)
    }
}
