/// Writes ID3v2 tags byte by byte, including the shapes no tagger should write.
struct ID3TagBuilder {
    var major: UInt8
    var frames: [[UInt8]] = []
    var flags: UInt8 = 0
    var padding = 0
    var extendedHeader: [UInt8] = []
    /// Replaces the size the header declares.
    var declaredSize: Int?

    init(version major: UInt8) { self.major = major }

    /// A frame with `content` as its body; v2.4 sizes syncsafe unless `plainSize`.
    mutating func frame(_ id: String, _ content: [UInt8], flags frameFlags: UInt16 = 0, plainSize: Bool = false,
                        declaredSize: Int? = nil) {
        let size = declaredSize ?? content.count
        var header = Array(id.utf8)
        switch major {
        case 2: header += [UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        case 3: header += Self.bigEndian(size)
        default: header += plainSize ? Self.bigEndian(size) : Self.syncsafe(size)
        }
        if major > 2 { header += [UInt8(frameFlags >> 8), UInt8(frameFlags & 0xFF)] }
        frames.append(header + content)
    }

    /// A text frame: encoding byte, then the text in that encoding.
    mutating func text(_ id: String, _ value: String, encoding: UInt8 = 3, plainSize: Bool = false) {
        frame(id, [encoding] + Self.encode(value, encoding), plainSize: plainSize)
    }

    mutating func userText(_ description: String, _ value: String, encoding: UInt8 = 3) {
        let id = major == 2 ? "TXX" : "TXXX"
        frame(id, [encoding] + Self.encode(description, encoding) + Self.terminator(encoding) + Self.encode(value, encoding))
    }

    /// The tag's bytes: header, extended header, frames, padding.
    func bytes(unsynchronise: Bool = false) -> [UInt8] {
        var body = extendedHeader + frames.flatMap { $0 } + [UInt8](repeating: 0, count: padding)
        var tagFlags = flags
        if unsynchronise {
            body = Self.unsynchronise(body)
            tagFlags |= 0x80
        }
        let size = declaredSize ?? body.count
        return Array("ID3".utf8) + [major, 0, tagFlags] + Self.syncsafe(size) + body
    }

    static func encode(_ text: String, _ encoding: UInt8) -> [UInt8] {
        switch encoding {
        case 0: return text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        case 1: return [0xFF, 0xFE] + littleEndian16(text)
        case 2: return text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: return Array(text.utf8)
        }
    }

    static func littleEndian16(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static func terminator(_ encoding: UInt8) -> [UInt8] { encoding == 1 || encoding == 2 ? [0, 0] : [0] }

    static func syncsafe(_ n: Int) -> [UInt8] {
        [UInt8(n >> 21 & 0x7F), UInt8(n >> 14 & 0x7F), UInt8(n >> 7 & 0x7F), UInt8(n & 0x7F)]
    }

    static func bigEndian(_ n: Int) -> [UInt8] {
        [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
    }

    /// Inserts a zero after every 0xFF that is followed by a byte ≥ 0xE0 or by zero (and at the end).
    static func unsynchronise(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, byte) in bytes.enumerated() {
            out.append(byte)
            if byte == 0xFF, i + 1 == bytes.count || bytes[i + 1] >= 0xE0 || bytes[i + 1] == 0 { out.append(0) }
        }
        return out
    }
}
