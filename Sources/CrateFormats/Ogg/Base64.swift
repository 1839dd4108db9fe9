/// Standard base64 (RFC 4648, "+/" alphabet, "=" padding) as Ogg's
/// METADATA_BLOCK_PICTURE comments carry pictures. Line breaks and spaces are skipped;
/// any other character outside the alphabet makes the text invalid.
enum Base64 {
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = Int8(index)
        }
        return table
    }()

    private static func isSkipped(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09
    }

    /// The number of bytes `text` decodes to, without decoding it.
    static func decodedLength(_ text: String) -> Int {
        var symbols = 0
        for byte in text.utf8 where !isSkipped(byte) && byte != UInt8(ascii: "=") { symbols += 1 }
        return symbols * 6 / 8
    }

    /// Decodes `text`, stopping once `limit` bytes are out (a picture's header is in its
    /// first few hundred bytes). Nil when the text is not base64.
    static func decode(_ text: String, limit: Int = .max) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(min(limit, decodedLength(text)))
        var accumulator: UInt32 = 0
        var bits = 0
        var ended = false
        for byte in text.utf8 where !isSkipped(byte) {
            if byte == UInt8(ascii: "=") {
                ended = true
                continue
            }
            let value = values[Int(byte)]
            guard value >= 0, !ended else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                if out.count >= limit { return out }
            }
        }
        return out
    }
}
