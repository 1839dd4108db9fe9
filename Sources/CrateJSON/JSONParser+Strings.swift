/// JSON strings, decoded leniently.
///
/// Real Plex servers hand out titles read from old tags: Latin-1 or Windows-1252 bytes
/// that are not valid UTF-8. Such bytes are decoded one by one as Windows-1252 (Latin-1
/// with the 0x80–0x9F range as printable punctuation) instead of failing the page; lone
/// surrogate escapes become U+FFFD. Only a string cut off by the end of the body is an error.
extension JSONParser {
    /// Parses the string starting at the opening quote under `index`.
    mutating func parseString() throws(JSONReadError) -> String {
        let start = index + 1
        var i = start
        // Fast path: plain ASCII without escapes, which is nearly every key and most values.
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                index = i + 1
                return String(decoding: bytes[start..<i], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte >= 0x80 { break }
            i += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<i])
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                index = i + 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                i = try decodeEscape(at: i)
            } else if byte < 0x80 {
                // Raw control characters are invalid JSON but harmless: kept as they are.
                scratch.append(byte)
                i += 1
            } else {
                i = appendUTF8Sequence(at: i)
            }
        }
        throw .truncated(atByte: bytes.count)
    }

    /// Decodes the escape whose backslash is at `at`; returns the index after it.
    private mutating func decodeEscape(at backslash: Int) throws(JSONReadError) -> Int {
        guard backslash + 1 < bytes.count else { throw .truncated(atByte: bytes.count) }
        let letter = bytes[backslash + 1]
        switch letter {
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"): return try decodeUnicodeEscape(at: backslash)
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        default:
            // An unknown escape such as \' keeps its character; a non-ASCII one is read
            // by the main loop, so the backslash alone is dropped.
            return backslash + 1
        }
        return backslash + 2
    }

    /// Decodes \uXXXX at `at`, pairing surrogates; unpaired halves become U+FFFD.
    private mutating func decodeUnicodeEscape(at backslash: Int) throws(JSONReadError) -> Int {
        guard let unit = try hexUnit(at: backslash + 2) else {
            // "\u" without four hex digits: a replacement character, and reading goes on.
            appendScalar(0xFFFD)
            return backslash + 2
        }
        var next = backslash + 6
        var scalar = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
               let low = try hexUnit(at: next + 2), (0xDC00...0xDFFF).contains(low)
            {
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                next += 6
            } else {
                scalar = 0xFFFD
            }
        case 0xDC00...0xDFFF:
            scalar = 0xFFFD
        default:
            break
        }
        appendScalar(scalar)
        return next
    }

    /// The four hex digits at `at` as a UTF-16 unit; nil when they are not hex digits.
    private func hexUnit(at start: Int) throws(JSONReadError) -> UInt16? {
        guard start + 4 <= bytes.count else {
            // Digits that run into the end of the body are a cut body, not bad text.
            if bytes[start...].allSatisfy({ Self.hexValue($0) != nil }) { throw .truncated(atByte: bytes.count) }
            return nil
        }
        var unit: UInt16 = 0
        for byte in bytes[start..<(start + 4)] {
            guard let digit = Self.hexValue(byte) else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Copies the valid UTF-8 sequence at `at`, or decodes its first byte as Windows-1252
    /// when the sequence is invalid; returns the index after what was consumed.
    private mutating func appendUTF8Sequence(at start: Int) -> Int {
        let length = validUTF8Length(at: start)
        if length > 0 {
            scratch.append(contentsOf: bytes[start..<(start + length)])
            return start + length
        }
        appendScalar(Windows1252.scalar(for: bytes[start]))
        return start + 1
    }

    /// The length of the well-formed UTF-8 sequence at `start` (Unicode table 3-7), or 0.
    private func validUTF8Length(at start: Int) -> Int {
        let lead = bytes[start]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F  // no encoded surrogates
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F  // nothing above U+10FFFF
        default: return 0
        }
        guard start + length <= bytes.count else { return 0 }
        let second = bytes[start + 1]
        guard second >= low, second <= high else { return 0 }
        for offset in 2..<length where bytes[start + offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }

    /// Appends a scalar to `scratch` as UTF-8.
    private mutating func appendScalar(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        scratch.append(contentsOf: UTF8.encode(scalar)!)
    }
}
