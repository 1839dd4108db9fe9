import CALSA

/// Sample formats the writer can hand a card. The ring holds left-justified Int32; each
/// format takes its top bits, so a format at least as deep as the source is bit-perfect.
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

    /// Bits of the source this format carries untouched.
    var bits: Int { bytesPerSample == 2 ? 16 : bytesPerSample == 3 ? 24 : 32 }

    /// Converts `samples` into `out` (little-endian), keeping each sample's top bits.
    /// Writer thread: no allocation.
    func convert(_ samples: UnsafePointer<Int32>, count: Int, into out: UnsafeMutableRawPointer) {
        switch self {
        case .s16:
            let narrow = out.assumingMemoryBound(to: Int16.self)
            for i in 0..<count { narrow[i] = Int16(truncatingIfNeeded: samples[i] >> 16).littleEndian }
        case .s32:
            out.copyMemory(from: samples, byteCount: count * 4)
        case .s24Packed:
            let bytes = out.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count {
                let v = UInt32(bitPattern: samples[i])
                bytes[3 * i] = UInt8(truncatingIfNeeded: v >> 8)
                bytes[3 * i + 1] = UInt8(truncatingIfNeeded: v >> 16)
                bytes[3 * i + 2] = UInt8(truncatingIfNeeded: v >> 24)
            }
        }
    }
}
