/// Lenient reading of JSON values.
///
/// Plex servers disagree on types: counts arrive as `8` or `"8"`, ids as numbers or
/// strings, booleans as `true` or `"1"`. These accessors accept every spelling seen in the
/// wild and answer nil for anything missing or unusable; they never throw, so one odd
/// field costs that field only.
extension JSONValue {
    /// The member `key` of an object; nil when absent, null, or when self is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self, let value = object[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    public func string(_ key: String) -> String? { self[key]?.stringValue }
    public func int(_ key: String) -> Int? { self[key]?.intValue }
    public func int64(_ key: String) -> Int64? { self[key]?.int64Value }
    public func double(_ key: String) -> Double? { self[key]?.doubleValue }
    public func bool(_ key: String) -> Bool? { self[key]?.boolValue }
    /// An id (`ratingKey`, `key`, `id`) as a decimal string, whether it came as a number or text.
    public func id(_ key: String) -> String? { self[key]?.idValue }

    public func array(_ key: String) -> [JSONValue]? {
        guard case .array(let items)? = self[key] else { return nil }
        return items
    }

    /// The member `key` when it is an object.
    public func object(_ key: String) -> JSONValue? {
        guard let value = self[key], case .object = value else { return nil }
        return value
    }

    /// The elements of the member `key`: an array's elements, a lone object as a list of
    /// one (XML-to-JSON conversions collapse single children that way), otherwise empty.
    public func list(_ key: String) -> [JSONValue] {
        switch self[key] {
        case .array(let items)?: items
        case .object(let object)?: [.object(object)]
        default: []
        }
    }
}

extension JSONValue {
    /// Text, or a number written as text (a title like 1984 can arrive as a number).
    public var stringValue: String? {
        switch self {
        case .string(let text): text
        case .number(let number): number.text
        default: nil
        }
    }

    public var int64Value: Int64? {
        switch self {
        case .number(let number):
            return number.int64
        case .string(let text):
            let trimmed = text.trimmingASCIIWhitespace()
            if let exact = Int64(trimmed) { return exact }
            // "8.0" is still eight.
            guard let double = Double(trimmed), double.isFinite else { return nil }
            return Int64(exactly: double)
        default:
            return nil
        }
    }

    /// Int64Value when it fits an Int (a 32-bit Pi has a 32-bit Int).
    public var intValue: Int? {
        int64Value.flatMap { Int(exactly: $0) }
    }

    public var doubleValue: Double? {
        switch self {
        case .number(let number):
            return number.double
        case .string(let text):
            guard let double = Double(text.trimmingASCIIWhitespace()), double.isFinite else { return nil }
            return double
        default:
            return nil
        }
    }

    /// true / false, 1 / 0, and their spellings as text ("1", "true", "yes").
    public var boolValue: Bool? {
        switch self {
        case .bool(let flag):
            return flag
        case .number(let number):
            switch number.int64 {
            case 1: return true
            case 0: return false
            default: return nil
            }
        case .string(let text):
            switch text.trimmingASCIIWhitespace().lowercased() {
            case "1", "true", "yes": return true
            case "0", "false", "no": return false
            default: return nil
            }
        default:
            return nil
        }
    }

    /// An identifier as a decimal string: 12 → "12", "12" → "12"; blank or fractional → nil.
    public var idValue: String? {
        switch self {
        case .string(let text):
            let trimmed = text.trimmingASCIIWhitespace()
            return trimmed.isEmpty ? nil : String(trimmed)
        case .number(let number):
            return number.int64.map { String($0) }
        default:
            return nil
        }
    }
}

extension StringProtocol {
    /// Without spaces, tabs and line breaks at either end (Foundation's trimming, minus Foundation).
    public func trimmingASCIIWhitespace() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
