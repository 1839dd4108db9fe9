import Foundation

/// Test material in every format, made by each format's own encoder from Debian, and the
/// reference decoders that say what a correct decode is. Samples go in as interleaved
/// Int32 holding `bits`-bit values (right-justified); references come back the same way.
public enum FormatFixtures {
    public enum Format: String, CaseIterable, Sendable {
        case flac, vorbis, opus, aac, alac, mp3

        public var suffix: String {
            switch self {
            case .flac: "flac"
            case .vorbis: "ogg"
            case .opus: "opus"
            case .aac, .alac: "m4a"
            case .mp3: "mp3"
            }
        }

        /// Lossless formats must decode bit for bit; lossy ones within a few LSB.
        public var lossless: Bool { self == .flac || self == .alac }
    }

    /// A continuous sweep at `bits` bits, right-justified in Int32; the low bits carry
    /// signal too, so a path that drops them shows.
    public static func sweep(rate: Int, seconds: Double, channels: Int = 2, bits: Int = 16) -> [Int32] {
        let frames = Int(Double(rate) * seconds)
        let scale = Double((1 << (bits - 1)) - 1) * 0.5
        let k = log(8000.0 / 60.0) / Double(frames)
        var out = [Int32](repeating: 0, count: frames * channels)
        for i in 0..<frames {
            let phase = 2 * Double.pi * 60 / Double(rate) * (exp(k * Double(i)) - 1) / k
            let value = Int32(sin(phase) * scale)
            for c in 0..<channels { out[i * channels + c] = value }
        }
        return out
    }

    /// Little-endian raw PCM of `bits` bits (16 or 24) from right-justified samples.
    public static func raw(_ samples: [Int32], bits: Int) -> Data {
        var data = Data(capacity: samples.count * bits / 8)
        for s in samples {
            let v = UInt32(bitPattern: s)
            data.append(UInt8(truncatingIfNeeded: v))
            data.append(UInt8(truncatingIfNeeded: v >> 8))
            if bits == 24 { data.append(UInt8(truncatingIfNeeded: v >> 16)) }
        }
        return data
    }

