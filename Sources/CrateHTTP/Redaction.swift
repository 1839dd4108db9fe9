/// Replaces the value of every `…token=VALUE` (X-Plex-Token, access_token…; any case)
/// with "…", so messages and logs can name a URL without leaking the credential.
func redactingTokens(_ text: String) -> String {
    let bytes = Array(text.utf8)
    let key = Array("token=".utf8)
    guard bytes.count >= key.count else { return text }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        if matchesIgnoringCase(bytes, at: i, key) {
            out += bytes[i..<i + key.count]  // the key as written
            i += key.count
            var redacted = false
            while i < bytes.count, !isValueEnd(bytes[i]) {
                i += 1
                redacted = true
            }
            if redacted { out += Array("…".utf8) }
        } else {
            out.append(bytes[i])
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

private func matchesIgnoringCase(_ bytes: [UInt8], at start: Int, _ key: [UInt8]) -> Bool {
    guard start + key.count <= bytes.count else { return false }
    for (offset, expected) in key.enumerated() {
        var byte = bytes[start + offset]
        if byte >= 65 && byte <= 90 { byte += 32 }  // ASCII upper → lower
        if byte != expected { return false }
    }
    return true
}

/// A query value ends at the next parameter, the fragment, or anything that cannot sit
/// in a URL (whitespace, quotes, brackets around a quoted URL).
private func isValueEnd(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
         UInt8(ascii: "\r"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ">"), UInt8(ascii: ")"):
        true
    default:
        false
    }
}
