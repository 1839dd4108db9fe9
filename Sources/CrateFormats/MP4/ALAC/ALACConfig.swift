/// The ALACSpecificConfig ("magic cookie") of an ALAC track: 24 big-endian bytes giving
/// the frame length, the sample format and the entropy coder's tuning.
struct ALACConfig: Equatable {
    /// Samples per channel in a full packet.
    var frameLength: Int
    var compatibleVersion: Int
    var bitDepth: Int
    /// Rice mean-tracking rate ("pb"), initial mean ("mb") and Rice parameter limit ("kb").
    var pb: Int
    var mb: Int
    var kb: Int
    var numChannels: Int
    var maxRun: Int
    var maxFrameBytes: Int
    var avgBitRate: Int
    var sampleRate: Int

    static let size = 24

    /// Parses the config, also when it still carries what surrounds it in the file: an
    /// 'alac' box header and version/flags (36 bytes), version/flags alone (28), or the
    /// QuickTime form behind a 'frma' box.
    init(cookie: [UInt8], path: String) throws(DecodeError) {
        var start = 0
        if cookie.count >= 12 + Self.size, Self.fourCC(cookie, at: 4) == "alac" {
            start = 12
        } else if cookie.count >= 24 + Self.size, Self.fourCC(cookie, at: 4) == "frma",
                  Self.fourCC(cookie, at: 16) == "alac" {
            start = 24
        } else if cookie.count >= 4 + Self.size, cookie[0..<4].allSatisfy({ $0 == 0 }) {
            // A frame length is never 0: four zero bytes are version and flags.
            start = 4
        }
        guard cookie.count >= start + Self.size else {
            throw DecodeError(path: path, reason: "ALAC config is too short (\(cookie.count) bytes, needs \(Self.size))")
        }
        func u8(_ offset: Int) -> Int { Int(cookie[start + offset]) }
        func u16(_ offset: Int) -> Int { u8(offset) << 8 | u8(offset + 1) }
        func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
        frameLength = u32(0)
        compatibleVersion = u8(4)
        bitDepth = u8(5)
        pb = u8(6)
        mb = u8(7)
        kb = u8(8)
        numChannels = u8(9)
        maxRun = u16(10)
        maxFrameBytes = u32(12)
        avgBitRate = u32(16)
        sampleRate = u32(20)
    }

    private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
