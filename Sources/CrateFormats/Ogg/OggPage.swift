/// The header of one Ogg page (RFC 3533): capture pattern "OggS", version 0, header
/// type flags, granule position, stream serial, page sequence, CRC and the segment
/// (lacing) table that cuts the body into packets.
struct OggPage: Equatable {
    static let capture: [UInt8] = Array("OggS".utf8)
    /// The fixed part of the header, before the segment table.
    static let fixedHeaderLength = 27
    /// The largest page there can be: 255 segments of 255 bytes.
    static let maxLength = fixedHeaderLength + 255 + 255 * 255

    var headerType: UInt8
    /// The PCM position at the end of the last packet completed on this page; -1 when
    /// no packet ends here.
    var granule: Int64
    var serial: UInt32
    var sequence: UInt32
    var lacing: [UInt8]

    /// The page's first packet continues one begun on an earlier page.
    var continuesPacket: Bool { headerType & 0x01 != 0 }
    /// The first page of a logical stream (beginning of stream).
    var isFirst: Bool { headerType & 0x02 != 0 }
    /// The last page of a logical stream (end of stream).
    var isLast: Bool { headerType & 0x04 != 0 }
    var headerLength: Int { Self.fixedHeaderLength + lacing.count }
    var bodyLength: Int { lacing.reduce(0) { $0 + Int($1) } }
    var length: Int { headerLength + bodyLength }

    /// The page header at `offset` of `bytes`; nil when there is no capture pattern, the
    /// version is not 0 or the segment table is cut short.
    init?(_ bytes: [UInt8], at offset: Int) {
        let fixed = Self.fixedHeaderLength
        guard offset >= 0, offset + fixed <= bytes.count,
              bytes[offset..<offset + 4].elementsEqual(Self.capture), bytes[offset + 4] == 0
        else { return nil }
        let segments = Int(bytes[offset + 26])
        guard offset + fixed + segments <= bytes.count else { return nil }
        func little(_ at: Int, _ count: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in (0..<count).reversed() { value = value << 8 | UInt64(bytes[offset + at + i]) }
            return value
        }
        headerType = bytes[offset + 5]
        granule = Int64(bitPattern: little(6, 8))
        serial = UInt32(little(14, 4))
        sequence = UInt32(little(18, 4))
        lacing = Array(bytes[offset + fixed..<offset + fixed + segments])
    }

    /// Whether the whole page at `offset` is in `bytes` and its CRC is right: what tells
    /// a real page from the letters "OggS" inside compressed audio.
    static func isIntact(_ bytes: [UInt8], at offset: Int, page: OggPage) -> Bool {
        let end = offset + page.length
        guard end <= bytes.count else { return false }
        let stored = UInt32(bytes[offset + 22]) | UInt32(bytes[offset + 23]) << 8
            | UInt32(bytes[offset + 24]) << 16 | UInt32(bytes[offset + 25]) << 24
        return OggCRC.checksum(bytes, from: offset, to: end) == stored
    }
}

/// The Ogg page checksum: CRC-32 with polynomial 0x04C11DB7, no reflection, initial 0,
/// computed with the checksum field itself taken as zero.
enum OggCRC {
    private static let table: [UInt32] = (0..<256).map { index in
        var r = UInt32(index) << 24
        for _ in 0..<8 { r = r & 0x8000_0000 != 0 ? (r << 1) ^ 0x04C1_1DB7 : r << 1 }
        return r
    }

    static func checksum(_ bytes: [UInt8], from start: Int, to end: Int) -> UInt32 {
        var crc: UInt32 = 0
        for i in start..<end {
            let byte = (i - start >= 22 && i - start < 26) ? 0 : bytes[i]
            crc = (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(byte))]
        }
        return crc
    }
}
