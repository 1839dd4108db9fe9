/// Which songs a `find`, `search`, `list` or `count` means: MPD's old tag/value pairs or a
/// 0.21 filter expression (`(Artist == 'x')`, `contains`, `starts_with`, `!`, `AND`).
indirect enum MPDFilter: Sendable {
    case tag(String, Comparison, String)
    case not(MPDFilter)
    case all([MPDFilter])

    enum Comparison: Sendable { case equal, notEqual, contains, startsWith }

    /// `foldCase`: `search` compares without case, and its old pairs match substrings.
    static func parse(_ arguments: [String], foldCase: Bool) throws(MPDError) -> MPDFilter {
        if arguments.count == 1, arguments[0].hasPrefix("(") {
            var parser = ExpressionParser(text: Array(arguments[0].unicodeScalars))
            let filter = try parser.expression()
            parser.skipBlanks()
            guard parser.atEnd else { throw .argument("Unparsed garbage after expression") }
            return filter
        }
        guard arguments.count % 2 == 0 else { throw .argument("Incorrect number of filter arguments") }
        var parts: [MPDFilter] = []
        for pair in stride(from: 0, to: arguments.count, by: 2) {
            let name = try tagName(arguments[pair])
            parts.append(.tag(name, foldCase ? .contains : .equal, arguments[pair + 1]))
        }
        return .all(parts)
    }

    static func tagName(_ name: String) throws(MPDError) -> String {
        let lowered = name.lowercased()
        if ["any", "file", "base"].contains(lowered) { return lowered }
        guard let tag = MPDSong.canonicalTag(name) else { throw .argument("Unknown filter type") }
        return tag
    }

    func matches(_ song: MPDSong, foldCase: Bool) -> Bool {
        switch self {
        case .not(let inner): return !inner.matches(song, foldCase: foldCase)
        case .all(let parts): return parts.allSatisfy { $0.matches(song, foldCase: foldCase) }
        case .tag("base", _, let folder):
            return song.uri.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        case .tag(let name, let comparison, let wanted):
            let values: [String] = switch name {
            case "any": Array(song.tags.values) + [song.uri]
            case "file": [song.uri]
            default: song.tags[name].map { [$0] } ?? [""]
            }
            let needle = foldCase ? wanted.lowercased() : wanted
            let found = values.contains { raw in
                let value = foldCase ? raw.lowercased() : raw
                switch comparison {
                case .equal, .notEqual: return value == needle
                case .contains: return value.contains(needle)
                case .startsWith: return value.hasPrefix(needle)
                }
            }
            return comparison == .notEqual ? !found : found
        }
    }
}

/// The recursive-descent reader of MPD's filter expression syntax.
private struct ExpressionParser {
    let text: [Unicode.Scalar]
    var index = 0

    var atEnd: Bool { index >= text.count }

    mutating func skipBlanks() { while index < text.count, text[index] == " " || text[index] == "\t" { index += 1 } }

    mutating func expect(_ scalar: Unicode.Scalar) throws(MPDError) {
        skipBlanks()
        guard index < text.count, text[index] == scalar else { throw .argument("'\(scalar)' expected") }
        index += 1
    }

    mutating func expression() throws(MPDError) -> MPDFilter {
        try expect("(")
        skipBlanks()
        if index < text.count, text[index] == "!" {
            index += 1
            let inner = try expression()
            try expect(")")
            return .not(inner)
        }
        if index < text.count, text[index] == "(" {
            var parts = [try expression()]
            while true {
                skipBlanks()
                if index < text.count, text[index] == ")" { index += 1; return .all(parts) }
                guard word() == "AND" else { throw .argument("'AND' expected") }
                parts.append(try expression())
            }
        }
        let name = word()
        guard !name.isEmpty else { throw .argument("Word expected") }
        let filter: MPDFilter
        if name == "base" {
            filter = .tag("base", .equal, try quoted())
        } else {
            let tag = try MPDFilter.tagName(name)
            skipBlanks()
            let op = word()
            let comparison: MPDFilter.Comparison = switch op {
            case "==": .equal
            case "!=": .notEqual
            case "contains": .contains
            case "starts_with": .startsWith
            case "=~", "!~": throw MPDError.argument("Regular expressions are not supported")
            default: throw MPDError.argument("Unknown filter operator: \(op)")
            }
            filter = .tag(tag, comparison, try quoted())
        }
        try expect(")")
        return filter
    }

    /// Letters, digits and the operator characters, up to a blank or a quote.
    mutating func word() -> String {
        skipBlanks()
        var out = ""
        while index < text.count, !" \t'\"()".unicodeScalars.contains(text[index]) {
            out.unicodeScalars.append(text[index])
            index += 1
        }
        return out
    }

    mutating func quoted() throws(MPDError) -> String {
        skipBlanks()
        guard index < text.count, text[index] == "'" || text[index] == "\"" else { throw .argument("Quoted string expected") }
        let quote = text[index]
        index += 1
        var out = ""
        while index < text.count, text[index] != quote {
            if text[index] == "\\" { index += 1 }
            guard index < text.count else { break }
            out.unicodeScalars.append(text[index])
            index += 1
        }
        guard index < text.count else { throw .argument("Closing quote not found") }
        index += 1
        return out
    }
}
