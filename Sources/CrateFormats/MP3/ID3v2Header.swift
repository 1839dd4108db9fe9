/// The 10-byte header that opens an ID3v2 tag ("ID3", version, flags, syncsafe size).
struct ID3v2Header {
    /// 2, 3 or 4 for the versions this reader understands.
    var major: Int
    var flags: UInt8
    /// Bytes after the header, extended header and padding included, footer not.
    var size: Int
    /// False when a size byte has its top bit set (not syncsafe): the size is a guess.
    var sizeIsWellFormed: Bool

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 else { return nil }  // "ID3"
        major = Int(bytes[3])
        flags = bytes[5]
        size = Self.syncsafe(bytes[6...9])
        sizeIsWellFormed = bytes[6...9].allSatisfy { $0 < 0x80 }
    }

    var isUnderstood: Bool { (2...4).contains(major) }
    var unsynchronised: Bool { flags & 0x80 != 0 }
    /// ID3v2.2 used this bit for a compression scheme that was never defined.
    var compressedV22: Bool { major == 2 && flags & 0x40 != 0 }
    var hasExtendedHeader: Bool { major >= 3 && flags & 0x40 != 0 }
    var hasFooter: Bool { flags & 0x10 != 0 }
    /// Bytes from the start of the file to the end of the tag (as the player's probe counts).
    var totalSize: Int { 10 + size + (hasFooter ? 10 : 0) }

    /// Four bytes of seven bits each, most significant first (top bits ignored).
    static func syncsafe(_ b: ArraySlice<UInt8>) -> Int {
        b.reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    }

    static func bigEndian(_ b: ArraySlice<UInt8>) -> Int {
        b.reduce(0) { $0 << 8 | Int($1) }
    }

    /// Undoes unsynchronisation: every 0xFF 0x00 pair becomes 0xFF.
    static func resynchronise(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var previousWasFF = false
        for byte in bytes {
            if previousWasFF, byte == 0 {
                previousWasFF = false
                continue
            }
            out.append(byte)
            previousWasFF = byte == 0xFF
        }
        return out
    }
}
