@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// The player's FLAC decode is `flac -d`'s, sample for sample, at every depth and rate,
/// and as long as STREAMINFO says; seeks land on the exact sample.
final class FLACDecoderTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("flacdec") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    func testEveryDepthRateAndLayoutDecodesBitExact() throws {
        let cases: [(rate: Int, channels: Int, bits: Int)] = [
            (44100, 2, 16), (96000, 2, 24), (48000, 1, 16), (192_000, 2, 24), (88200, 1, 24), (22050, 2, 8), (48000, 2, 32),
        ]
        for c in cases {
            let label = "\(c.rate) Hz \(c.bits)-bit \(c.channels) ch"
            let path = "\(dir)/\(c.rate)-\(c.bits)-\(c.channels).flac"
            let framesIn = try FLACFixtures.encode(path, rate: c.rate, seconds: c.rate > 96000 ? 0.6 : 1.1,
                                                   channels: c.channels, bits: c.bits)
            let reference = try FLACFixtures.reference(path, channels: c.channels, bits: c.bits)
            let (decoder, decoded) = try DecodeAll.samples32(path)
            XCTAssertEqual(decoder.format, PCMFormat(sampleRate: c.rate, channels: c.channels, bitsPerSample: c.bits), label)
            XCTAssertEqual(decoder.codec, "FLAC")
            XCTAssertTrue(decoder.lengthIsExact, label)
            XCTAssertEqual(decoder.totalFrames, framesIn, "length before decoding, \(label)")
            XCTAssertEqual(reference.count, framesIn * 2, "the reference decode, \(label)")
            XCTAssertSamplesEqual(decoded, reference, label)

            let stream = try FormatRegistry.readMetadata(path: path).stream
            XCTAssertEqual(stream.durationFrames, framesIn, "the library's length, \(label)")
            XCTAssertTrue(stream.exact, label)
            XCTAssertEqual([stream.sampleRate, stream.channels, stream.bitsPerSample], [c.rate, c.channels, c.bits], label)
            if c.bits > 16 {
                // The fixture really has signal below the top 16 bits, so the equality above
                // would have caught a decode that dropped them.
                XCTAssertTrue(decoded.contains { $0 & 0xFFFF != 0 }, "low bits carry signal, \(label)")
            }
        }
    }

    func testSeekLandsOnTheExactSample() throws {
        for (rate, bits) in [(44100, 16), (96000, 24)] {
            let path = "\(dir)/seek-\(bits).flac"
            try FLACFixtures.encode(path, rate: rate, seconds: 2, bits: bits)
            let (_, whole) = try DecodeAll.samples32(path)
            let decoder = try DecodeAll.open(path)
            let target = rate + 12345  // not on a 4096-frame block boundary
            try decoder.seek(toFrame: target)
            XCTAssertSamplesEqual(try FLACFixtures.readAll(decoder, chunk: 1000), Array(whole[(target * 2)...]),
                                  "from frame \(target) to the end, \(bits)-bit")
            // Back again, after the end was reached.
            try decoder.seek(toFrame: 777)
            var chunk = [Int32](repeating: 0, count: 5000 * 2)
            let frames = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 5000) }
            XCTAssertEqual(frames, 5000)
            XCTAssertSamplesEqual(chunk, Array(whole[(777 * 2)..<(5777 * 2)]), "from frame 777, \(bits)-bit")
            try decoder.seek(toFrame: decoder.totalFrames)
            XCTAssertEqual(try FLACFixtures.readAll(decoder).count, 0, "a seek to the end leaves nothing to play")
        }
    }

    /// A file whose STREAMINFO does not give the length (as when `flac` reads a pipe
    /// into an unseekable output) still plays every sample; its length is an estimate.
    func testUnknownLengthStillPlaysEverySample() throws {
        let path = "\(dir)/nolength.flac"
        let framesIn = try FLACFixtures.encode(path, seconds: 2)
        let reference = try FLACFixtures.reference(path, channels: 2, bits: 16)
        var bytes = try FormatFixtures.bytes(path)
        // STREAMINFO's 36-bit total-samples field: the low nibble of byte 21, bytes 22–25.
        bytes[21] &= 0xF0
        for i in 22...25 { bytes[i] = 0 }
        try FormatFixtures.write(bytes, to: path)

        let (decoder, decoded) = try DecodeAll.samples32(path)
        XCTAssertFalse(decoder.lengthIsExact)
        XCTAssertSamplesEqual(decoded, reference, "every sample of a file without a length")
        let stream = try FormatRegistry.readMetadata(path: path).stream
        XCTAssertFalse(stream.exact)
        XCTAssertEqual(stream.durationFrames, decoder.totalFrames, "the library and the player guess alike")
        XCTAssertGreaterThan(decoder.totalFrames, framesIn / 10, "a guess, but not nothing")

        let seeking = try DecodeAll.open(path)
        try seeking.seek(toFrame: 50000)
        XCTAssertSamplesEqual(try FLACFixtures.readAll(seeking), Array(reference[(50000 * 2)...]), "seek without a length")
    }

    /// Cut in half: the first half plays, then the track ends; STREAMINFO still tells the
    /// full length, so the engine knows it was cut short.
    func testTruncatedFilePlaysWhatItHolds() throws {
        let path = "\(dir)/cut.flac"
        let framesIn = try FLACFixtures.encode(path, seconds: 2)
        let reference = try FLACFixtures.reference(path, channels: 2, bits: 16)
        let bytes = try FormatFixtures.bytes(path)
        try FormatFixtures.write(Array(bytes.prefix(bytes.count / 2)), to: path)

        let (decoder, decoded) = try DecodeAll.samples32(path)
        XCTAssertEqual(decoder.totalFrames, framesIn)
        XCTAssertTrue(decoder.lengthIsExact)
        XCTAssertGreaterThan(decoded.count / 2, framesIn / 3)
        XCTAssertLessThan(decoded.count / 2, framesIn * 2 / 3)
        XCTAssertSamplesEqual(decoded, Array(reference.prefix(decoded.count)), "what the file holds, as it was")
        XCTAssertEqual(try FormatRegistry.readMetadata(path: path).stream.durationFrames, framesIn)
    }

    /// Bytes damaged in the middle: libFLAC's CRC check keeps the damage from being
    /// played (silence or a skip, never noise), the rest plays as it was, and the decoder
    /// says what it met.
    func testCorruptFrameIsNotPlayedAsNoise() throws {
        let path = "\(dir)/corrupt.flac"
        try FLACFixtures.encode(path, seconds: 2)
        let reference = try FLACFixtures.reference(path, channels: 2, bits: 16)
        var bytes = try FormatFixtures.bytes(path)
        let middle = bytes.count / 2
        for i in middle..<middle + 40 { bytes[i] ^= 0x5A }
        try FormatFixtures.write(bytes, to: path)

        let decoder = try DecodeAll.open(path)
        let decoded = try FLACFixtures.readAll(decoder)
        XCTAssertFalse((decoder as? FLACDecoder)?.problems.isEmpty ?? true, "the damage is recorded")
        XCTAssertGreaterThan(decoded.count, reference.count / 2, "decoding went on after the damage")
        // Every frame played is either the original, at the same place, or silence: a
        // skipped frame shifts what follows, so compare from both ends.
        let head = decoded.indices.first { decoded[$0] != reference[$0] } ?? decoded.count
        let tail = zip(decoded.reversed(), reference.reversed()).prefix { $0 == $1 }.count
        let damaged = decoded[head..<max(head, decoded.count - tail)]
        XCTAssertTrue(damaged.allSatisfy { $0 == 0 }, "the damaged stretch is silent, not noise")
        XCTAssertLessThan(damaged.count, 3 * 4608 * 2, "only the damaged frames are lost")
        XCTAssertGreaterThan(head, reference.count / 3, "the start plays as it was")
    }

    /// A stream that has not delivered enough yet: the decoder says it is waiting
    /// rather than ending the track, then plays on when the bytes arrive.
    func testStreamWaitsForBytesStillArriving() throws {
        let path = "\(dir)/stream.flac"
        try FLACFixtures.encode(path, rate: 96000, seconds: 6, bits: 24)
        let reference = try FLACFixtures.reference(path, channels: 2, bits: 24)
        let bytes = try FormatFixtures.bytes(path)
        XCTAssertGreaterThan(bytes.count, 3 * FLACDecoder.streamLead, "the fixture is longer than the stream lead")
        let source = ArrivingBytes(bytes, arrived: bytes.count / 3)
        let decoder = try FormatRegistry.makeDecoder(source: source, path: path)
        var decoded = try FLACFixtures.readAll(decoder)
        XCTAssertTrue(decoder.waiting, "0 frames because the stream is behind, not the end")
        XCTAssertGreaterThan(decoded.count, 0, "what had arrived was played")
        XCTAssertFalse(source.readPastArrival, "never asked for bytes that had not arrived")
        source.arrived = source.bytes.count
        decoded += try FLACFixtures.readAll(decoder)
        XCTAssertFalse(decoder.waiting)
        XCTAssertSamplesEqual(decoded, reference, "the whole stream")
    }
}

/// A network stream in a test: `arrived` bytes are there, the rest not yet.
final class ArrivingBytes: ByteSource {
    let bytes: [UInt8]
    var arrived: Int
    private(set) var readPastArrival = false

    init(_ bytes: [UInt8], arrived: Int) {
        self.bytes = bytes
        self.arrived = arrived
    }

    var size: Int? { bytes.count }

    func readyBytes(from offset: Int) -> Int { arrived >= bytes.count ? Int.max : max(0, arrived - offset) }

    func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Int {
        // A real stream gives what has arrived and blocks only when nothing has; a test
        // cannot block, so it notes the call and answers anyway.
        if offset >= arrived, arrived < bytes.count { readPastArrival = true }
        let end = offset >= arrived ? bytes.count : min(arrived, bytes.count)
        let n = max(0, min(count, end - offset))
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
        return n
    }
}
