/// Reads the keys of one table of a `TOMLDocument` as typed values, checking type and
/// range, and afterwards refuses every key that was not asked for. It does not stop at
/// the first problem: each one is kept, with its line, so the caller can report the
/// earliest in the file.
struct TableReader {
    typealias Entry = TOMLDocument.Entry

    let source: String
    let path: [String]
    private let entries: [Entry]
    /// The keys asked for, in the order asked: the table's vocabulary.
    private(set) var known: [String] = []
    private(set) var problems: [ConfigError] = []

    init(_ document: TOMLDocument, table path: [String]) {
        self.source = document.source
        self.path = path
        self.entries = document[path]?.entries ?? []
    }

    // MARK: Typed values

    /// A string; with `nonEmpty`, `""` is refused too.
    mutating func string(_ key: String, expected: String = "a non-empty string",
                         nonEmpty: Bool = true) -> String? {
        guard let entry = entry(key) else { return nil }
        guard case .string(let text) = entry.value, !(nonEmpty && text.isEmpty) else {
            return refuse(entry, "expected \(expected), got \(entry.value.rendered)")
        }
        return text
    }

    /// An integer within `range`. `describe` writes a refused number the way the key is
    /// usually written (an octal mode, say).
    mutating func integer(_ key: String, in range: ClosedRange<Int>, expected: String? = nil,
                          describe: (Int) -> String = { String($0) }) -> Int? {
        guard let entry = entry(key) else { return nil }
        let expected = expected ?? "an integer from \(range.lowerBound) to \(range.upperBound)"
        guard case .integer(let number) = entry.value else {
            return refuse(entry, "expected \(expected), got \(entry.value.rendered)")
        }
        guard range.contains(number) else {
            return refuse(entry, "expected \(expected), got \(describe(number))")
        }
        return number
    }

    /// `true` or `false`.
    mutating func bool(_ key: String) -> Bool? {
        guard let entry = entry(key) else { return nil }
        guard case .boolean(let value) = entry.value else {
            return refuse(entry, "expected true or false, got \(entry.value.rendered)")
        }
        return value
    }

    /// A float or an integer within `range`.
    mutating func number(_ key: String, in range: ClosedRange<Double>, expected: String) -> Double? {
        guard let entry = entry(key) else { return nil }
        let number: Double
        switch entry.value {
        case .float(let value): number = value
        case .integer(let value): number = Double(value)
        default: return refuse(entry, "expected \(expected), got \(entry.value.rendered)")
        }
        guard range.contains(number) else {  // NaN is in no range
            return refuse(entry, "expected \(expected), got \(entry.value.rendered)")
        }
        return number
    }

    /// A string that must be one of `choices`.
    mutating func choice(_ key: String, from choices: [String]) -> String? {
        guard let entry = entry(key) else { return nil }
        let expected = Suggestion.list(choices.map(TOMLValue.quoted))
        guard case .string(let text) = entry.value else {
            return refuse(entry, "expected \(expected), got \(entry.value.rendered)")
        }
        guard choices.contains(text) else {
            let hint = Suggestion.closest(to: text, among: choices).map { " (did you mean \"\($0)\"?)" } ?? ""
            return refuse(entry, "expected \(expected), got \(entry.value.rendered)\(hint)")
        }
        return text
    }

    /// A string that `parse` turns into a value; nil from `parse` refuses it as not `expected`.
    mutating func parsed<Value>(_ key: String, expected: String, _ parse: (String) -> Value?) -> Value? {
        guard let entry = entry(key) else { return nil }
        guard case .string(let text) = entry.value, let value = parse(text) else {
            return refuse(entry, "expected \(expected), got \(entry.value.rendered)")
        }
        return value
    }

    /// An array of non-empty strings. A problem with one element points at that element's line.
    mutating func strings(_ key: String) -> [String]? {
        guard let entry = entry(key) else { return nil }
        guard case .array(let values) = entry.value else {
            let hint = if case .string = entry.value { " (write [\(entry.value.rendered)])" } else { "" }
            return refuse(entry, "expected an array of strings, got \(entry.value.rendered)\(hint)")
        }
        var strings: [String] = []
        for (index, value) in values.enumerated() {
            guard case .string(let text) = value, !text.isEmpty else {
                let line = index < entry.elementLines.count ? entry.elementLines[index] : entry.line
                return refuse(entry, line: line, "expected an array of non-empty strings, "
                              + "element \(index + 1) is \(value.rendered)")
            }
            strings.append(text)
        }
        return strings
    }

    /// A GPIO line: an offset (an integer from 0) or a line name (a non-empty string).
    /// Returns the line of the file too, for messages about the line's use.
    mutating func gpioLine(_ key: String) -> (CrateConfig.GPIOLine.Reference, Int)? {
        guard let entry = entry(key) else { return nil }
        switch entry.value {
        case .integer(let offset) where offset >= 0 && offset < 10_000: return (.offset(offset), entry.line)
        case .string(let name) where !name.isEmpty: return (.name(name), entry.line)
        default:
            return refuse(entry, "expected a GPIO line: its offset on the chip (an integer like 17) "
                          + "or its name (a string like \"GPIO17\"), got \(entry.value.rendered)")
        }
    }

    // MARK: Unknown keys

    /// Refuse every key of the table that was not asked for. `tables` names the tables that
    /// belong inside this one, for a key written where a `[table]` was meant.
    mutating func refuseUnknownKeys(tables: [String] = []) {
        for entry in entries where !known.contains(entry.key) {
            if tables.contains(entry.key) {
                record(entry, "expected the table [\(TOMLValue.displayPath(path + [entry.key]))] on a line of its own, "
                       + "got \(entry.value.rendered)")
            } else if let close = Suggestion.closest(to: entry.key, among: known) {
                record(entry, "unknown key (did you mean \(close)?)")
            } else if known.isEmpty {
                record(entry, "unknown key; this table takes no keys")
            } else {
                record(entry, "unknown key; the keys here are \(Suggestion.list(known, conjunction: "and"))")
            }
        }
    }

    // MARK: Plumbing

    private mutating func entry(_ key: String) -> Entry? {
        known.append(key)
        return entries.first { $0.key == key }
    }

    private mutating func refuse<Value>(_ entry: Entry, line: Int? = nil, _ message: String) -> Value? {
        record(entry, line: line, message)
        return nil
    }

    private mutating func record(_ entry: Entry, line: Int? = nil, _ message: String) {
        problems.append(ConfigError(
            source: source, line: line ?? entry.line,
            table: path.isEmpty ? nil : TOMLValue.displayPath(path),
            key: TOMLValue.displayKey(entry.key), message: message))
    }
}
