/// The 4-byte header of an MPEG audio layer III frame: just enough to find frame
/// boundaries (ISO 11172-3 / 13818-3, and the MPEG-2.5 extension).
public struct MPEGFrameHeader: Equatable, Sendable {
    public enum Version: Sendable { case mpeg1, mpeg2, mpeg25 }

    public let version: Version
    public let sampleRate: Int
    public let bitrate: Int  // kbit/s
    public let frameLength: Int  // bytes, including the header

    private static let rates: [Version: [Int]] = [
        .mpeg1: [44100, 48000, 32000], .mpeg2: [22050, 24000, 16000], .mpeg25: [11025, 12000, 8000],
    ]
    private static let mpeg1Bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    private static let mpeg2Bitrates = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]

    public init?(_ bytes: [UInt8], at i: Int) {
        guard i >= 0, i + 4 <= bytes.count else { return nil }
        let b1 = bytes[i + 1], b2 = bytes[i + 2]
        guard bytes[i] == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
        switch (b1 >> 3) & 0x3 {
        case 0: version = .mpeg25
        case 2: version = .mpeg2
        case 3: version = .mpeg1
        default: return nil
        }
        guard (b1 >> 1) & 0x3 == 1 else { return nil }  // layer III only
        let bitrateIndex = Int(b2 >> 4)
        let rateIndex = Int((b2 >> 2) & 0x3)
        // Free-format (0) frames have no computable length; bad index (15) is invalid.
        guard bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        sampleRate = Self.rates[version]![rateIndex]
        bitrate = (version == .mpeg1 ? Self.mpeg1Bitrates : Self.mpeg2Bitrates)[bitrateIndex]
        let padding = Int((b2 >> 1) & 0x1)
        let samplesPerFrame = version == .mpeg1 ? 1152 : 576
        frameLength = samplesPerFrame / 8 * bitrate * 1000 / sampleRate + padding
    }

    public func isCompatible(with other: MPEGFrameHeader) -> Bool {
        version == other.version && sampleRate == other.sampleRate
    }
}
