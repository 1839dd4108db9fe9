/// Reads the two console font formats (facts from the kbd project's documentation):
///
/// PSF1: bytes 36 04, a mode byte (0x01: 512 glyphs instead of 256; 0x02 or 0x04: a
/// unicode table follows), the glyph height; glyphs are 8 pixels wide, one byte per row.
/// Its table lists, per glyph, UCS-2 little-endian values ended by 0xFFFF; 0xFFFE starts
/// multi-character sequences, which Crate skips.
///
/// PSF2: magic 72 B5 4A 86, then little-endian u32 version, header size, flags (bit 0: a
/// unicode table follows), glyph count, bytes per glyph, height, width. Its table lists,
/// per glyph, UTF-8 characters ended by 0xFF; 0xFE starts sequences.
enum PSFParser {
    struct Parsed {
        var width: Int
        var height: Int
        var glyphCount: Int
        var bytesPerGlyph: Int
        var glyphData: [UInt8]
        var unicodeMap: [UInt32: Int32]?
    }

    struct Failure: Error {
        var reason: String
    }

    static func parse(_ bytes: [UInt8]) throws(Failure) -> Parsed {
        if bytes.starts(with: [0x72, 0xB5, 0x4A, 0x86]) { return try parsePSF2(bytes) }
        if bytes.starts(with: [0x36, 0x04]) { return try parsePSF1(bytes) }
        throw Failure(reason: "unknown file format (no PSF1 or PSF2 magic)")
    }

    private static func parsePSF1(_ bytes: [UInt8]) throws(Failure) -> Parsed {
        guard bytes.count >= 4 else { throw Failure(reason: "truncated header") }
        let mode = bytes[2], height = Int(bytes[3])
        guard height > 0 else { throw Failure(reason: "glyph height is zero") }
        let count = mode & 0x01 != 0 ? 512 : 256
        let glyphEnd = 4 + count * height
        guard bytes.count >= glyphEnd else { throw Failure(reason: "truncated glyph data") }
        var map: [UInt32: Int32]?
        if mode & 0x06 != 0 {
            map = try parsePSF1Table(bytes, from: glyphEnd, glyphCount: count)
        }
        return Parsed(
            width: 8, height: height, glyphCount: count, bytesPerGlyph: height,
            glyphData: Array(bytes[4..<glyphEnd]), unicodeMap: map)
    }

    private static func parsePSF1Table(_ bytes: [UInt8], from start: Int, glyphCount: Int) throws(Failure) -> [UInt32: Int32] {
        var map: [UInt32: Int32] = [:]
        var position = start
        for glyph in 0..<glyphCount {
            var inSequence = false
            while true {
                guard position + 2 <= bytes.count else { throw Failure(reason: "truncated unicode table") }
                let value = UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8
                position += 2
                if value == 0xFFFF { break }
                if value == 0xFFFE { inSequence = true }
                if inSequence { continue }
                // UCS-2 cannot hold surrogates as characters; skip them.
                if let scalar = Unicode.Scalar(value), map[scalar.value] == nil { map[scalar.value] = Int32(glyph) }
            }
        }
        return map
    }

    private static func parsePSF2(_ bytes: [UInt8]) throws(Failure) -> Parsed {
        guard bytes.count >= 32 else { throw Failure(reason: "truncated header") }
        func field(_ index: Int) -> Int {
            let at = 4 + index * 4
            return Int(UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        let headerSize = field(1), flags = field(2), count = field(3), glyphBytes = field(4)
        let height = field(5), width = field(6)
        // Bounds generous for any console font and small enough that sizes cannot overflow.
        guard headerSize >= 32, headerSize <= bytes.count else { throw Failure(reason: "header size \(headerSize) is invalid") }
        guard (1...65_536).contains(count) else { throw Failure(reason: "glyph count \(count) is out of range") }
        guard (1...256).contains(width), (1...256).contains(height) else {
            throw Failure(reason: "glyph size \(width)x\(height) is out of range")
        }
        let rowBytes = (width + 7) / 8
        guard glyphBytes >= rowBytes * height, glyphBytes <= 65_536 else {
            throw Failure(reason: "\(glyphBytes) bytes per glyph do not fit \(width)x\(height) glyphs")
        }
        let glyphEnd = headerSize + count * glyphBytes
        guard bytes.count >= glyphEnd else { throw Failure(reason: "truncated glyph data") }
        var map: [UInt32: Int32]?
        if flags & 0x01 != 0 {
            map = try parsePSF2Table(bytes, from: glyphEnd, glyphCount: count)
        }
        return Parsed(
            width: width, height: height, glyphCount: count, bytesPerGlyph: glyphBytes,
            glyphData: Array(bytes[headerSize..<glyphEnd]), unicodeMap: map)
    }

    private static func parsePSF2Table(_ bytes: [UInt8], from start: Int, glyphCount: Int) throws(Failure) -> [UInt32: Int32] {
        var map: [UInt32: Int32] = [:]
        var position = start
        for glyph in 0..<glyphCount {
            var inSequence = false
            while true {
                guard position < bytes.count else { throw Failure(reason: "truncated unicode table") }
                let lead = bytes[position]
                if lead == 0xFF { position += 1; break }
                if lead == 0xFE { inSequence = true; position += 1; continue }
                let (value, length) = decodeUTF8(bytes, at: position)
                position += length
                if !inSequence, let value, map[value] == nil { map[value] = Int32(glyph) }
            }
        }
        return map
    }

    /// One UTF-8 character at `position`: its scalar value (nil when invalid) and the
    /// bytes it takes (at least one, so a bad byte is stepped over). Never reads past a
    /// 0xFE/0xFF separator or the end.
    private static func decodeUTF8(_ bytes: [UInt8], at position: Int) -> (UInt32?, Int) {
        let lead = bytes[position]
        let length: Int, initial: UInt32
        switch lead {
        case 0x00...0x7F: return (UInt32(lead), 1)
        case 0xC2...0xDF: length = 2; initial = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; initial = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; initial = UInt32(lead & 0x07)
        default: return (nil, 1)
        }
        var value = initial
        for offset in 1..<length {
            guard position + offset < bytes.count, bytes[position + offset] & 0xC0 == 0x80 else { return (nil, offset) }
            value = value << 6 | UInt32(bytes[position + offset] & 0x3F)
        }
        // Overlong forms and surrogates are not characters.
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, length) }
        return (scalar.value, length)
    }
}
