/// Strings: `"basic"` with escapes and `'literal'` as written, each on one line.
extension TOMLParser {
    /// `"…"` with the escapes \" \\ \b \t \n \f \r \uXXXX \UXXXXXXXX. `position` is on the quote.
    mutating func parseBasicString() throws(ConfigError) -> String {
        if peek(1) == .doubleQuote, peek(2) == .doubleQuote {
            throw fail("multi-line strings (\"\"\"…\"\"\") are not supported")
        }
        position += 1
        var text: [UInt8] = []
        while true {
            guard let byte = peek(), byte != .newline, byte != .carriageReturn else {
                throw fail("unterminated string: missing the closing \"")
            }
            position += 1
            switch byte {
            case .doubleQuote:
                return String(decoding: text, as: UTF8.self)
            case .backslash:
                try parseEscape(into: &text)
            default:
                try refuseControl(byte)
                text.append(byte)
            }
        }
    }

    /// `'…'`, taken as written: no escapes. `position` is on the quote.
    mutating func parseLiteralString() throws(ConfigError) -> String {
        if peek(1) == .singleQuote, peek(2) == .singleQuote {
            throw fail("multi-line strings ('''…''') are not supported")
        }
        position += 1
        let start = position
        while true {
            guard let byte = peek(), byte != .newline, byte != .carriageReturn else {
                throw fail("unterminated string: missing the closing '")
            }
            if byte == .singleQuote { break }
            try refuseControl(byte)
            position += 1
        }
        defer { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// The escape after a backslash; `position` is just past the backslash.
    private mutating func parseEscape(into text: inout [UInt8]) throws(ConfigError) {
        guard let byte = peek(), byte != .newline, byte != .carriageReturn else {
            throw fail("unterminated string: missing the closing \"")
        }
        position += 1
        switch byte {
        case .doubleQuote: text.append(.doubleQuote)
        case .backslash: text.append(.backslash)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "t"): text.append(.tab)
        case UInt8(ascii: "n"): text.append(.newline)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "r"): text.append(.carriageReturn)
        case UInt8(ascii: "u"): try parseUnicodeEscape(digits: 4, into: &text)
        case UInt8(ascii: "U"): try parseUnicodeEscape(digits: 8, into: &text)
        default:
            let shown = String(decoding: [byte], as: UTF8.self)
            throw fail("unknown escape \\\(shown) in string (use \\\\ for a backslash)")
        }
    }

    private mutating func parseUnicodeEscape(digits: Int, into text: inout [UInt8]) throws(ConfigError) {
        let start = position
        while position - start < digits, let byte = peek(), byte.isHexDigit { position += 1 }
        let hex = String(decoding: bytes[start..<position], as: UTF8.self)
        let escape = digits == 4 ? "\\u" : "\\U"
        guard hex.utf8.count == digits else {
            throw fail("\(escape) needs exactly \(digits) hex digits, found \(escape)\(hex)")
        }
        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw fail("\(escape)\(hex) is not a Unicode character")
        }
        UTF8.encode(scalar) { text.append($0) }
    }

    /// Control characters other than tab must be written as escapes.
    private func refuseControl(_ byte: UInt8) throws(ConfigError) {
        if (byte < 0x20 && byte != .tab) || byte == 0x7F {
            let hex = String(byte, radix: 16, uppercase: true)
            throw fail("control character U+00\(hex.count == 1 ? "0" : "")\(hex) in string; "
                       + "write it as an escape")
        }
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
             UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    var isDecimalDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
