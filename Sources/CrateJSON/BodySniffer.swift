/// Says what a body that is not JSON looks like, so an error names the real problem:
/// a Plex server answers a bad token with an HTML page even when JSON was asked for, and
/// without `Accept: application/json` it answers XML.
enum BodySniffer {
    /// How many characters of the body an error message quotes.
    static let snippetLength = 60

    static func notJSON(_ bytes: [UInt8], from start: Int) -> JSONReadError {
        let head = Array(bytes[start..<min(bytes.count, start + 4096)])
        let lowered = String(decoding: head, as: UTF8.self).lowercased()
        let kind: String
        if head.first != UInt8(ascii: "<") {
            kind = "text"
        } else if lowered.contains("<html") || lowered.contains("<!doctype html") || lowered.contains("<body") {
            kind = "HTML"
        } else {
            kind = "XML"
        }
        let title = kind == "HTML" ? htmlTitle(head) : nil
        return .notJSON(kind: kind, title: title, snippet: snippet(head))
    }

    /// The body's start as one line: whitespace runs folded, control characters dropped.
    static func snippet(_ bytes: [UInt8]) -> String {
        let folded = foldWhitespace(String(decoding: bytes, as: UTF8.self))
        guard folded.count > snippetLength else { return folded }
        return String(folded.prefix(snippetLength)) + "…"
    }

    /// The text of the first `<title>` element, if any.
    static func htmlTitle(_ bytes: [UInt8]) -> String? {
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard let open = firstRange(of: Array("<title".utf8), in: lowered),
              let close = lowered[open.upperBound...].firstIndex(of: UInt8(ascii: ">")),
              let end = firstRange(of: Array("</".utf8), in: lowered, from: close + 1)
        else { return nil }
        let title = foldWhitespace(String(decoding: bytes[(close + 1)..<end.lowerBound], as: UTF8.self))
        guard !title.isEmpty else { return nil }
        return title.count > snippetLength ? String(title.prefix(snippetLength)) + "…" : title
    }

    private static func foldWhitespace(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F {
                // Line breaks and tabs become one space; other control characters vanish.
                if scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" { pendingSpace = !out.isEmpty }
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
            i += 1
        }
        return nil
    }
}
