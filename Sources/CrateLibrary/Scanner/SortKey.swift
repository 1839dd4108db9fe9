/// Sort keys as DESIGN.md defines them: leading "The", "A" or "An" ignored, case and
/// diacritics folded, so "The Beatles", "beatles" and "Béatles" sort together. Done by
/// hand over Unicode scalars: no Foundation, no ICU.
public enum SortKey {
    public static func make(_ text: String) -> String {
        var folded = fold(text)
        for article in ["the ", "a ", "an "] where folded.hasPrefix(article) && folded.count > article.count {
            folded.removeFirst(article.count)
            break
        }
        return folded
    }

    /// Lowercased, diacritics removed, punctuation dropped, runs of spaces collapsed.
    public static func fold(_ text: String) -> String {
        // Most tags are plain ASCII: fold those byte by byte (a scan folds every artist and
        // title several times, and Unicode property lookups cost more than the rest of it).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return foldASCII(text) }
        return foldUnicode(text)
    }

    private static func foldASCII(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var lastWasSpace = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.append(byte)
                lastWasSpace = false
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                out.append(byte + 32)
                lastWasSpace = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"):
                if !lastWasSpace { out.append(UInt8(ascii: " ")) }
                lastWasSpace = true
            default:
                break  // punctuation carries no letter
            }
        }
        if out.last == UInt8(ascii: " ") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    private static func foldUnicode(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            for base in baseLetters(of: scalar) {
                if base.properties.isWhitespace || base == "-" || base == "_" || base == "/" {
                    if !lastWasSpace { out.append(" ") }
                    lastWasSpace = true
                } else if base.properties.isAlphabetic || base.properties.numericType != nil {
                    out.append(contentsOf: base.properties.lowercaseMapping.unicodeScalars)
                    lastWasSpace = false
                }
            }
        }
        if out.last == " " { out.removeLast() }
        return String(out)
    }

    /// A scalar without its diacritics; the few letters with no decomposition get their
    /// usual ASCII spelling.
    private static func baseLetters(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        switch scalar {
        case "ß": return ["s", "s"]
        case "æ", "Æ": return ["a", "e"]
        case "œ", "Œ": return ["o", "e"]
        case "ø", "Ø": return ["o"]
        case "đ", "Đ", "ð", "Ð": return ["d"]
        case "ł", "Ł": return ["l"]
        case "þ", "Þ": return ["t", "h"]
        case "ı": return ["i"]
        default: break
        }
        if let base = LatinFolding.table[scalar] { return [base] }
        // A lone combining mark (from text already decomposed) carries no letter.
        return scalar.properties.canonicalCombiningClass == .notReordered ? [scalar] : []
    }
}
