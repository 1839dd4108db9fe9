import CALSA

/// Sample formats the writer can hand a card. The decoder always yields S16; the wider
/// formats carry exactly those bits in their top 16, zero below, so none alters the sound.
public enum DeviceSampleFormat: String, Sendable, CaseIterable {
    case s16 = "S16_LE"
    case s32 = "S32_LE"
    case s24Packed = "S24_3LE"

    /// "auto" means every format, in this (preferred) order.
    public static func preference(_ setting: String) -> [DeviceSampleFormat] {
        DeviceSampleFormat(rawValue: setting).map { [$0] } ?? allCases
    }

    var index: Int { Self.allCases.firstIndex(of: self)! }

    var alsa: snd_pcm_format_t {
        switch self {
        case .s16: SND_PCM_FORMAT_S16_LE
        case .s32: SND_PCM_FORMAT_S32_LE
        case .s24Packed: SND_PCM_FORMAT_S24_3LE
        }
    }

    var bytesPerSample: Int {
        switch self {
        case .s16: 2
        case .s32: 4
        case .s24Packed: 3
        }
    }

    /// Widens `samples` into `out` (little-endian). Writer thread: no allocation.
    func widen(_ samples: UnsafePointer<Int16>, count: Int, into out: UnsafeMutableRawPointer) {
        switch self {
        case .s16:
            out.copyMemory(from: samples, byteCount: count * 2)
        case .s32:
            let wide = out.assumingMemoryBound(to: Int32.self)
            for i in 0..<count { wide[i] = (Int32(samples[i]) << 16).littleEndian }
        case .s24Packed:
            let bytes = out.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count {
                let v = UInt16(bitPattern: samples[i])
                bytes[3 * i] = 0
                bytes[3 * i + 1] = UInt8(v & 0xFF)
                bytes[3 * i + 2] = UInt8(v >> 8)
            }
        }
    }
}
