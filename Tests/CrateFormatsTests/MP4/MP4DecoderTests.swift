import CrateFormats
import Foundation
import TestSupport
import XCTest

/// AAC in MP4 decoded by faad2 lines up with ffmpeg's decode sample for sample, with
/// exactly the original length, and seeks land on the exact frame.
final class MP4DecoderTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("mp4dec") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// A length that is not a whole number of AAC packets: the end trim must be exact.
    let frames = 88200 + 577

    func testDecodeHasTheOriginalLengthAndMatchesFFmpegAtZeroOffset() throws {
        let original = MP4Fixtures.sweep(frames: frames)
        let path = dir + "/sweep.m4a"
        try MP4Fixtures.encode(original, to: path)
        let metadata = try FormatRegistry.readMetadata(path: path)
        let decoder = try DecodeAll.open(path)
        XCTAssertEqual(decoder.totalFrames, frames, "length known before decoding")
        XCTAssertTrue(decoder.lengthIsExact)
        XCTAssertEqual(decoder.codec, "AAC")
        XCTAssertEqual(decoder.format, PCMFormat(sampleRate: 44100, channels: 2, bitsPerSample: 16))
        XCTAssertEqual(metadata.stream.durationFrames, frames)
        XCTAssertEqual(metadata.stream.codec, "AAC")
        XCTAssertTrue(metadata.stream.exact)
        XCTAssertFalse(metadata.stream.lossless)

        let decoded = try MP4Fixtures.decode(decoder, chunk: 777).map { Int16(truncatingIfNeeded: $0 >> 16) }
        XCTAssertEqual(decoded.count, frames * 2, "frames decoded")
        let reference = try MP4Fixtures.reference(path)
        XCTAssertGreaterThanOrEqual(reference.count, frames * 2)
        let common = min(decoded.count, frames * 2)
        XCTAssertEqual(Compare.bestLag(decoded, reference), 0, "no offset against ffmpeg's decode")
        XCTAssertEqual(Compare.bestLag(decoded, original), 0, "no offset against the original")
        XCTAssertGreaterThanOrEqual(snr(decoded[..<common], reference[..<common]), 60, "faad2 and ffmpeg agree")
        XCTAssertLessThanOrEqual(Compare.maxAbsDiff(decoded[..<common], reference[..<common]), 32)
        XCTAssertGreaterThan(snr(decoded[..<common], original[..<common]), 15, "the signal survives the codec")
        // The last frames are the original's last frames, not encoder padding.
        let tail = frames * 2 - 200
        XCTAssertGreaterThan(snr(decoded[tail...], original[tail...]), 10, "the end is trimmed where the signal ends")
    }

    /// Seeks to frames that are not packet boundaries give exactly the frames a whole
    /// decode has there, up to the end of the track.
    func testSeekIsSampleExact() throws {
        let path = dir + "/seek.m4a"
        try MP4Fixtures.encode(MP4Fixtures.sweep(frames: frames), to: path)
        let whole = try DecodeAll.samples32(path).samples
        let decoder = try DecodeAll.open(path)
        for target in [44100 + 12345, 1, 1023, 1024, 5000, 0, frames - 300, 777] {
            let tail = try MP4Fixtures.decode(decoder, from: target, chunk: 1500)
            XCTAssertEqual(tail.count, (frames - target) * 2, "frames after seeking to \(target)")
            let expected = whole[(target * 2)...]
            let a = tail.map { Int16(truncatingIfNeeded: $0 >> 16) }, b = expected.map { Int16(truncatingIfNeeded: $0 >> 16) }
            // faad2's noise substitution draws from a generator a seek restarts: a stray
            // LSB. A frame out of place would differ by thousands on this sweep.
            XCTAssertLessThanOrEqual(Compare.maxAbsDiff(a[...], b[...]), 2, "samples after seeking to \(target)")
        }
        XCTAssertEqual(try MP4Fixtures.decode(decoder, from: frames), [], "a seek to the end leaves nothing")
        XCTAssertEqual(try MP4Fixtures.decode(decoder, from: frames + 5000), [], "past the end is the end")
    }

    /// Mono, 48 kHz, and a rate at which faad2 would upsample in case of hidden SBR:
    /// each plays at its own rate with its exact length, mono on both channels.
    func testMonoAndOtherRates() throws {
        for (rate, channels) in [(48000, 1), (22050, 2)] {
            let count = rate + 333
            let original = MP4Fixtures.sweep(frames: count, rate: rate, channels: channels)
            let path = dir + "/\(rate)-\(channels).m4a"
            try MP4Fixtures.encode(original, rate: rate, channels: channels, to: path, options: ["-c:a", "aac", "-b:a", "128k"])
            let (decoder, decoded) = try DecodeAll.samples16(path)
            let label = "\(rate) Hz \(channels) ch"
            XCTAssertEqual(decoder.format, PCMFormat(sampleRate: rate, channels: channels, bitsPerSample: 16), label)
            XCTAssertEqual(decoder.totalFrames, count, label)
            XCTAssertEqual(decoded.count, count * 2, label)
            let metadata = try FormatRegistry.readMetadata(path: path).stream
            XCTAssertEqual([metadata.sampleRate, metadata.channels, metadata.durationFrames], [rate, channels, count], label)
            let reference = try MP4Fixtures.reference(path, channels: channels)
            // Not 60 dB as above: where the encoder substitutes noise (PNS) each decoder draws its own.
            XCTAssertGreaterThanOrEqual(snr(decoded[...], reference[..<decoded.count]), 40, label)
            XCTAssertEqual(Compare.bestLag(decoded, reference, range: 1100, window: 2048), 0, label)
            if channels == 1 {
                XCTAssertTrue(stride(from: 0, to: decoded.count, by: 2).allSatisfy { decoded[$0] == decoded[$0 + 1] }, label)
            }
        }
    }

    /// A video file plays its sound track; the video track before it is passed over.
    func testVideoFilePlaysItsSoundTrack() throws {
        let original = MP4Fixtures.sweep(frames: frames)
        let path = dir + "/clip.mp4"
        try MP4Fixtures.encode(original, to: path, inputs: ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=5:duration=2"],
                               options: ["-map", "1:v", "-map", "0:a", "-c:v", "mpeg4", "-c:a", "aac", "-shortest"])
        let (decoder, decoded) = try DecodeAll.samples16(path)
        XCTAssertEqual(decoder.totalFrames, frames)
        XCTAssertEqual(decoded.count, frames * 2)
        XCTAssertEqual(Compare.bestLag(decoded, original), 0)
        XCTAssertGreaterThan(snr(decoded[...], original[...]), 15)
    }
}