    /// Right-justified samples from little-endian raw PCM of `bits` bits.
    public static func samples(raw data: Data, bits: Int) -> [Int32] {
        let bytes = [UInt8](data), width = bits / 8
        return stride(from: 0, to: bytes.count - width + 1, by: width).map { i in
            if width == 2 { return Int32(Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8)) }
            let v = Int32(bytes[i]) | Int32(bytes[i + 1]) << 8 | Int32(bytes[i + 2]) << 16
            return (v << 8) >> 8
        }
    }

    /// Encodes with the format's own encoder. Lossy formats take 16-bit input.
    public static func encode(_ samples: [Int32], format: Format, rate: Int, channels: Int, bits: Int = 16,
                              to path: String) throws {
        let rawPath = path + ".in.raw"
        try raw(samples, bits: bits).write(to: URL(fileURLWithPath: rawPath))
        defer { try? FileManager.default.removeItem(atPath: rawPath) }  // cleanup only
        let pcm = ["-v", "error", "-f", bits == 24 ? "s24le" : "s16le", "-ar", "\(rate)", "-ac", "\(channels)", "-i", rawPath]
        switch format {
        case .flac:
            try AudioFixtures.run("/usr/bin/flac", ["--silent", "--force", "--force-raw-format", "--endian=little",
                "--sign=signed", "--channels=\(channels)", "--bps=\(bits)", "--sample-rate=\(rate)", "-o", path, rawPath])
        case .vorbis:
            try AudioFixtures.run("/usr/bin/oggenc", ["-Q", "--raw", "--raw-bits=16", "--raw-chan=\(channels)",
                "--raw-rate=\(rate)", "--raw-endianness=0", "-q", "6", "-o", path, rawPath])
        case .opus:
            try AudioFixtures.run("/usr/bin/opusenc", ["--quiet", "--raw", "--raw-bits", "16", "--raw-rate", "\(rate)",
                "--raw-chan", "\(channels)", "--bitrate", "160", rawPath, path])
        case .aac:
            try AudioFixtures.run("/usr/bin/ffmpeg", pcm + ["-c:a", "aac", "-b:a", "192k", "-y", path])
        case .alac:
            try AudioFixtures.run("/usr/bin/ffmpeg", pcm + ["-c:a", "alac"] + (bits == 24 ? ["-sample_fmt", "s32p"] : [])
                + ["-y", path])
        case .mp3:
            try AudioFixtures.encodeMP3(samples.map { Int16(truncatingIfNeeded: $0) }, rate: rate, channels: channels,
                                        encoding: .vbr(quality: 2), to: path)
        }
    }

    /// What the format's reference decoder makes of `path`: stereo right-justified samples
    /// of `bits` bits (16 unless a 24-bit lossless file), the source's rate (Opus: 48 kHz).
    /// ffmpeg trims AAC's priming but ends where the edit list's millisecond-rounded
    /// duration says, a few hundred samples late: `frames` cuts it to the encoded length.
    public static func referenceDecode(_ path: String, format: Format, bits: Int = 16, frames: Int? = nil) throws -> [Int32] {
        let out = path + ".ref.raw"
        defer { try? FileManager.default.removeItem(atPath: out) }  // cleanup only
        switch format {
        case .flac:
            try AudioFixtures.run("/usr/bin/flac", ["--silent", "--force", "-d", "--force-raw-format", "--endian=little",
                                                    "--sign=signed", "-o", out, path])
        case .vorbis:
            try AudioFixtures.run("/usr/bin/oggdec", ["--quiet", "--raw", "--bits=16", "--endianness=0", "--sign=1",
                                                      "-o", out, path])
        case .opus:
            try AudioFixtures.run("/usr/bin/opusdec", ["--quiet", "--no-dither", "--rate", "48000", path, out])
        case .aac, .alac:
            try AudioFixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-f", bits == 24 ? "s24le" : "s16le",
                                                      "-y", out])
        case .mp3:
            try AudioFixtures.run("/usr/bin/mpg123", ["-q", "--stereo", "-e", "s16", "-O", out, path])
        }
        let decoded = samples(raw: try Data(contentsOf: URL(fileURLWithPath: out)), bits: bits)
        return frames.map { Array(decoded.prefix($0 * 2)) } ?? decoded
    }

    /// Bytes that start like a JPEG followed by noise: a cover a reader must locate (and
    /// noise does not compress, so a comment header holding it really is this big).
    public static func fakeJPEG(size: Int = 150_000) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        while bytes.count < size - 2 { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
        return bytes + [0xFF, 0xD9]
    }

    public static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    public static func write(_ bytes: [UInt8], to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
}

extension FormatFixtures {
    /// Makes the VORBIS_COMMENT block of the FLAC at `path` declare `cut` bytes fewer than
    /// it holds, as old taggers left files that gained comments: its last comments then
    /// lie past the declared end. Returns where the block's header is, and the declared
    /// and the real length.
    @discardableResult
    public static func shortenFLACCommentBlock(_ path: String, by cut: Int) throws -> (offset: Int, declared: Int, real: Int) {
        var file = try bytes(path)
        var at = 4
        while at + 4 <= file.count {
            let length = Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
            if file[at] & 0x7F == 4 {
                let declared = length - cut
                file[at + 1] = UInt8(declared >> 16 & 0xFF)
                file[at + 2] = UInt8(declared >> 8 & 0xFF)
                file[at + 3] = UInt8(declared & 0xFF)
                try write(file, to: path)
                return (at, declared, length)
            }
            if file[at] & 0x80 != 0 { break }
            at += 4 + length
        }
        throw FixtureError("\(path) has no VORBIS_COMMENT block")
    }
}
