/// The 128-byte ID3v1 (and v1.1) tag at the end of a file: "TAG", title, artist and
/// album (30 bytes each), year (4), comment (30, or 28 + NUL + track), genre number.
enum ID3v1 {
    static let size = 128

    /// The tag in `bytes` (the file's last 128 bytes), or nil when there is none.
    static func parse(_ bytes: [UInt8]) -> TrackTags? {
        guard bytes.count == size, bytes[0] == 0x54, bytes[1] == 0x41, bytes[2] == 0x47 else { return nil }  // "TAG"
        func field(_ start: Int, _ length: Int) -> String? {
            let raw = bytes[start..<start + length]
            let end = raw.firstIndex(of: 0) ?? raw.endIndex
            return ID3Text.cleaned(ID3Text.latin1OrUTF8(raw[start..<end]))
        }
        var tags = TrackTags()
        tags.hasID3v1 = true
        tags.title = field(3, 30)
        tags.artist = field(33, 30)
        tags.album = field(63, 30)
        if let year = field(93, 4), let value = TagValueParsing.year(year) {
            tags.year = value
            tags.date = year
        }
        if bytes[125] == 0, bytes[126] != 0 { tags.trackNumber = Int(bytes[126]) }  // v1.1
        if let genre = ID3Genres.name(Int(bytes[127])) { tags.genres = [genre] }
        return tags
    }
}
