/// Numbers inside tag text: "3/12", "2004-05-17", "-6.20 dB". Garbage gives nil.
enum TagValueParsing {
    /// "3/12" → (3, 12); "03" → (3, nil); "/12" → (nil, 12); "A1", "" → (nil, nil).
    /// Zero means "not set" in taggers that write "0/0".
    static func numberAndTotal(_ text: String) -> (number: Int?, total: Int?) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let number = parts.first.flatMap { positive($0) }
        let total = parts.count > 1 ? positive(parts[1]) : nil
        return (number, total)
    }

    /// The first run of exactly four digits, as a year 1…9999: "2004", "2004-05-17",
    /// "17.05.2004".
    static func year(_ text: String) -> Int? {
        var run = 0
        var value = 0
        for byte in text.utf8 + [0] {
            if byte >= 0x30, byte <= 0x39 {
                run += 1
                value = run <= 4 ? value * 10 + Int(byte - 0x30) : 0
            } else {
                if run == 4, value > 0 { return value }
                run = 0
                value = 0
            }
        }
        return nil
    }

    /// ReplayGain text, tolerant: "-6.20 dB", "+1.5dB", "-6,20 dB", " 0.98 ".
    static func decibels(_ text: String) -> Double? {
        var s = Substring(text).drop { $0 == " " }
        while let last = s.last, last == " " || last.isLetter { s = s.dropLast() }
        return number(s)
    }

    /// A plain decimal number with an optional sign and a '.' or ',' decimal mark.
    static func number(_ text: Substring) -> Double? {
        let normalized = text.replacing(",", with: ".").trimmingBlanks()
        guard !normalized.isEmpty, normalized.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let value = Double(normalized), value.isFinite
        else { return nil }
        return value
    }

    private static func positive(_ text: Substring) -> Int? {
        let digits = text.trimmingBlanks()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(digits), value > 0
        else { return nil }
        return value
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and NULs.
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\0" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
