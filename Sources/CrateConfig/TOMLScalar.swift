/// The bare words of TOML: `true`, `false`, integers (`42`, `-7`, `1_000`, `0x1F`, `0o660`,
/// `0b101`) and floats (`2.5`, `1e-3`, `6.02e23`, `inf`, `nan`).
enum TOMLScalar {
    struct Problem: Error, Equatable {
        let message: String
    }

    static func parse(_ word: String) -> Result<TOMLValue, Problem> {
        switch word {
        case "true": return .success(.boolean(true))
        case "false": return .success(.boolean(false))
        case "inf", "+inf": return .success(.float(.infinity))
        case "-inf": return .success(.float(-.infinity))
        case "nan", "+nan", "-nan": return .success(.float(.nan))
        default: break
        }
        let bytes = Array(word.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), let radix = radix(prefix: bytes[1]) {
            return prefixedInteger(word, digits: bytes[2...], radix: radix)
        }
        let hasSign = bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-")
        let body = hasSign ? bytes.dropFirst() : bytes[...]
        guard let first = body.first, first.isDecimalDigit else { return .failure(notAValue(word)) }
        if body.contains(UInt8(ascii: ":")) || looksLikeDate(body) {
            return .failure(Problem(message: "dates and times are not supported, found \(word)"))
        }
        if body.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return float(word, sign: hasSign ? word.prefix(1) : "", body: body)
        }
        return decimalInteger(word, sign: hasSign ? word.prefix(1) : "", body: body)
    }

    private static func decimalInteger(_ word: String, sign: Substring,
                                       body: ArraySlice<UInt8>) -> Result<TOMLValue, Problem> {
        guard let digits = digits(body, where: \.isDecimalDigit) else {
            return .failure(Problem(message: "\(word) is not a valid number"))
        }
        if digits.utf8.count > 1, digits.hasPrefix("0") {
            return .failure(Problem(message: "\(word): leading zeros are not allowed "
                                    + "(for an octal number write 0o\(digits.drop(while: { $0 == "0" })))"))
        }
        guard let value = Int(sign + digits) else { return .failure(outOfRange(word)) }
        return .success(.integer(value))
    }

    private static func prefixedInteger(_ word: String, digits body: ArraySlice<UInt8>,
                                        radix: Int) -> Result<TOMLValue, Problem> {
        let isDigit: (UInt8) -> Bool = { byte in
            byte.isHexDigit && Int(String(UnicodeScalar(byte)), radix: radix) != nil
        }
        guard let digits = digits(body, where: isDigit) else {
            return .failure(Problem(message: "\(word) is not a valid base-\(radix) number"))
        }
        guard let value = Int(digits, radix: radix) else { return .failure(outOfRange(word)) }
        return .success(.integer(value))
    }

    /// `int[.frac][e[±]exp]`, with at least the fraction or the exponent.
    private static func float(_ word: String, sign: Substring,
                              body: ArraySlice<UInt8>) -> Result<TOMLValue, Problem> {
        let invalid = Problem(message: "\(word) is not a valid number")
        let isExponent: (UInt8) -> Bool = { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let integerEnd = body.firstIndex { $0 == UInt8(ascii: ".") || isExponent($0) } ?? body.endIndex
        guard let integerPart = digits(body[..<integerEnd], where: \.isDecimalDigit) else {
            return .failure(invalid)
        }
        if integerPart.utf8.count > 1, integerPart.hasPrefix("0") {
            return .failure(Problem(message: "\(word): leading zeros are not allowed"))
        }
        var text = sign + integerPart
        var rest = body[integerEnd...]
        if rest.first == UInt8(ascii: ".") {
            let fractionEnd = rest.firstIndex(where: isExponent) ?? rest.endIndex
            guard let fraction = digits(rest[(rest.startIndex + 1)..<fractionEnd], where: \.isDecimalDigit) else {
                return .failure(invalid)
            }
            text += "." + fraction
            rest = rest[fractionEnd...]
        }
        if let first = rest.first, isExponent(first) {
            var exponent = rest.dropFirst()
            var exponentSign = ""
            if let signByte = exponent.first, signByte == UInt8(ascii: "+") || signByte == UInt8(ascii: "-") {
                exponentSign = String(UnicodeScalar(signByte))
                exponent = exponent.dropFirst()
            }
            guard let digits = digits(exponent, where: \.isDecimalDigit) else { return .failure(invalid) }
            text += "e" + exponentSign + digits
            rest = rest[rest.endIndex...]
        }
        guard rest.isEmpty, let value = Double(text) else { return .failure(invalid) }
        guard value.isFinite else { return .failure(outOfRange(word)) }
        return .success(.float(value))
    }

    /// The digits of `bytes` without underscores, where every underscore sits between two
    /// digits; nil if `bytes` is empty or holds anything else.
    private static func digits(_ bytes: ArraySlice<UInt8>, where isDigit: (UInt8) -> Bool) -> String? {
        guard let first = bytes.first, let last = bytes.last, isDigit(first), isDigit(last) else {
            return nil
        }
        var digits: [UInt8] = []
        var afterUnderscore = false
        for byte in bytes {
            if byte == UInt8(ascii: "_") {
                if afterUnderscore { return nil }
                afterUnderscore = true
            } else if isDigit(byte) {
                digits.append(byte)
                afterUnderscore = false
            } else {
                return nil
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// `1979-05-27…`: four digits and a dash.
    private static func looksLikeDate(_ body: ArraySlice<UInt8>) -> Bool {
        body.count > 4 && body.prefix(4).allSatisfy(\.isDecimalDigit)
            && body[body.startIndex + 4] == UInt8(ascii: "-")
    }

    private static func radix(prefix: UInt8) -> Int? {
        switch prefix {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    private static func outOfRange(_ word: String) -> Problem {
        Problem(message: "\(word) is out of range for a 64-bit number")
    }

    /// A word that is no TOML value at all; most often a string someone forgot to quote.
    private static func notAValue(_ word: String) -> Problem {
        switch word.lowercased() {
        case "true", "false":
            return Problem(message: "expected a value, found \(word); booleans are lowercase: \(word.lowercased())")
        default:
            return Problem(message: "expected a value, found \(word); strings need quotes: "
                           + TOMLValue.quoted(word))
        }
    }
}
