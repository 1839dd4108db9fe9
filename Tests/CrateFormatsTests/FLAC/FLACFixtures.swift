import CrateFormats
import Foundation
import TestSupport
import XCTest

/// FLAC test files made on the spot: a sweep written as raw PCM at any depth, encoded
/// by Debian's `flac`, tagged by `metaflac`, decoded for reference by `flac -d`; and
/// byte surgery for the damage no tool writes.
enum FLACFixtures {
    /// A sweep, interleaved, as little-endian signed raw bytes of `bits` bits. Channels
    /// differ (the second is quieter and inverted) so a swap or a mono mix-up shows; at
    /// 24 and 32 bits the low bits carry signal, so truncation to 16 bits would show.
    static func rawSweep(rate: Int, seconds: Double, channels: Int, bits: Int) -> [UInt8] {
        let frames = Int(Double(rate) * seconds)
        let full = Double((Int64(1) << (bits - 1)) - 1)
        let k = log(Double(rate) / 6 / 60) / Double(frames)
        var out: [UInt8] = []
        out.reserveCapacity(frames * channels * bits / 8)
        for i in 0..<frames {
            let phase = 2 * Double.pi * 60 / Double(rate) * (exp(k * Double(i)) - 1) / k
            for c in 0..<channels {
                let amplitude = c == 0 ? 0.7 : -0.4 / Double(c)
                let value = Int64((sin(phase) * amplitude * full).rounded())
                for byte in 0..<bits / 8 { out.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
            }
        }
        return out
    }

    /// Encodes a sweep with `flac` and returns the number of frames that went in.
    @discardableResult
    static func encode(_ path: String, rate: Int = 44100, seconds: Double = 1.3, channels: Int = 2, bits: Int = 16,
                       options: [String] = []) throws -> Int {
        let raw = path + ".in.raw"
        try FormatFixtures.write(rawSweep(rate: rate, seconds: seconds, channels: channels, bits: bits), to: raw)
        defer { try? FileManager.default.removeItem(atPath: raw) }  // cleanup only: a leftover is harmless
        try AudioFixtures.run("/usr/bin/flac", ["-s", "-f", "--force-raw-format", "--endian=little", "--sign=signed",
                                                "--channels=\(channels)", "--bps=\(bits)", "--sample-rate=\(rate)"]
                                               + options + ["-o", path, raw])
        return Int(Double(rate) * seconds)
    }

    /// `flac -d`'s samples of `path`, as the decoders' contract has them: stereo (mono
    /// doubled), each left-justified in an Int32.
    static func reference(_ path: String, channels: Int, bits: Int) throws -> [Int32] {
        let out = path + ".ref.raw"
        try AudioFixtures.run("/usr/bin/flac", ["-s", "-d", "-f", "--force-raw-format", "--endian=little",
                                                "--sign=signed", "-o", out, path])
        defer { try? FileManager.default.removeItem(atPath: out) }  // cleanup only
        let raw = try FormatFixtures.bytes(out)
        let width = bits / 8
        var samples: [Int32] = []
        samples.reserveCapacity(raw.count / width * (channels == 1 ? 2 : 1))
        for at in stride(from: 0, to: raw.count - width + 1, by: width) {
            var value: UInt32 = 0
            for byte in 0..<width { value |= UInt32(raw[at + byte]) << (8 * byte) }
            let sample = Int32(bitPattern: value << (32 - bits))  // sign lands in bit 31: left-justified
            samples.append(sample)
            if channels == 1 { samples.append(sample) }
        }
        return samples
    }



    static func metaflac(_ args: [String]) throws { try AudioFixtures.run("/usr/bin/metaflac", args) }

    /// Offset just past the STREAMINFO block of a file `flac` wrote (no ID3 tag).
    static let afterStreamInfo = 4 + 4 + 34

    /// `file` with a metadata block of `type` and `body` put right after STREAMINFO
    /// (`flac` always writes more blocks after it, so the new one is never the last).
    static func inserting(type: UInt8, body: [UInt8], into file: [UInt8]) -> [UInt8] {
        precondition(file[4] & 0x80 == 0, "STREAMINFO must not be the last block")
        let n = body.count
        let header: [UInt8] = [type, UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        return Array(file[..<afterStreamInfo]) + header + body + Array(file[afterStreamInfo...])
    }

    /// Offset of the first audio frame: past the metadata block marked last.
    static func audioStart(_ file: [UInt8]) -> Int {
        var at = 4
        while true {
            let length = Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
            let last = file[at] & 0x80 != 0
            at += 4 + length
            if last { return at }
        }
    }


    /// Reads every frame `decoder` gives, in chunks of `chunk` frames.
    static func readAll(_ decoder: any TrackDecoder, chunk: Int = 3000) throws -> [Int32] {
        var samples: [Int32] = []
        var buffer = [Int32](repeating: 0, count: chunk * 2)
        while true {
            let frames = try buffer.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: chunk) }
            if frames == 0 { return samples }
            samples += buffer[0..<frames * 2]
        }
    }
}

/// Two sample arrays are equal, reported by the first difference (not a million-element dump).
func XCTAssertSamplesEqual(_ actual: [Int32], _ expected: [Int32], _ label: String,
                           file: StaticString = #filePath, line: UInt = #line) {
    guard actual.count == expected.count else {
        return XCTFail("\(label): \(actual.count / 2) frames, expected \(expected.count / 2)", file: file, line: line)
    }
    if let i = actual.indices.first(where: { actual[$0] != expected[$0] }) {
        XCTFail("\(label): frame \(i / 2) channel \(i % 2) is \(actual[i]), expected \(expected[i])", file: file, line: line)
    }
}
