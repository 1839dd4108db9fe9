/// A parsed TOML file: its tables, flat, keyed by path (`[]` is the top level,
/// `["audio"]` is `[audio]`, `["a", "b"]` is `[a.b]`), each with its keys in file
/// order and the line every table and key was written on, so that later checks can
/// point at the line. Adding a table or key twice is refused here, with both lines.
struct TOMLDocument: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var key: String
        var value: TOMLValue
        /// The line of the key.
        var line: Int
        /// For an array, the line each element starts on (an array may span lines).
        var elementLines: [Int]
    }

    struct Table: Sendable, Equatable {
        /// How the table came to exist; decides whether it may still be added to.
        enum Origin: Sendable, Equatable {
            case root
            /// Only as the parent of another header (`[a]` by `[a.b]`); a header may still define it.
            case implicit
            /// By its own `[header]`.
            case header
            /// By a dotted key (`b.c = 1` creates table `b`).
            case dottedKeys
        }

        var path: [String]
        /// The line of its header, or of the header or key that first created it.
        var line: Int
        var origin: Origin
        /// Keys in file order.
        var entries: [Entry] = []

        func entry(_ key: String) -> Entry? {
            entries.first { $0.key == key }
        }
    }

    /// The name errors give as the file.
    let source: String
    private(set) var tables: [[String]: Table]
    /// Table paths in the order they were created, for messages in file order.
    private(set) var order: [[String]]

    init(source: String) {
        self.source = source
        tables = [[]: Table(path: [], line: 1, origin: .root)]
        order = [[]]
    }

    subscript(path: [String]) -> Table? { tables[path] }

    /// All tables, top level first, then in the order the file created them.
    var tablesInOrder: [Table] { order.compactMap { tables[$0] } }

    /// Define the table of a `[header]` on `line`.
    mutating func defineTable(_ path: [String], line: Int) throws(ConfigError) {
        for depth in 1...path.count {
            let prefix = Array(path[..<depth])
            try refuseValue(named: prefix, line: line, context: path)
            guard let existing = tables[prefix] else {
                create(prefix, line: line, origin: depth == path.count ? .header : .implicit)
                continue
            }
            guard depth == path.count else { continue }
            switch existing.origin {
            case .implicit:
                tables[prefix]?.origin = .header
                tables[prefix]?.line = line
            case .header, .root:
                throw error(line, table: path, "table defined twice (first on line \(existing.line))")
            case .dottedKeys:
                throw error(line, table: path,
                            "table already defined by dotted keys on line \(existing.line)")
            }
        }
    }

    /// Add `key = value` to `table`; `keyPath` has more than one part for a dotted key.
    mutating func set(_ keyPath: [String], in table: [String], to value: TOMLValue,
                      line: Int, elementLines: [Int] = []) throws(ConfigError) {
        let keyName = TOMLValue.displayPath(keyPath)
        var parent = table
        for part in keyPath.dropLast() {
            let next = parent + [part]
            try refuseValue(named: next, line: line, context: table, key: keyName)
            if let existing = tables[next], existing.origin != .dottedKeys {
                throw error(line, table: table, key: keyName,
                            "[\(TOMLValue.displayPath(next))] is a table with its own header "
                            + "(line \(existing.line)); dotted keys cannot add to it")
            }
            if tables[next] == nil { create(next, line: line, origin: .dottedKeys) }
            parent = next
        }
        let last = keyPath[keyPath.count - 1]
        if let existing = tables[parent + [last]] {
            throw error(line, table: table, key: keyName,
                        "already a table (line \(existing.line)), cannot also be a value")
        }
        if let first = tables[parent]?.entry(last) {
            throw error(line, table: table, key: keyName, "duplicate key (first set on line \(first.line))")
        }
        tables[parent]?.entries.append(
            Entry(key: last, value: value, line: line, elementLines: elementLines))
    }

    private mutating func create(_ path: [String], line: Int, origin: Table.Origin) {
        tables[path] = Table(path: path, line: line, origin: origin)
        order.append(path)
    }

    /// `name` is about to be used as a table: refuse if its parent already has a value by that name.
    private func refuseValue(named name: [String], line: Int, context: [String],
                             key: String? = nil) throws(ConfigError) {
        let parent = Array(name.dropLast())
        guard let last = name.last, let value = tables[parent]?.entry(last) else { return }
        throw error(line, table: context, key: key,
                    "\(TOMLValue.displayKey(last)) is already a value (line \(value.line)), "
                    + "cannot also be a table")
    }

    private func error(_ line: Int, table: [String], key: String? = nil,
                       _ message: String) -> ConfigError {
        ConfigError(source: source, line: line,
                    table: table.isEmpty ? nil : TOMLValue.displayPath(table),
                    key: key, message: message)
    }
}
