import CrateFormats
import CrateSQLite

/// How a FileRecord maps onto the `files` table, in one place: the column list, the
/// upsert, the binds and the read-back all follow the same order.
extension FileRecord {
    /// Joins genres in one column. U+001F (unit separator) never appears in a tag.
    static let genreSeparator: Character = "\u{1F}"

    static let columns = [
        "path", "root", "size", "mtime_ns", "album_key", "title", "artist", "album_artist", "album_title",
        "track_number", "track_total", "disc_number", "disc_total", "year", "date", "genres", "compilation",
        "musicbrainz_album_id", "rg_track_gain", "rg_track_peak", "rg_album_gain", "rg_album_peak",
        "art_offset", "art_length", "art_mime", "sample_rate", "channels", "duration_frames", "exact_duration",
        "super_genre", "sub_genre", "artist_sort", "album_sort", "artist_key", "codec", "bits_per_sample", "lossless",
    ]

    /// Insert, or update in place by path: the row keeps its id, so an album's
    /// `art_file_id` stays valid across rescans.
    static let upsertSQL: String = {
        let marks = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return "INSERT INTO files (\(columns.joined(separator: ", "))) VALUES (\(marks)) "
            + "ON CONFLICT (path) DO UPDATE SET \(updates)"
    }()

    static let selectSQL = "SELECT \(columns.joined(separator: ", ")) FROM files"

    func bind(to statement: Statement) throws(SQLiteError) {
        try statement.bind(path, at: 1)
        try statement.bind(root, at: 2)
        try statement.bind(size, at: 3)
        try statement.bind(mtimeNanos, at: 4)
        try statement.bind(albumKey, at: 5)
        try statement.bind(title, at: 6)
        try statement.bind(artist, at: 7)
        try statement.bind(albumArtist, at: 8)
        try statement.bind(albumTitle, at: 9)
        try statement.bind(trackNumber, at: 10)
        try statement.bind(trackTotal, at: 11)
        try statement.bind(discNumber, at: 12)
        try statement.bind(discTotal, at: 13)
        try statement.bind(year, at: 14)
        try statement.bind(date, at: 15)
        try statement.bind(genres.joined(separator: String(Self.genreSeparator)), at: 16)
        try statement.bind(compilation, at: 17)
        try statement.bind(musicBrainzAlbumID, at: 18)
        try statement.bind(replayGain?.trackGain, at: 19)
        try statement.bind(replayGain?.trackPeak, at: 20)
        try statement.bind(replayGain?.albumGain, at: 21)
        try statement.bind(replayGain?.albumPeak, at: 22)
        try statement.bind(artwork?.offset, at: 23)
        try statement.bind(artwork?.length, at: 24)
        try statement.bind(artwork?.mimeType, at: 25)
        try statement.bind(sampleRate, at: 26)
        try statement.bind(channels, at: 27)
        try statement.bind(durationFrames, at: 28)
        try statement.bind(exactDuration, at: 29)
        try statement.bind(superGenre, at: 30)
        try statement.bind(subGenre, at: 31)
        try statement.bind(artistSortKey, at: 32)
        try statement.bind(albumSortKey, at: 33)
        // Derived: the track artist's sort key, so an artist filter finds compilation tracks by index.
        try statement.bind(SortKey.make(artist), at: 34)
        try statement.bind(codec, at: 35)
        try statement.bind(bitsPerSample, at: 36)
        try statement.bind(lossless, at: 37)
    }

    /// A record from a row of `selectSQL` (the derived `artist_key` is not read back). A ReplayGain with no value at all reads back as nil.
    init(row s: Statement) {
        let genreText = s.text(15)
        let gain = ReplayGain(trackGain: s.optionalDouble(18), trackPeak: s.optionalDouble(19),
                              albumGain: s.optionalDouble(20), albumPeak: s.optionalDouble(21))
        let hasGain = gain.trackGain != nil || gain.trackPeak != nil || gain.albumGain != nil || gain.albumPeak != nil
        var artwork: ArtworkLocation? = nil
        if let offset = s.optionalInt(22), let length = s.optionalInt(23) {
            artwork = ArtworkLocation(offset: offset, length: length, mimeType: s.text(24))
        }
        self.init(
            path: s.text(0), root: s.text(1), size: s.int(2), mtimeNanos: s.int(3), albumKey: s.text(4),
            title: s.text(5), artist: s.text(6), albumArtist: s.optionalText(7), albumTitle: s.text(8),
            trackNumber: s.optionalInt(9), trackTotal: s.optionalInt(10), discNumber: s.optionalInt(11),
            discTotal: s.optionalInt(12), year: s.optionalInt(13), date: s.optionalText(14),
            genres: genreText.isEmpty ? [] : genreText.split(separator: Self.genreSeparator,
                                                                omittingEmptySubsequences: false).map(String.init),
            compilation: s.bool(16), musicBrainzAlbumID: s.optionalText(17), replayGain: hasGain ? gain : nil,
            artwork: artwork, sampleRate: s.int(25), channels: s.int(26), durationFrames: s.int(27),
            exactDuration: s.bool(28), superGenre: s.text(29), subGenre: s.optionalText(30),
            artistSortKey: s.text(31), albumSortKey: s.text(32), codec: s.text(34), bitsPerSample: s.int(35),
            lossless: s.bool(36))
    }
}
