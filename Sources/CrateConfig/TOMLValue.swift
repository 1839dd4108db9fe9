/// A value on the right of `key = value` in the TOML subset crate.toml is written in.
/// Tables are not values here: they live in `TOMLDocument`, keyed by their path.
enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])

    /// The value as it would be written in a file, for error messages (`got "high"`).
    var rendered: String {
        switch self {
        case .string(let text): return TOMLValue.quoted(text)
        case .integer(let number): return String(number)
        case .float(let number): return TOMLValue.render(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let values):
            let inner = values.prefix(4).map(\.rendered).joined(separator: ", ")
            return "[" + inner + (values.count > 4 ? ", …]" : "]")
        }
    }

    /// A word for the kind of value, for messages such as "expected a string, got an array".
    var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .array: "an array"
        }
    }

    static func render(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        return String(number)
    }

    /// `text` as a TOML basic string, escaping what would not read back the same.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A key as it would be written: bare when it can be, quoted otherwise.
    static func displayKey(_ key: String) -> String {
        let bare = !key.isEmpty && key.utf8.allSatisfy(TOMLValue.isBareKeyByte)
        return bare ? key : quoted(key)
    }

    /// A table path as written in its header, without the brackets: `audio`, `a."b c"`.
    static func displayPath(_ path: [String]) -> String {
        path.map(displayKey).joined(separator: ".")
    }

    /// A-Z a-z 0-9 _ - : the characters of a bare key.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
