/// Vorbis comments (FLAC's VORBIS_COMMENT block, Ogg Vorbis's and Opus's comment
/// headers): `NAME=value` pairs, names case-insensitive, a name may repeat (several
/// artists, several genres). Turned into `TrackTags` the same way for every format.
public struct VorbisComments: Sendable, Equatable {
    public var vendor = ""
    /// Upper-cased name → values in order.
    public var fields: [String: [String]] = [:]
    /// METADATA_BLOCK_PICTURE values (base64), in order.
    public var pictures: [String] { fields["METADATA_BLOCK_PICTURE"] ?? [] }

    public init() {}

    /// Parses the comment structure (after any packet signature): vendor length and string,
    /// count, then length-prefixed `NAME=value` strings, all little-endian 32-bit.
    /// Damage keeps what was read before it and says what was lost in `problems`.
    public static func parse(_ bytes: [UInt8], start: Int = 0, problems: inout [String]) -> VorbisComments {
        var end = 0
        return parse(bytes, start: start, problems: &problems, end: &end)
    }

    /// `parse`, also giving the offset just past the last comment read (`end`).
    static func parse(_ bytes: [UInt8], start: Int = 0, problems: inout [String], end: inout Int) -> VorbisComments {
        var comments = VorbisComments()
        var at = start
        defer { end = at }
        func u32() -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            defer { at += 4 }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        func string(_ length: Int) -> String? {
            guard length >= 0, at + length <= bytes.count else { return nil }
            defer { at += length }
            return String(decoding: bytes[at..<at + length], as: UTF8.self)
        }
        guard let vendorLength = u32(), let vendor = string(vendorLength), let count = u32() else {
            problems.append("the comment block is cut short before its first comment")
            return comments
        }
        comments.vendor = vendor
        for index in 0..<count {
            guard let length = u32(), let text = string(length) else {
                problems.append("comment \(index + 1) of \(count) runs past the end of the block")
                break
            }
            guard let equals = text.firstIndex(of: "=") else { continue }
            let name = text[..<equals].uppercased()
            let value = String(text[text.index(after: equals)...])
            comments.fields[name, default: []].append(value)
        }
        return comments
    }

    public func first(_ name: String) -> String? {
        fields[name]?.first { $0.contains { !$0.isWhitespace } }?.trimmingBlanks()
    }

    /// The tags these comments carry (pictures are the format's business).
    public var tags: TrackTags {
        var tags = TrackTags()
        tags.title = first("TITLE")
        // Several ARTIST comments are one credit: "A; B", as ID3 writes them.
        tags.artist = fields["ARTIST"].map { $0.map { $0.trimmingBlanks() }.filter { !$0.isEmpty }.joined(separator: "; ") }
            .flatMap { $0.isEmpty ? nil : $0 }
        tags.album = first("ALBUM")
        tags.albumArtist = first("ALBUMARTIST") ?? first("ALBUM ARTIST") ?? first("ALBUM_ARTIST")
        if let track = first("TRACKNUMBER") {
            (tags.trackNumber, tags.trackTotal) = TagValueParsing.numberAndTotal(track)
        }
        if let total = first("TRACKTOTAL") ?? first("TOTALTRACKS") {
            tags.trackTotal = TagValueParsing.numberAndTotal(total).number ?? tags.trackTotal
        }
        if let disc = first("DISCNUMBER") {
            (tags.discNumber, tags.discTotal) = TagValueParsing.numberAndTotal(disc)
        }
        if let total = first("DISCTOTAL") ?? first("TOTALDISCS") {
            tags.discTotal = TagValueParsing.numberAndTotal(total).number ?? tags.discTotal
        }
        if let date = first("DATE") ?? first("ORIGINALDATE") ?? first("YEAR") {
            tags.date = date
            tags.year = TagValueParsing.year(date)
        }
        tags.genres = (fields["GENRE"] ?? []).flatMap { $0.split(separator: ";") }
            .map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        tags.compilation = ["1", "true", "yes"].contains(first("COMPILATION")?.lowercased() ?? "")
        tags.musicBrainzAlbumID = first("MUSICBRAINZ_ALBUMID")
        tags.artistSort = first("ARTISTSORT")
        tags.albumArtistSort = first("ALBUMARTISTSORT")
        tags.albumSort = first("ALBUMSORT")
        var gain = ReplayGain()
        gain.trackGain = first("REPLAYGAIN_TRACK_GAIN").flatMap(TagValueParsing.decibels)
        gain.trackPeak = first("REPLAYGAIN_TRACK_PEAK").flatMap(TagValueParsing.decibels)
        gain.albumGain = first("REPLAYGAIN_ALBUM_GAIN").flatMap(TagValueParsing.decibels)
        gain.albumPeak = first("REPLAYGAIN_ALBUM_PEAK").flatMap(TagValueParsing.decibels)
        tags.replayGain = gain == ReplayGain() ? nil : gain
        return tags
    }
}
