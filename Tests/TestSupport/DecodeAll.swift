import CrateFormats

/// Whole-file decodes through the decoder the registry picks: what the player will play.
public enum DecodeAll {
    /// The decoder the player would use for the file at `path`.
    public static func open(_ path: String) throws -> any TrackDecoder {
        try FormatRegistry.makeDecoder(source: try FileByteSource(path: path), path: path)
    }

    /// Every frame of `path`, stereo left-justified Int32 (the decoders' contract).
    public static func samples32(_ path: String) throws -> (decoder: any TrackDecoder, samples: [Int32]) {
        let decoder = try open(path)
        var samples: [Int32] = []
        var chunk = [Int32](repeating: 0, count: 4096 * 2)
        while true {
            let frames = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 4096) }
            if frames == 0 { break }
            samples += chunk[0..<frames * 2]
        }
        return (decoder, samples)
    }

    /// The same, narrowed to 16 bits (exact for 16-bit sources).
    public static func samples16(_ path: String) throws -> (decoder: any TrackDecoder, samples: [Int16]) {
        let (decoder, wide) = try samples32(path)
        return (decoder, wide.map { Int16(truncatingIfNeeded: $0 >> 16) })
    }
}
