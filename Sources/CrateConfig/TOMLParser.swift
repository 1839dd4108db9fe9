/// Reads the TOML subset crate.toml is written in, line by line, into a `TOMLDocument`:
///
/// - `# comments`, blank lines, `[table]` and `[a.b]` headers;
/// - `key = value` with bare (`rt_priority`), quoted (`"a b"`, `'a b'`) and dotted keys;
/// - values: basic strings with escapes, literal strings, integers (`1_000`, `0o660`,
///   `0x1F`, `0b101`), floats, booleans, and arrays (which may span lines and hold
///   comments and a trailing comma).
///
/// Refused, each with the line: a key or table given twice, unterminated strings and
/// arrays, anything after a value but a comment, and the TOML this reader does not
/// speak (multi-line strings, inline tables, arrays of tables, dates).
///
/// The parser works on the UTF-8 bytes of the text; every delimiter it looks for is
/// ASCII, so the bytes between them are whole characters.
struct TOMLParser {
    let bytes: [UInt8]
    var position = 0
    /// The 1-based line `position` is on.
    var line = 1
    var document: TOMLDocument
    /// The table keys are currently added to: the last header.
    var table: [String] = []
    /// The key whose value is being read, for error messages.
    var currentKey: String?

    static func parse(_ text: String, source: String) throws(ConfigError) -> TOMLDocument {
        var parser = TOMLParser(text: text, source: source)
        try parser.parseDocument()
        return parser.document
    }

    init(text: String, source: String) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // byte-order mark
        self.bytes = bytes
        self.document = TOMLDocument(source: source)
    }

    // MARK: Lines

    mutating func parseDocument() throws(ConfigError) {
        while true {
            skipSpaces()
            guard let byte = peek() else { return }
            switch byte {
            case .newline, .carriageReturn: try consumeNewline()
            case .hash: skipComment()
            case .openBracket: try parseHeader()
            default: try parseKeyValue()
            }
        }
    }

    /// `[a.b]`, then the end of the line.
    mutating func parseHeader() throws(ConfigError) {
        let headerLine = line
        table = []  // a broken header belongs to no table
        position += 1
        if peek() == .openBracket {
            throw fail("arrays of tables ([[…]]) are not supported")
        }
        let path = try parseKey()
        guard peek() == .closeBracket else {
            throw fail("expected \"]\" to close the table header, found \(describeNext())")
        }
        position += 1
        try document.defineTable(path, line: headerLine)
        table = path
        try finishLine(after: "the table header")
    }

    /// `key = value`, then the end of the line.
    mutating func parseKeyValue() throws(ConfigError) {
        let keyLine = line
        let keyPath = try parseKey()
        currentKey = TOMLValue.displayPath(keyPath)
        defer { currentKey = nil }
        guard peek() == .equals else {
            throw fail("expected \"=\" after the key, found \(describeNext())")
        }
        position += 1
        skipSpaces()
        var elementLines: [Int] = []
        let value = try parseValue(elementLines: &elementLines)
        try finishLine(after: "the value")
        try document.set(keyPath, in: table, to: value, line: keyLine, elementLines: elementLines)
    }

    /// After a header or value only spaces and a comment may follow on the line.
    mutating func finishLine(after what: String) throws(ConfigError) {
        skipSpaces()
        switch peek() {
        case nil: return
        case .hash?: skipComment()
        case .newline?, .carriageReturn?: break
        case _?:
            throw fail("unexpected text after \(what): \(describeNext())")
        }
        if peek() != nil { try consumeNewline() }
    }

    // MARK: Keys

    /// One key, or several joined by dots: `a`, `"a b"`, `a.'b'.c`. Skips the spaces after it.
    mutating func parseKey() throws(ConfigError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            parts.append(try parseSimpleKey())
            skipSpaces()
            guard peek() == .dot else { return parts }
            position += 1
        }
    }

    mutating func parseSimpleKey() throws(ConfigError) -> String {
        switch peek() {
        case .doubleQuote?: return try parseBasicString()
        case .singleQuote?: return try parseLiteralString()
        default:
            let start = position
            while let byte = peek(), TOMLValue.isBareKeyByte(byte) { position += 1 }
            guard position > start else { throw fail("expected a key, found \(describeNext())") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
    }

    // MARK: Bytes

    func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == .space || byte == .tab { position += 1 }
    }

    /// Up to (not including) the end of the line.
    mutating func skipComment() {
        while let byte = peek(), byte != .newline, byte != .carriageReturn { position += 1 }
    }

    /// Spaces, comments and line breaks, as allowed between the elements of an array.
    mutating func skipBlankSpace() throws(ConfigError) {
        while let byte = peek() {
            switch byte {
            case .space, .tab: position += 1
            case .hash: skipComment()
            case .newline, .carriageReturn: try consumeNewline()
            default: return
            }
        }
    }

    /// `\n` or `\r\n`; a lone `\r` is refused.
    mutating func consumeNewline() throws(ConfigError) {
        if peek() == .carriageReturn {
            guard peek(1) == .newline else { throw fail("carriage return without a line feed") }
            position += 1
        }
        position += 1
        line += 1
    }

    /// What is at `position`, for "found …" in messages.
    func describeNext() -> String {
        guard let byte = peek() else { return "the end of the file" }
        if byte == .newline || byte == .carriageReturn { return "the end of the line" }
        var end = position
        while end < bytes.count, end - position < 24,
              bytes[end] != .newline, bytes[end] != .carriageReturn { end += 1 }
        while end < bytes.count, end > position, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // whole characters
        let text = String(decoding: bytes[position..<end], as: UTF8.self)
        return TOMLValue.quoted(text.trimmingTrailingSpaces())
    }

    /// An error on `line` (the current line unless given), in the current table and key.
    func fail(_ message: String, line: Int? = nil) -> ConfigError {
        ConfigError(source: document.source, line: line ?? self.line,
                    table: table.isEmpty ? nil : TOMLValue.displayPath(table),
                    key: currentKey, message: message)
    }
}

extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let tab = UInt8(ascii: "\t")
    static let space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#")
    static let equals = UInt8(ascii: "=")
    static let dot = UInt8(ascii: ".")
    static let comma = UInt8(ascii: ",")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
