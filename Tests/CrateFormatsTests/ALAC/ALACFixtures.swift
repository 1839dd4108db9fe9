@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// ALAC test material: generated PCM encoded by ffmpeg's ALAC encoder, and the decode of
/// every packet through ALACCodec.
enum ALACFixtures {
    /// Deterministic PCM, interleaved, right-justified `bits`-bit values: a sweep on the
    /// left and a tone on the right (so the stereo mix has work), both with a little noise
    /// to fill the low bits, and a stretch of digital silence (the Rice coder's zero runs).
    static func music(frames: Int, channels: Int, bits: Int, rate: Int) -> [Int32] {
        let full = Double(Int64(1) << (bits - 1) - 1)
        var random = SeededRandom(seed: 7)
        var samples = [Int32](repeating: 0, count: frames * channels)
        let silence = (frames / 3)..<(frames / 3 + rate / 5)
        for i in 0..<frames where !silence.contains(i) {
            let t = Double(i) / Double(rate)
            let sweep = sin(2 * Double.pi * (60 * t + 2000 * t * t))
            let tone = sin(2 * Double.pi * 440 * t)
            let values = [0.5 * sweep + 0.004 * random.unit(), 0.3 * tone + 0.25 * sweep + 0.004 * random.unit()]
            for c in 0..<channels { samples[i * channels + c] = Int32((values[c] * full).rounded()) }
        }
        return samples
    }

    /// Full-scale white noise: what ALAC cannot compress, so the encoder escapes to PCM.
    static func noise(frames: Int, channels: Int, bits: Int) -> [Int32] {
        var random = SeededRandom(seed: 99)
        let full = Double(Int64(1) << (bits - 1) - 1)
        return (0..<frames * channels).map { _ in Int32((random.unit() * full).rounded()) }
    }

    /// Writes the samples as raw little-endian PCM and encodes them with ffmpeg; 24-bit
    /// goes through s32p, which ffmpeg's encoder writes as 24-bit ALAC.
    static func encode(_ samples: [Int32], rate: Int, channels: Int, bits: Int, to path: String,
                       options: [String] = []) throws {
        let raw = path + ".raw"
        var bytes = [UInt8]()
        bytes.reserveCapacity(samples.count * bits / 8)
        for s in samples {
            for b in 0..<(bits / 8) { bytes.append(UInt8(truncatingIfNeeded: s >> (8 * b))) }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        let input = bits == 16 ? ["-f", "s16le"] : ["-f", "s24le"]
        let output = bits == 16 ? [] : ["-sample_fmt", "s32p"]
        try AudioFixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-y"] + input
            + ["-ar", String(rate), "-ac", String(channels), "-i", raw, "-c:a", "alac"] + output + options + [path])
    }

    /// What the engine should receive: stereo, left-justified, mono duplicated.
    static func expectedOutput(_ samples: [Int32], channels: Int, bits: Int) -> [Int32] {
        let shift = Int32(32 - bits)
        if channels == 2 { return samples.map { $0 << shift } }
        return samples.flatMap { [$0 << shift, $0 << shift] }
    }

    /// Every packet of the file decoded in order.
    static func decodeAll(_ file: MP4PacketWalker, path: String) throws -> (codec: ALACCodec, output: [Int32]) {
        let codec = try ALACCodec(config: file.config, path: path)
        var buffer = [Int32](repeating: 0, count: 2 * codec.maxFramesPerPacket)
        var output: [Int32] = []
        for packet in file.packets {
            let frames = try decode(codec, packet, into: &buffer)
            output += buffer[0..<2 * frames]
        }
        return (codec, output)
    }

    static func decode(_ codec: ALACCodec, _ packet: [UInt8], into buffer: inout [Int32]) throws(DecodeError) -> Int {
        // The closures of withUnsafeBytes rethrow untyped errors: carry the typed one out.
        let result = packet.withUnsafeBytes { bytes in
            buffer.withUnsafeMutableBufferPointer { out in
                Result { () throws(DecodeError) -> Int in try codec.decode(bytes, into: out.baseAddress!) }
            }
        }
        return try result.get()
    }

    /// Fails at the first differing sample, naming it (a whole-array diff would flood the log).
    static func assertBitExact(_ decoded: [Int32], _ expected: [Int32], _ label: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(decoded.count, expected.count, "\(label): sample count", file: file, line: line)
        if let i = (0..<min(decoded.count, expected.count)).first(where: { decoded[$0] != expected[$0] }) {
            XCTFail("\(label): sample \(i) (frame \(i / 2)) is \(decoded[i]), expected \(expected[i])", file: file, line: line)
        }
    }

    /// Header flags of a packet's first element (tag, instance tag, 12 reserved bits, then these).
    static func isEscape(_ packet: [UInt8]) -> Bool { packet[2] & 0x02 != 0 }
    static func isPartial(_ packet: [UInt8]) -> Bool { packet[2] & 0x10 != 0 }
    static func bytesShifted(_ packet: [UInt8]) -> Int { Int(packet[2] >> 2) & 3 }
}

/// A small deterministic generator (xorshift), so a failing damage trial repeats.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    /// A value in [-1, 1).
    mutating func unit() -> Double { Double(Int64(bitPattern: next()) >> 11) / Double(1 << 52) }
}
