/// Values: strings, arrays, and the bare words that are numbers and booleans.
extension TOMLParser {
    /// The value at `position`. For an array, `elementLines` receives the line of each element.
    mutating func parseValue(elementLines: inout [Int]) throws(ConfigError) -> TOMLValue {
        switch peek() {
        case .doubleQuote?: return .string(try parseBasicString())
        case .singleQuote?: return .string(try parseLiteralString())
        case .openBracket?: return try parseArray(elementLines: &elementLines)
        case .openBrace?: throw fail("inline tables ({…}) are not supported; use a [table]")
        default: return try parseScalar()
        }
    }

    /// `[ v, v, … ]` over any number of lines, with comments and an optional trailing comma.
    mutating func parseArray(elementLines: inout [Int]) throws(ConfigError) -> TOMLValue {
        let openLine = line
        position += 1
        var values: [TOMLValue] = []
        while true {
            try skipBlankSpace()
            guard let byte = peek() else { throw unterminatedArray(openLine) }
            if byte == .closeBracket { break }
            if byte == .openBracket, line > openLine, looksLikeHeader() {
                throw unterminatedArray(openLine)
            }
            elementLines.append(line)
            var nestedLines: [Int] = []
            values.append(try parseValue(elementLines: &nestedLines))
            try skipBlankSpace()
            guard let next = peek() else { throw unterminatedArray(openLine) }
            if next == .closeBracket { break }
            guard next == .comma else {
                throw fail("expected \",\" or \"]\" after an array element, found \(describeNext())")
            }
            position += 1
        }
        position += 1
        return .array(values)
    }

    private func unterminatedArray(_ openLine: Int) -> ConfigError {
        fail("unterminated array: the \"[\" on line \(openLine) has no closing \"]\"", line: openLine)
    }

    /// Whether the rest of the line is a `[table]` header, which inside an array means the
    /// array was never closed. (A one-string nested array alone on its line also matches;
    /// no crate.toml key takes nested arrays.)
    private func looksLikeHeader() -> Bool {
        var index = position + 1
        while index < bytes.count, bytes[index] != .closeBracket {
            let byte = bytes[index]
            guard TOMLValue.isBareKeyByte(byte) || byte == .dot || byte == .space
                || byte == .doubleQuote || byte == .singleQuote else { return false }
            index += 1
        }
        guard index < bytes.count, index > position + 1 else { return false }
        index += 1
        while index < bytes.count, bytes[index] == .space || bytes[index] == .tab { index += 1 }
        return index == bytes.count || [.newline, .carriageReturn, .hash].contains(bytes[index])
    }

    /// A bare word: `true`, `false`, or a number.
    private mutating func parseScalar() throws(ConfigError) -> TOMLValue {
        let start = position
        while let byte = peek(), !Self.endsBareValue(byte) { position += 1 }
        guard position > start else { throw fail("expected a value, found \(describeNext())") }
        let word = String(decoding: bytes[start..<position], as: UTF8.self)
        switch TOMLScalar.parse(word) {
        case .success(let value): return value
        case .failure(let problem): throw fail(problem.message)
        }
    }

    private static func endsBareValue(_ byte: UInt8) -> Bool {
        switch byte {
        case .space, .tab, .newline, .carriageReturn, .comma, .hash,
             .openBracket, .closeBracket, .openBrace, .doubleQuote, .singleQuote, .equals:
            return true
        default:
            return byte == UInt8(ascii: "}")
        }
    }
}
