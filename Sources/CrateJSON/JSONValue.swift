/// A parsed JSON document, as `LenientJSON` produces it.
///
/// Plex payloads are read with lenient accessors (`JSONValue+Lenient.swift`) rather than
/// Codable: their types drift between servers, and one odd field must not cost a page.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON number: always as a Double, and exactly as an Int64 when it is integral and fits.
///
/// Ids and byte sizes can exceed 2^53, where a Double alone would silently round them.
public struct JSONNumber: Sendable, Equatable {
    public let double: Double
    /// The exact integer value; nil for fractions and for integers outside Int64.
    public let int64: Int64?

    public init(_ value: Int64) {
        double = Double(value)
        int64 = value
    }

    /// So `JSONNumber(1)` reads as an integer.
    public init(_ value: Int) {
        self.init(Int64(value))
    }

    public init(_ value: Double) {
        double = value
        int64 = Int64(exactly: value)
    }

    init(double: Double, int64: Int64?) {
        self.double = double
        self.int64 = int64
    }

    /// The number as text: integers without a decimal point (ids arrive this way).
    public var text: String {
        if let int64 { return String(int64) }
        return String(describing: double)
    }
}

/// A JSON object with its members in document order.
///
/// Order is kept so a payload can be shown as it came; lookups use the last member of a
/// name, as most JSON readers do with duplicate keys.
public struct JSONObject: Sendable, Equatable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]

    public init() {
        keys = []
        values = []
    }

    public init(_ members: [(String, JSONValue)]) {
        keys = members.map(\.0)
        values = members.map(\.1)
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value of the last member named `key`.
    public subscript(key: String) -> JSONValue? {
        // Plex objects have a few dozen members at most: a backwards scan beats hashing.
        var i = keys.count - 1
        while i >= 0 {
            if keys[i] == key { return values[i] }
            i -= 1
        }
        return nil
    }

    public mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }
}

extension JSONValue {
    /// A short name for the kind of value, for error messages ("an array", "a string").
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
