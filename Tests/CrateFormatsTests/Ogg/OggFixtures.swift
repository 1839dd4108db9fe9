@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Ogg test files made on the spot from a sweep by Debian's own encoders (`oggenc`,
/// `opusenc`, `vorbiscomment`), and the reference decodes (`oggdec`, `opusdec`).
enum OggFixtures {
    /// A sweep of exactly `frames` frames, interleaved S16. `noise` (a fraction of full
    /// scale) adds repeatable white noise: a pure sweep compresses to almost nothing, too
    /// little to make a stream wait.
    static func sweep(rate: Int, channels: Int, frames: Int, noise: Double = 0) -> [Int16] {
        let seconds = Double(frames + 10) / Double(rate)
        var samples = Array(AudioFixtures.sweep(rate: rate, seconds: seconds, channels: channels, to: Double(rate) / 5)
            .prefix(frames * channels))
        guard noise > 0 else { return samples }
        var state: UInt32 = 12345
        for i in samples.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            let n = (Double(state >> 8) / Double(1 << 24) - 0.5) * 2 * noise * 32767
            samples[i] = Int16(max(-32768, min(32767, Double(samples[i]) + n)))
        }
        return samples
    }

    /// Encodes a sweep with `oggenc` (tag options before the files); returns what went in.
    @discardableResult
    static func vorbis(_ path: String, rate: Int = 44100, channels: Int = 2, frames: Int = 44100 + 577,
                       noise: Double = 0, options: [String] = []) throws -> [Int16] {
        let samples = sweep(rate: rate, channels: channels, frames: frames, noise: noise)
        let raw = path + ".in.raw"
        try AudioFixtures.writeRaw(samples, to: raw)
        defer { try? FileManager.default.removeItem(atPath: raw) }  // cleanup only
        try AudioFixtures.run("/usr/bin/oggenc", ["-Q", "--raw", "--raw-bits=16", "--raw-chan=\(channels)",
                                                  "--raw-rate=\(rate)"] + options + ["-o", path, raw])
        return samples
    }

    /// Encodes a sweep with `opusenc` at 48 kHz (tag options before the files).
    @discardableResult
    static func opus(_ path: String, channels: Int = 2, frames: Int = 48000 + 577,
                     noise: Double = 0, options: [String] = []) throws -> [Int16] {
        let samples = sweep(rate: 48000, channels: channels, frames: frames, noise: noise)
        let raw = path + ".in.raw"
        try AudioFixtures.writeRaw(samples, to: raw)
        defer { try? FileManager.default.removeItem(atPath: raw) }  // cleanup only
        try AudioFixtures.run("/usr/bin/opusenc", ["--quiet", "--raw", "--raw-bits", "16", "--raw-rate", "48000",
                                                   "--raw-chan", "\(channels)"] + options + [raw, path])
        return samples
    }

    /// `oggdec --raw`: signed 16-bit little-endian, the file's own channels.
    static func oggdec(_ path: String) throws -> [Int16] {
        let out = path + ".ref.raw"
        try AudioFixtures.run("/usr/bin/oggdec", ["-Q", "--raw", "-b", "16", "-e", "0", "-s", "1", "-o", out, path])
        defer { try? FileManager.default.removeItem(atPath: out) }  // cleanup only
        return try AudioFixtures.readRaw(out)
    }

    /// `opusdec --no-dither --rate 48000` to raw S16 (any output name but .wav is raw).
    static func opusdec(_ path: String) throws -> [Int16] {
        let out = path + ".ref.raw"
        try AudioFixtures.run("/usr/bin/opusdec", ["--quiet", "--no-dither", "--rate", "48000", path, out])
        defer { try? FileManager.default.removeItem(atPath: out) }  // cleanup only
        return try AudioFixtures.readRaw(out)
    }

    /// Replaces a Vorbis file's comments with `lines` ("NAME=value") through `vorbiscomment`,
    /// which takes them from a file: values too long for a command line fit.
    static func writeComments(_ lines: [String], to path: String) throws {
        let list = path + ".comments"
        try lines.joined(separator: "\n").appending("\n").write(toFile: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: list) }  // cleanup only
        try AudioFixtures.run("/usr/bin/vorbiscomment", ["-w", "-R", "-c", list, path])
    }

    /// A FLAC PICTURE block holding `image`, base64: a METADATA_BLOCK_PICTURE value.
    static func pictureComment(_ image: [UInt8], type: Int = 3, mime: String = "image/jpeg") -> String {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let description = Array("cover".utf8)
        let block = be32(type) + be32(mime.utf8.count) + Array(mime.utf8) + be32(description.count) + description
            + be32(600) + be32(600) + be32(24) + be32(0) + be32(image.count) + image
        return Data(block).base64EncodedString()
    }



}

/// The largest difference between two sample arrays of the same length, and the index
/// where it is (nil when the lengths differ).
func maxDifference(_ a: [Int16], _ b: [Int16]) -> (value: Int, at: Int)? {
    guard a.count == b.count else { return nil }
    var worst = (value: 0, at: 0)
    for i in a.indices {
        let d = abs(Int(a[i]) - Int(b[i]))
        if d > worst.value { worst = (d, i) }
    }
    return worst
}

/// The lag (within ±`range` frames) at which `decoded` best matches `original` (both
/// stereo interleaved): 0 when the decoder neither adds nor drops a sample at the start.
func bestLag(_ decoded: [Int16], _ original: [Int16], range: Int = 4) -> Int {
    let frames = min(decoded.count, original.count) / 2
    var best = (lag: 0, error: Double.infinity)
    for lag in -range...range {
        var error = 0.0
        for i in range..<frames - range {
            let d = Double(decoded[2 * (i + lag)]) - Double(original[2 * i])
            error += d * d
        }
        if error < best.error { best = (lag, error) }
    }
    return best.lag
}

/// A stream as the player gets one over HTTP, from bytes in memory: `readyBytes` grows
/// by `step` every time a reader finds too little, the size is unknown (or known) until
/// everything has arrived.
final class TricklingSource: ByteSource {
    let bytes: [UInt8]
    let step: Int
    let knowsSize: Bool
    private(set) var arrived: Int
    private(set) var waits = 0

    init(_ bytes: [UInt8], step: Int = 16 * 1024, knowsSize: Bool = false) {
        self.bytes = bytes
        self.step = step
        self.knowsSize = knowsSize
        arrived = min(bytes.count, step)
    }

    var finished: Bool { arrived == bytes.count }
    var size: Int? { finished || knowsSize ? bytes.count : nil }

    func readyBytes(from offset: Int) -> Int {
        if finished { return Int.max }
        return max(0, arrived - offset)
    }

    /// What a network delivers while the decoder says it is waiting.
    func deliverMore() {
        waits += 1
        arrived = min(bytes.count, arrived + step)
    }

    /// Like a stream: a read past what has arrived blocks until it comes (here: at once).
    func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Int {
        while offset >= arrived && !finished { arrived = min(bytes.count, arrived + step) }
        let n = max(0, min(count, arrived - offset))
        if n > 0 { bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: n) } }
        return n
    }
}
