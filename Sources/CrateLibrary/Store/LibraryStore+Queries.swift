import CrateCore
import CrateSQLite

/// Browsing: all on the reader connection, each call one consistent snapshot.
extension LibraryStore {
    /// Albums, optionally of one super-genre, sub-genre and/or artist, ordered by artist
    /// sort key, album sort key, id. Genres match case-insensitively; an artist matches the
    /// album's artist or any of its track artists by sort key ("beatles" finds "The Beatles").
    public func albums(superGenre: String? = nil, subGenre: String? = nil,
                       artist: String? = nil) throws(LibraryStoreError) -> [AlbumSummary] {
        // Only the filters in use appear in the SQL, so each combination gets the plan that
        // uses its index (a "?1 IS NULL OR ..." clause would defeat them all).
        var conditions: [String] = [], binds: [SQLiteValue] = []
        if let superGenre {
            binds.append(.text(superGenre))
            let n = binds.count
            conditions.append("(super_genre = ?\(n) OR album_key IN (SELECT album_key FROM album_genres WHERE super_genre = ?\(n)))")
        }
        if let subGenre {
            binds.append(.text(subGenre))
            let n = binds.count
            conditions.append("(sub_genre = ?\(n) OR album_key IN (SELECT album_key FROM album_genres WHERE sub_genre = ?\(n)))")
        }
        if let artist {
            binds.append(.text(SortKey.make(artist)))
            let n = binds.count
            conditions.append("(artist_sort = ?\(n) OR album_key IN (SELECT album_key FROM files WHERE artist_key = ?\(n)))")
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let sql = Self.summarySelect + filter + " ORDER BY artist_sort, title_sort, id"
        return try read { db in
            try db.rows(sql, binds, Self.summary)
        }
    }

    /// One album with its tracks in album order (disc, track number, path); nil if unknown.
    public func album(id: Int64) throws(LibraryStoreError) -> AlbumDetail? {
        try read { db in
            let sql = "SELECT \(Self.summaryColumns), album_key FROM albums WHERE id = ?1"
            guard let (summary, key) = try db.firstRow(sql, [.integer(id)], { s in
                (Self.summary(s), s.text(12))
            }) else { return nil }
            let tracks = try db.rows("""
                SELECT id, path, disc_number, track_number, title, artist, duration_frames, sample_rate, exact_duration,
                       codec, bits_per_sample, lossless
                FROM files WHERE album_key = ?1 AND shadowed = 0 ORDER BY \(AlbumAggregation.trackOrder)
                """, [.text(key)]) { s in
                TrackSummary(id: s.int64(0), path: s.text(1), disc: s.optionalInt(2), number: s.optionalInt(3),
                             title: s.text(4), artist: s.text(5),
                             duration: s.int(7) > 0 ? Double(s.int(6)) / Double(s.int(7)) : 0,
                             exactDuration: s.bool(8),
                             format: Self.formatName(codec: s.text(9), rate: s.int(7), bits: s.int(10), lossless: s.bool(11)))
            }
            return AlbumDetail(album: summary, tracks: tracks, sources: try Self.sources(db, albumKey: key))
        }
    }

    /// What starting or queueing an album needs and no more (a phone's `add` waits on it):
    /// its title, whether its source is reachable, and its tracks' paths in album order.
    public func albumForPlaying(id: Int64) throws(LibraryStoreError) -> (title: String, online: Bool, paths: [String])? {
        try read { db in
            guard let (title, online, key) = try db.firstRow("SELECT title, online, album_key FROM albums WHERE id = ?1",
                                                             [.integer(id)], { ($0.text(0), $0.bool(1), $0.text(2)) }) else {
                return nil
            }
            let paths = try db.rows("SELECT path FROM files WHERE album_key = ?1 AND shadowed = 0 ORDER BY \(AlbumAggregation.trackOrder)",
                                    [.text(key)]) { $0.text(0) }
            return (title, online, paths)
        }
    }

    /// The paths of an album's tracks in album order, for playing; nil if the album is unknown.
    /// `everyCopy`: the files of every copy, those that do not play included (what a
    /// wallet item may name).
    public func albumPaths(id: Int64, everyCopy: Bool = false) throws(LibraryStoreError) -> [String]? {
        try read { db in
            guard let key = try db.firstRow("SELECT album_key FROM albums WHERE id = ?1", [.integer(id)], {
                $0.text(0)
            }) else { return nil }
            let playing = everyCopy ? "" : " AND shadowed = 0"
            return try db.rows("SELECT path FROM files WHERE album_key = ?1\(playing) ORDER BY \(AlbumAggregation.trackOrder)",
                               [.text(key)]) { $0.text(0) }
        }
    }

    /// Album artists (as shown on albums, "Various Artists" included) with their album
    /// counts, by sort key; spellings that share a sort key count as one artist.
    public func artists() throws(LibraryStoreError) -> [ArtistSummary] {
        try read { db in
            try db.rows("""
                SELECT min(artist), count(*) FROM albums GROUP BY artist_sort ORDER BY artist_sort
                """) { ArtistSummary(name: $0.text(0), albumCount: $0.int(1)) }
        }
    }

    /// Every album under each genre it has: its primary one and its others (AlbumGenres).
    static let everyGenreSQL = """
        SELECT album_key, super_genre, ifnull(sub_genre, '') AS sub_genre FROM albums
        UNION SELECT album_key, super_genre, sub_genre FROM album_genres
        """

    /// Each super-genre with its album count (sub-genre nil), followed by its sub-genres
    /// with theirs. Alphabetical, "Other" last. An album with several genres
    /// counts under each.
    public func genres() throws(LibraryStoreError) -> [GenreSummary] {
        let (supers, subs) = try read { db in
            (try db.rows("""
                SELECT super_genre, count(DISTINCT album_key) FROM (\(Self.everyGenreSQL)) GROUP BY super_genre
                """) {
                GenreSummary(superGenre: $0.text(0), subGenre: nil, albumCount: $0.int(1))
            }, try db.rows("""
                SELECT super_genre, sub_genre, count(DISTINCT album_key) FROM (\(Self.everyGenreSQL))
                WHERE sub_genre <> '' GROUP BY super_genre, sub_genre
                """) { GenreSummary(superGenre: $0.text(0), subGenre: $0.text(1), albumCount: $0.int(2)) })
        }
        func rank(_ name: String) -> (Int, String) { (name.lowercased() == "other" ? 1 : 0, name.lowercased()) }
        var result: [GenreSummary] = []
        for genre in supers.sorted(by: { rank($0.superGenre) < rank($1.superGenre) }) {
            result.append(genre)
            result += subs.filter { $0.superGenre.lowercased() == genre.superGenre.lowercased() }
                .sorted { ($0.subGenre ?? "").lowercased() < ($1.subGenre ?? "").lowercased() }
        }
        return result
    }

    /// Counts for `library stats`: albums, tracks, artists, offline albums, every root known
    /// (configured and scanned, or still holding albums) with its state, and the start-up notes.
    public func stats(lastScan: ScanReport?) throws(LibraryStoreError) -> LibraryStats {
        try read { db in
            let counts = try db.firstRow("""
                SELECT (SELECT count(*) FROM albums), (SELECT count(*) FROM files),
                       (SELECT count(DISTINCT artist_sort) FROM albums),
                       (SELECT count(*) FROM albums WHERE online = 0)
                """) { s in (s.int(0), s.int(1), s.int(2), s.int(3)) } ?? (0, 0, 0, 0)
            let roots = try db.rows("""
                SELECT path, online, (SELECT count(*) FROM albums a WHERE a.root = roots.path) FROM roots
                UNION ALL
                SELECT root, min(online), count(*) FROM albums WHERE root NOT IN (SELECT path FROM roots) GROUP BY root
                ORDER BY 1
                """) { LibraryRootStatus(path: $0.text(0), online: $0.bool(1), albums: $0.int(2)) }
            return LibraryStats(albums: counts.0, tracks: counts.1, artists: counts.2, offlineAlbums: counts.3,
                                roots: roots, lastScan: lastScan, storeNotes: notes)
        }
    }

    // MARK: Rows

    /// The AlbumSummary columns, in the order `summary(_:)` reads them.
    static let summaryColumns = """
        id, title, artist, year, super_genre, sub_genre, track_count, disc_count, duration, compilation, \
        online, folder
        """
    static let summarySelect = "SELECT \(summaryColumns) FROM albums"

    static func summary(_ s: Statement) -> AlbumSummary {
        AlbumSummary(id: s.int64(0), title: s.text(1), artist: s.text(2), year: s.optionalInt(3),
                     superGenre: s.text(4), subGenre: s.optionalText(5), trackCount: s.int(6),
                     discCount: s.int(7), duration: s.double(8), compilation: s.bool(9), online: s.bool(10),
                     folder: s.text(11))
    }
}
