/// What the frames of an ID3v2 tag say, collected as the tag is walked and turned into
/// `TrackTags` at the end. The first frame of a kind wins over later ones.
struct ID3v2Frames {
    let version: Int
    /// ID3v2.4: the tag's flag says every frame is unsynchronised.
    let tagUnsynchronised: Bool

    private var text: [Kind: [String]] = [:]
    private var userText: [String: String] = [:]
    private var artwork: ArtworkLocation?

    /// The content of a text frame larger than this is not read.
    static let maxTextFrame = 1 << 20

    init(version: Int, tagUnsynchronised: Bool) {
        self.version = version
        self.tagUnsynchronised = tagUnsynchronised
    }

    enum Kind: Hashable {
        case title, artist, album, albumArtist, track, disc, year, dayMonth, recordingTime, releaseTime
        case genre, compilation, userText, picture
    }

    static let kinds: [String: Kind] = [
        "TIT2": .title, "TT2": .title, "TPE1": .artist, "TP1": .artist, "TALB": .album, "TAL": .album,
        "TPE2": .albumArtist, "TP2": .albumArtist, "TRCK": .track, "TRK": .track, "TPOS": .disc, "TPA": .disc,
        "TYER": .year, "TYE": .year, "TDAT": .dayMonth, "TDA": .dayMonth, "TDRC": .recordingTime,
        "TDRL": .releaseTime, "TCON": .genre, "TCO": .genre, "TCMP": .compilation, "TCP": .compilation,
        "TXXX": .userText, "TXX": .userText, "APIC": .picture, "PIC": .picture,
    ]

    /// One frame: `start` and `size` locate its content (after the frame header) in `body`.
    mutating func handle(id: String, flags: UInt16, start: Int, size: Int, body: ID3v2Body,
                         tags: inout TrackTags) throws(FormatReadError) {
        guard let kind = Self.kinds[id] else { return }
        if kind == .picture, artwork != nil { return }
        if kind != .userText, kind != .picture, text[kind] != nil { return }

        // Frame flags add bytes before the content and may transform it.
        var extra = 0
        var compressed = false, encrypted = false, unsynchronised = false
        if version == 3 {
            if flags & 0x0080 != 0 { compressed = true; extra += 4 }
            if flags & 0x0040 != 0 { encrypted = true; extra += 1 }
            if flags & 0x0020 != 0 { extra += 1 }
        } else if version == 4 {
            if flags & 0x0040 != 0 { extra += 1 }
            if flags & 0x0008 != 0 { compressed = true }
            if flags & 0x0004 != 0 { encrypted = true; extra += 1 }
            if flags & 0x0002 != 0 || tagUnsynchronised { unsynchronised = true }
            if flags & 0x0001 != 0 { extra += 4 }
        }
        if compressed || encrypted {
            tags.note("frame \(id) is \(compressed ? "compressed" : "encrypted"); not read")
            return
        }
        let dataStart = start + extra
        let dataLength = size - extra
        guard dataLength > 0 else {
            tags.note("frame \(id) is too short for its flags")
            return
        }
        if kind == .picture {
            // A picture's bytes are a range of the file only when nothing transformed them.
            guard let fileOffset = body.fileOffset, !unsynchronised else { return }
            artwork = try ID3Artwork.locate(id: id, body: body, dataStart: dataStart, dataLength: dataLength,
                                            fileOffset: fileOffset, tags: &tags)
            return
        }
        guard dataLength <= Self.maxTextFrame else {
            tags.note("frame \(id) is too large (\(dataLength) bytes); not read")
            return
        }
        var data = try body.bytes(at: dataStart, count: dataLength)
        if unsynchronised { data = ID3v2Header.resynchronise(data)[...] }
        if kind == .userText {
            let pieces = ID3Text.pieces(data)
            guard let description = pieces.first.flatMap(ID3Text.cleaned)?.lowercased(),
                  let value = pieces.dropFirst().lazy.compactMap(ID3Text.cleaned).first,
                  userText[description] == nil
            else { return }
            userText[description] = value
        } else {
            let strings = ID3Text.strings(data)
            if !strings.isEmpty { text[kind] = strings }
        }
    }

    /// Writes what was collected into `tags`.
    func finish(into tags: inout TrackTags) {
        func first(_ kind: Kind) -> String? { text[kind]?.first }
        tags.title = first(.title)
        tags.artist = first(.artist)
        tags.album = first(.album)
        tags.albumArtist = first(.albumArtist) ?? userText["albumartist"] ?? userText["album artist"]
            ?? userText["album_artist"]
        if let track = first(.track) { (tags.trackNumber, tags.trackTotal) = TagValueParsing.numberAndTotal(track) }
        if let disc = first(.disc) { (tags.discNumber, tags.discTotal) = TagValueParsing.numberAndTotal(disc) }
        tags.date = first(.recordingTime) ?? yearAndDayMonth() ?? first(.releaseTime)
        tags.year = tags.date.flatMap(TagValueParsing.year)
        tags.genres = ID3Genres.resolve(text[.genre] ?? [])
        let compilationText = first(.compilation) ?? userText["compilation"] ?? userText["itunescompilation"]
            ?? userText["cpil"]
        tags.compilation = compilationText.map(Self.isTrue) ?? false
        tags.musicBrainzAlbumID = userText["musicbrainz album id"] ?? userText["musicbrainz_albumid"]
        var gain = ReplayGain()
        gain.trackGain = userText["replaygain_track_gain"].flatMap(TagValueParsing.decibels)
        gain.trackPeak = userText["replaygain_track_peak"].flatMap(TagValueParsing.decibels)
        gain.albumGain = userText["replaygain_album_gain"].flatMap(TagValueParsing.decibels)
        gain.albumPeak = userText["replaygain_album_peak"].flatMap(TagValueParsing.decibels)
        tags.replayGain = gain == ReplayGain() ? nil : gain
        tags.artwork = artwork
    }

    /// ID3v2.3 splits the date: TYER "2004" and TDAT "1705" (DDMM) → "2004-05-17".
    private func yearAndDayMonth() -> String? {
        guard let year = text[.year]?.first else { return nil }
        guard TagValueParsing.year(year) != nil, let dayMonth = text[.dayMonth]?.first,
              dayMonth.count == 4, dayMonth.allSatisfy({ $0.isASCII && $0.isNumber }),
              let day = Int(dayMonth.prefix(2)), let month = Int(dayMonth.suffix(2)),
              (1...31).contains(day), (1...12).contains(month)
        else { return year }
        return "\(year)-\(dayMonth.suffix(2))-\(dayMonth.prefix(2))"
    }

    private static func isTrue(_ text: String) -> Bool {
        let value = text.lowercased()
        if let number = Int(value) { return number > 0 }
        return value == "true" || value == "yes"
    }
}
