@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Ogg Vorbis through the decoder the player uses, against `oggenc`'s input and
/// `oggdec`'s output.
final class VorbisDecoderTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("vorbis") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// Gapless: exactly the frames that went into the encoder come out, known before
    /// decoding, the same as the metadata says; and the samples are oggdec's, bit for bit
    /// (both call ov_read for signed 16-bit little-endian).
    func testExactLengthAndSamplesEqualOggdec() throws {
        let cases: [(rate: Int, channels: Int, frames: Int)] = [
            (44100, 2, 44100 + 577), (48000, 2, 2 * 48000 + 17), (44100, 1, 30000 + 3), (48000, 1, 48000 + 1001),
        ]
        for c in cases {
            let label = "\(c.rate) Hz, \(c.channels) ch, \(c.frames) frames"
            let path = "\(dir)/\(c.rate)-\(c.channels).ogg"
            try OggFixtures.vorbis(path, rate: c.rate, channels: c.channels, frames: c.frames)
            let metadata = try FormatRegistry.readMetadata(path: path)
            XCTAssertEqual(metadata.stream.durationFrames, c.frames, "metadata length, \(label)")
            XCTAssertTrue(metadata.stream.exact, label)
            XCTAssertEqual(metadata.stream.sampleRate, c.rate, label)
            XCTAssertEqual(metadata.stream.channels, c.channels, label)
            XCTAssertEqual(metadata.stream.codec, "Vorbis", label)

            let (decoder, decoded) = try DecodeAll.samples16(path)
            XCTAssertEqual(decoder.codec, "Vorbis", label)
            XCTAssertEqual(decoder.format, PCMFormat(sampleRate: c.rate, channels: c.channels, bitsPerSample: 16), label)
            XCTAssertTrue(decoder.lengthIsExact, label)
            XCTAssertEqual(decoder.totalFrames, c.frames, "length before decoding, \(label)")
            XCTAssertEqual(decoded.count, c.frames * 2, "frames decoded, \(label)")

            let reference = try OggFixtures.oggdec(path)
            let expected = c.channels == 1 ? monoToStereo(reference) : reference
            XCTAssertEqual(maxDifference(decoded, expected)?.value, 0, "oggdec's samples, \(label)")
            let original = c.channels == 1 ? monoToStereo(OggFixtures.sweep(rate: c.rate, channels: 1, frames: c.frames))
                : OggFixtures.sweep(rate: c.rate, channels: 2, frames: c.frames)
            XCTAssertGreaterThan(snr(decoded[...], original[...]), 12, "codec fidelity, \(label)")
            XCTAssertEqual(bestLag(decoded, original), 0, "no samples added or dropped at the start, \(label)")
        }
    }

    func testSeekIsSampleExact() throws {
        let path = "\(dir)/seek.ogg"
        try OggFixtures.vorbis(path, frames: 2 * 44100 + 333)
        let (_, whole) = try DecodeAll.samples32(path)
        for target in [0, 1, 4097, 44100 + 12345, 2 * 44100 + 300] {
            let decoder = try DecodeAll.open(path)
            try decoder.seek(toFrame: target)
            var chunk = [Int32](repeating: 0, count: 2048 * 2)
            let frames = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 2048) }
            XCTAssertEqual(frames, min(2048, 2 * 44100 + 333 - target), "frames after seeking to \(target)")
            XCTAssertEqual(Array(chunk[0..<frames * 2]), Array(whole[target * 2..<(target + frames) * 2]), "seek to \(target)")
        }
        // A seek backwards on the same decoder, then to the very end.
        let decoder = try DecodeAll.open(path)
        try decoder.seek(toFrame: 80000)
        try decoder.seek(toFrame: 100)
        var chunk = [Int32](repeating: 0, count: 64 * 2)
        _ = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 64) }
        XCTAssertEqual(chunk, Array(whole[200..<328]))
        try decoder.seek(toFrame: decoder.totalFrames)
        XCTAssertEqual(try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 64) }, 0)
    }

    /// A stream still arriving: the decoder waits instead of blocking, never peeks at the
    /// end, and plays the same samples; a seek forward is exact, a seek back refused.
    func testStreamStillArrivingPlaysTheSameSamples() throws {
        let path = "\(dir)/stream.ogg"
        try OggFixtures.vorbis(path, frames: 3 * 44100 + 99, noise: 0.05, options: ["-q", "8"])
        try OggStreamDecode.checkStreamPlaysLikeTheFile(OggVorbisFormat(), path: path)
    }
}

/// Decodes a stream to its end the way the engine does: a read of 0 while `waiting`
/// means "try again later" (the test delivers more bytes in between).
enum OggStreamDecode {
    /// A stream still arriving, with and without its size known: the decoder waits
    /// instead of blocking, never peeks at the end, and plays the same samples as from
    /// the file; a forward seek is exact, a seek back refused.
    static func checkStreamPlaysLikeTheFile(_ format: any AudioFormat, path: String,
                                            file: StaticString = #filePath, line: UInt = #line) throws {
        let (_, whole) = try DecodeAll.samples32(path)
        let bytes = try FormatFixtures.bytes(path)
        for knowsSize in [false, true] {
            let source = TricklingSource(bytes, knowsSize: knowsSize)
            let decoder = try format.makeDecoder(source: source, path: path)
            XCTAssertFalse(decoder.lengthIsExact, file: file, line: line)
            if knowsSize {
                XCTAssertEqual(Double(decoder.totalFrames), Double(whole.count / 2), accuracy: Double(whole.count / 2) * 0.25,
                               "an estimate from the pages that have arrived", file: file, line: line)
            }
            let samples = try all(decoder, source)
            XCTAssertGreaterThan(source.waits, 2, "reported waiting rather than blocking", file: file, line: line)
            XCTAssertEqual(samples.count, whole.count, "knowsSize \(knowsSize)", file: file, line: line)
            XCTAssertTrue(samples == whole, "the same samples as from the file, knowsSize \(knowsSize)", file: file, line: line)
        }
        let source = TricklingSource(bytes)
        let decoder = try format.makeDecoder(source: source, path: path)
        try decoder.seek(toFrame: 50000)
        XCTAssertTrue(try all(decoder, source) == Array(whole[100000...]), "a forward seek in a stream is sample-exact",
                      file: file, line: line)
        XCTAssertThrowsError(try decoder.seek(toFrame: 10), file: file, line: line) { error in
            XCTAssertEqual((error as? DecodeError)?.reason, "cannot seek back in a stream that is still arriving")
        }
    }

    static func all(_ decoder: any TrackDecoder, _ source: TricklingSource) throws -> [Int32] {
        var samples: [Int32] = []
        var chunk = [Int32](repeating: 0, count: 4096 * 2)
        while true {
            let frames = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 4096) }
            if frames == 0 {
                guard decoder.waiting else { break }
                source.deliverMore()
                continue
            }
            samples += chunk[0..<frames * 2]
        }
        return samples
    }
}
