/// Names common non-MP3 formats from their first bytes, so that an error says what a
/// file is instead of only what it is not.
enum FileKind {
    /// `unknown` is said of bytes none of the signatures match.
    static func describe(_ bytes: [UInt8], at offset: Int, unknown: String = "no MPEG audio frame at the start") -> String {
        if let named = name(bytes, at: offset) { return named }
        if offset + 2 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 {
            return "MPEG audio that is not layer III, or a damaged frame header"
        }
        return unknown
    }

    /// What the bytes are ("it is a FLAC file"), when they start like a format named here;
    /// nil otherwise. For readers of other formats, to whom an MPEG frame means nothing.
    static func name(_ bytes: [UInt8], at offset: Int) -> String? {
        func matches(_ magic: String, at position: Int = 0) -> Bool {
            let start = offset + position
            let expected = Array(magic.utf8)
            guard start >= 0, start + expected.count <= bytes.count else { return false }
            return bytes[start..<start + expected.count].elementsEqual(expected)
        }
        if matches("RIFF") { return matches("WAVE", at: 8) ? "it is a RIFF/WAVE file" : "it is a RIFF file" }
        if matches("fLaC") { return "it is a FLAC file" }
        if matches("OggS") { return "it is an Ogg file" }
        if matches("%PDF") { return "it is a PDF document" }
        if matches("FORM") { return "it is an AIFF file" }
        if matches("ftyp", at: 4) { return "it is an MP4/M4A file" }
        if matches("PNG", at: 1), bytes[offset] == 0x89 { return "it is a PNG image" }
        if offset + 3 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] == 0xD8, bytes[offset + 2] == 0xFF {
            return "it is a JPEG image"
        }
        if matches("GIF8") { return "it is a GIF image" }
        if matches("PK\u{03}\u{04}") { return "it is a ZIP archive" }
        if matches("APETAGEX") { return "it holds only an APE tag" }
        if matches("TAG") { return "it holds only an ID3v1 tag" }
        return nil
    }
}
