/// Recursive-descent JSON parsing over a byte array: structure, numbers and literals.
/// Strings are in `JSONParser+Strings.swift`.
///
/// Recursion is bounded by `maxDepth`, so a hostile body of a million `[` is an error, not a
/// stack overflow. Every error carries the byte offset where it was noticed.
struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    /// Reused between strings that need decoding, to spare an allocation per string.
    var scratch: [UInt8] = []

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func advance(_ count: Int = 1) {
        index += count
    }

    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Whitespace, plus the NUL padding some proxies leave after a body.
    mutating func skipTrailingWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x00, 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The byte at the current position, for an error message.
    func describeCurrent() -> String {
        guard let byte = peek() else { return "the end of the body" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// The error for "wanted `expected` here": a cut body when the bytes ran out.
    func failure(expected: String) -> JSONReadError {
        index >= bytes.count
            ? .truncated(atByte: bytes.count)
            : .malformed(atByte: index, expected: expected, found: describeCurrent())
    }

    mutating func parseValue(depth: Int) throws(JSONReadError) -> JSONValue {
        guard let byte = peek() else { throw failure(expected: "a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure(expected: "a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONReadError) -> JSONValue {
        guard depth <= maxDepth else { throw .tooDeep(limit: maxDepth, atByte: index) }
        advance()  // {
        var object = JSONObject()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            advance()
            return .object(object)
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw failure(expected: "a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure(expected: "':' after a member name") }
            advance()
            skipWhitespace()
            object.append(key, try parseValue(depth: depth))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                advance()
                skipWhitespace()
                // A trailing comma is forgiven: some hand-rolled servers emit one.
                if peek() == UInt8(ascii: "}") {
                    advance()
                    return .object(object)
                }
            case UInt8(ascii: "}"):
                advance()
                return .object(object)
            default:
                throw failure(expected: "',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONReadError) -> JSONValue {
        guard depth <= maxDepth else { throw .tooDeep(limit: maxDepth, atByte: index) }
        advance()  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            advance()
            return .array(items)
        }
        while true {
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                advance()
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    advance()
                    return .array(items)
                }
            case UInt8(ascii: "]"):
                advance()
                return .array(items)
            default:
                throw failure(expected: "',' or ']'")
            }
        }
    }

    private mutating func parseLiteral(_ word: StaticString) throws(JSONReadError) {
        let start = index
        let expected = word.withUTF8Buffer { Array($0) }
        for byte in expected {
            guard peek() == byte else {
                if peek() == nil { throw .truncated(atByte: bytes.count) }
                index = start
                throw .malformed(atByte: start, expected: "\(word)", found: describeWord())
            }
            advance()
        }
    }

    /// The letters at the current position, for "expected true, found 'treu'".
    private func describeWord() -> String {
        var end = index
        while end < bytes.count, end - index < 16, (0x61...0x7A).contains(bytes[end] | 0x20) { end += 1 }
        guard end > index else { return describeCurrent() }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }

    /// JSON's number grammar; integers keep their exact Int64 value when they fit.
    private mutating func parseNumber() throws(JSONReadError) -> JSONNumber {
        let start = index
        var integral = true
        if peek() == UInt8(ascii: "-") { advance() }
        guard skipDigits() else { throw failure(expected: "a digit") }
        if peek() == UInt8(ascii: ".") {
            integral = false
            advance()
            guard skipDigits() else { throw failure(expected: "a digit after '.'") }
        }
        if let byte = peek(), byte | 0x20 == UInt8(ascii: "e") {
            integral = false
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard skipDigits() else { throw failure(expected: "a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let exact = Int64(text) { return JSONNumber(exact) }
        // The grammar above is a subset of what Double parses, so this only fails on
        // pathological lengths; such a number is out of every range Plex uses anyway.
        guard let double = Double(text) else {
            throw .malformed(atByte: start, expected: "a number", found: "'\(text.prefix(16))…'")
        }
        return JSONNumber(double)
    }

    /// Skips a run of digits; false when there was none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { advance() }
        return index > start
    }
}
