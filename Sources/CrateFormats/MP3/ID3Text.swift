/// Text in ID3 tags: encoding 0 Latin-1, 1 UTF-16 with a byte-order mark, 2 UTF-16BE,
/// 3 UTF-8; several strings separated by NUL. Real files bend every rule (UTF-8 in a
/// "Latin-1" frame, UTF-16 without a BOM, stray terminators, invalid bytes): decoding
/// never fails, it replaces what cannot be read.
enum ID3Text {
    /// A text frame's strings (encoding byte first), cleaned, empty ones dropped.
    static func strings(_ body: ArraySlice<UInt8>) -> [String] {
        pieces(body).compactMap(cleaned)
    }

    /// A text frame's strings as written, empty ones kept: for frames where position
    /// matters (TXXX: description, then value).
    static func pieces(_ body: ArraySlice<UInt8>) -> [String] {
        guard let encoding = body.first else { return [] }
        switch encoding {
        case 0: return singleByte(body.dropFirst())
        case 3: return singleByte(body.dropFirst(), declaredUTF8: true)
        case 1: return utf16(body.dropFirst(), bigEndian: nil)
        case 2: return utf16(body.dropFirst(), bigEndian: true)
        default:
            // No encoding byte at all (printable first byte), or an unknown one.
            return singleByte(encoding >= 0x20 ? body : body.dropFirst())
        }
    }

    /// Where a string of `encoding` that starts at `start` ends, and where what follows
    /// its terminator begins; nil when there is no terminator.
    static func terminator(in bytes: ArraySlice<UInt8>, from start: Int, encoding: UInt8) -> (end: Int, next: Int)? {
        if encoding == 1 || encoding == 2 {
            var i = start
            while i + 1 < bytes.endIndex {
                if bytes[i] == 0, bytes[i + 1] == 0 { return (i, i + 2) }
                i += 2
            }
            return nil
        }
        guard let i = bytes[start...].firstIndex(of: 0) else { return nil }
        return (i, i + 1)
    }

    /// Latin-1 or UTF-8 bytes, one string: what ID3v1 and frame fields hold.
    static func latin1OrUTF8(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        // Latin-1 text almost never forms valid multi-byte UTF-8; UTF-8 mislabelled as
        // Latin-1 is common. Believe the bytes.
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return text
    }

    /// Trimmed of blanks, NULs and stray byte-order marks; nil when nothing is left.
    static func cleaned(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        func isJunk(_ s: Unicode.Scalar) -> Bool { s.value == 0 || s.value == 0xFEFF || s.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: { !isJunk($0) }),
              let last = scalars.lastIndex(where: { !isJunk($0) })
        else { return nil }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    private static func singleByte(_ bytes: ArraySlice<UInt8>, declaredUTF8: Bool = false) -> [String] {
        bytes.split(separator: 0, omittingEmptySubsequences: false).map { piece in
            declaredUTF8 ? utf8(piece) : latin1OrUTF8(piece)
        }
    }

    /// Declared UTF-8: invalid sequences become U+FFFD, unless nothing in the string is
    /// valid multi-byte UTF-8, in which case it is Latin-1 in the wrong frame.
    private static func utf8(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let readable = text.unicodeScalars.contains { $0.value >= 0x80 && $0.value != 0xFFFD }
        return readable || !text.unicodeScalars.contains("\u{FFFD}") ? text : latin1OrUTF8(bytes)
    }

    /// UTF-16 strings, each with or without its own byte-order mark. `bigEndian` nil:
    /// from the BOM, else from the previous string, else guessed from the zero bytes.
    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool?) -> [String] {
        var result: [String] = []
        var order = bigEndian
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let found = terminator(in: bytes, from: start, encoding: 1)
            var piece = bytes[start..<(found?.end ?? bytes.endIndex)]
            if piece.count >= 2 {
                let mark = (piece[piece.startIndex], piece[piece.startIndex + 1])
                if mark == (0xFF, 0xFE) || mark == (0xFE, 0xFF) {
                    order = mark == (0xFE, 0xFF)
                    piece = piece.dropFirst(2)
                }
            }
            let bigEndian = order ?? guessBigEndian(piece)
            order = bigEndian
            var units: [UInt16] = []
            units.reserveCapacity(piece.count / 2)
            var i = piece.startIndex
            while i + 1 < piece.endIndex {
                let a = UInt16(piece[i]), b = UInt16(piece[i + 1])
                units.append(bigEndian ? a << 8 | b : b << 8 | a)
                i += 2
            }
            result.append(String(decoding: units, as: UTF16.self))
            guard let next = found?.next else { break }
            start = next
        }
        return result
    }

    /// Western text in UTF-16 has a zero high byte in most units: it shows the order.
    /// With no evidence, little-endian (what Windows taggers write).
    private static func guessBigEndian(_ bytes: ArraySlice<UInt8>) -> Bool {
        var evenZeros = 0, oddZeros = 0
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            if bytes[i] == 0 { evenZeros += 1 }
            if bytes[i + 1] == 0 { oddZeros += 1 }
            i += 2
        }
        return evenZeros > oddZeros
    }
}
