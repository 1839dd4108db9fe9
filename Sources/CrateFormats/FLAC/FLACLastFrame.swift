/// Where a FLAC file's audio really ends: the last frame header in its tail says which
/// samples that frame holds. STREAMINFO gives the whole stream's length, so a file cut
/// short ends before it — the check the metadata reader needs to report a short file
/// without decoding it. A header is believed only with its CRC-8 right.
enum FLACLastFrame {
    /// Bytes read from the end: several of the largest frames an encoder writes.
    static let tailSize = 256 * 1024

    /// The sample just past the last frame whose header is in `tail`; nil when none is.
    static func end(in tail: [UInt8], info: FLACStreamInfo) -> Int? {
        var offset = tail.count - 2
        while offset >= 0 {
            defer { offset -= 1 }
            guard tail[offset] == 0xFF, tail[offset + 1] & 0xFE == 0xF8,
                  let frame = header(tail, at: offset, info: info) else { continue }
            return frame.first + frame.blockSize
        }
        return nil
    }

    /// The first sample and block size of a frame header at `offset`, nil if none is there.
    private static func header(_ bytes: [UInt8], at offset: Int, info: FLACStreamInfo) -> (first: Int, blockSize: Int)? {
        var at = offset + 4
        guard at <= bytes.count else { return nil }
        let variable = bytes[offset + 1] & 1 == 1
        let sizeCode = Int(bytes[offset + 2] >> 4), rateCode = Int(bytes[offset + 2] & 0xF)
        let channels = Int(bytes[offset + 3] >> 4), reserved = bytes[offset + 3] & 1
        guard sizeCode != 0, rateCode != 15, channels <= 10, reserved == 0 else { return nil }
        // The frame (fixed blocks) or sample (variable blocks) number, UTF-8 coded.
        guard at < bytes.count else { return nil }
        let lead = bytes[at]
        let extra = lead < 0x80 ? 0 : lead & 0xE0 == 0xC0 ? 1 : lead & 0xF0 == 0xE0 ? 2 : lead & 0xF8 == 0xF0 ? 3
            : lead & 0xFC == 0xF8 ? 4 : lead & 0xFE == 0xFC ? 5 : lead == 0xFE ? 6 : -1
        guard extra >= 0, at + extra < bytes.count else { return nil }
        var number = extra == 0 ? Int(lead) : Int(lead) & (0x3F >> extra)
        for index in 1...max(1, extra) where extra > 0 {
            let byte = bytes[at + index]
            guard byte & 0xC0 == 0x80 else { return nil }
            number = number << 6 | Int(byte & 0x3F)
        }
        at += 1 + extra
        var blockSize: Int
        switch sizeCode {
        case 1: blockSize = 192
        case 2...5: blockSize = 576 << (sizeCode - 2)
        case 6:
            guard at < bytes.count else { return nil }
            blockSize = Int(bytes[at]) + 1
            at += 1
        case 7:
            guard at + 1 < bytes.count else { return nil }
            blockSize = (Int(bytes[at]) << 8 | Int(bytes[at + 1])) + 1
            at += 2
        default: blockSize = 256 << (sizeCode - 8)
        }
        switch rateCode {
        case 12: at += 1
        case 13, 14: at += 2
        default: break
        }
        guard at < bytes.count, crc8(bytes, offset..<at) == bytes[at] else { return nil }
        return (variable ? number : number * info.maxBlockSize, blockSize)
    }

    /// CRC-8, polynomial 0x07, initial 0: the frame header's check.
    private static func crc8(_ bytes: [UInt8], _ range: Range<Int>) -> UInt8 {
        var crc: UInt8 = 0
        for byte in bytes[range] {
            crc ^= byte
            for _ in 0..<8 { crc = crc & 0x80 != 0 ? crc << 1 ^ 0x07 : crc << 1 }
        }
        return crc
    }
}
