import CrateSQLite

/// Derives one `albums` row from the files that share its `album_key`, with SQL
/// aggregates over the files_by_album index: the cost of a batch is proportional to the
/// albums it touches, never to the library.
///
/// Rules: title = the most common album title; artist = the album artist if any file has
/// one, else the one track artist, else "Various Artists"; compilation when a file says so
/// or the track artists differ with no album artist; year = the earliest; genre = the most
/// common super-genre ("Other" only when nothing else is known) and its most common
/// sub-genre, the primary one (every other genre the tags name is in AlbumGenres); folder = the files' common folder, a CD1/CD2 subfolder counting as its parent;
/// artwork = the first file with a picture in album order.
struct AlbumAggregation {
    static let variousArtists = "Various Artists"

    /// Album order for tracks: disc (untagged = 1), then numbered tracks, then the rest, by path.
    static let trackOrder = "ifnull(disc_number, 1), track_number IS NULL, track_number, path"

    let db: Database

    /// Recomputes the album of `albumKey`; deletes it when no file is left.
    func update(albumKey key: String, now: Double) throws(SQLiteError) {
        try AlbumCopies(db: db).update(albumKey: key)
        let keyBind: [SQLiteValue] = [.text(key)]
        guard let totals = try db.firstRow(Self.totalsSQL, keyBind, Totals.init), totals.tracks > 0 else {
            try db.run(Self.retireSQL, [.text(key), .text(Self.retiredKey(key))])
            try db.run("DELETE FROM albums WHERE album_key = ?1", keyBind)
            try AlbumGenres(db: db).update(albumKey: key)
            return
        }
        // An album that left (a Plex sync, a folder moved away) and comes back gets its old id.
        let retired = Self.retiredKey(key)
        let restoredID = try db.firstRow(Self.restoredIDSQL, [.text(key), .text(retired)]) { $0.int64(0) }
        let title = try db.firstRow(Self.titleSQL, keyBind) { s in (s.text(0), s.text(1)) }
        let albumArtist = try db.firstRow(Self.albumArtistSQL, keyBind) { s in (s.text(0), s.text(1)) }
        let commonGenre = try db.firstRow(Self.superGenreSQL, keyBind) { $0.text(0) } ?? ""
        let superGenre = commonGenre.isEmpty ? "Other" : commonGenre
        let subGenre = try db.firstRow(Self.subGenreSQL, [.text(key), .text(superGenre)]) { $0.text(0) }
        let artFile = try db.firstRow(Self.artworkSQL, keyBind) { $0.int64(0) }

        let artist: String, artistSort: String
        let mixedArtists = albumArtist == nil && totals.distinctArtists > 1
        if let albumArtist {
            (artist, artistSort) = albumArtist
        } else if !mixedArtists {
            (artist, artistSort) = (totals.anyArtist, totals.anyArtistSort)
        } else {
            (artist, artistSort) = (Self.variousArtists, SortKey.make(Self.variousArtists))
        }
        let folder = Self.folder(firstPath: totals.firstPath, lastPath: totals.lastPath, root: totals.root)

        try db.run(Self.upsertSQL, [
            .text(key), .text(title?.0 ?? ""), .text(artist), .text(artistSort), .text(title?.1 ?? ""),
            .int(totals.year), .text(superGenre), .string(subGenre), .bool(totals.compilation || mixedArtists),
            .int(totals.tracks), .int(max(totals.discs, 1)), .real(totals.duration), .text(folder),
            .text(totals.root), artFile.map { .integer($0) } ?? .null,
            .real(Self.addedAt(oldestMtimeNanos: totals.oldestMtimeNanos, now: now)),
            restoredID.map { .integer($0) } ?? .null,
        ])
        if restoredID != nil { try db.run("DELETE FROM scan_state WHERE key = ?1", [.text(retired)]) }
        try AlbumGenres(db: db).update(albumKey: key)
    }

    /// When an album arrived: its oldest file's modification time (the day it was ripped
    /// or copied in, not the day this box first scanned it). A time before 1971 is no
    /// date at all (an archive that lost it) and one in the future a wrong clock: both
    /// fall back to now. A Plex album's `addedAt` from its server wins over this (it is
    /// kept beside it, in plex_album_stats).
    static func addedAt(oldestMtimeNanos: Int, now: Double) -> Double {
        let seconds = Double(oldestMtimeNanos) / 1e9
        return seconds < 31_536_000 || seconds > now ? now : seconds
    }

    /// Where a deleted album's id is remembered (in scan_state, so no schema change), for
    /// the day its key comes back.
    static func retiredKey(_ albumKey: String) -> String { "retired-album-id:" + albumKey }

    /// The folder holding every file: the common prefix of the first and last path in byte
    /// order (which is the common prefix of all of them), cut back to a whole folder; a disc
    /// subfolder ("CD2") is replaced by its parent unless that would climb above the root.
    static func folder(firstPath: String, lastPath: String, root: String) -> String {
        let first = Array(firstPath.utf8), last = Array(lastPath.utf8)
        var common = 0
        while common < first.count, common < last.count, first[common] == last[common] { common += 1 }
        guard let slash = first[..<common].lastIndex(of: UInt8(ascii: "/")) else { return root }
        let directory = slash == 0 ? "/" : String(decoding: first[..<slash], as: UTF8.self)
        let album = AlbumFolder.of(directory: directory)
        let climbsAboveRoot = directory.hasPrefix(root) && album.utf8.count < root.utf8.count
        return climbsAboveRoot ? directory : album
    }

    // MARK: SQL

    private struct Totals {
        var tracks: Int, discs: Int, year: Int?, duration: Double, compilation: Bool
        var distinctArtists: Int, anyArtist: String, anyArtistSort: String
        var firstPath: String, lastPath: String, root: String
        var oldestMtimeNanos: Int

        init(_ s: Statement) {
            tracks = s.int(0)
            discs = s.int(1)
            year = s.optionalInt(2)
            duration = s.double(3)
            compilation = s.bool(4)
            distinctArtists = s.int(5)
            anyArtist = s.text(6)
            anyArtistSort = s.text(7)
            firstPath = s.text(8)
            lastPath = s.text(9)
            root = s.text(10)
            oldestMtimeNanos = s.int(11)
        }
    }

    private static let totalsSQL = """
        SELECT count(*), max(max(ifnull(disc_number, 1)), max(ifnull(disc_total, 1))), min(year),
               total(CASE WHEN sample_rate > 0 THEN CAST(duration_frames AS REAL) / sample_rate ELSE 0 END),
               ifnull(max(compilation), 0), count(DISTINCT artist COLLATE NOCASE), min(artist), min(artist_sort),
               min(path), max(path), min(root), min(mtime_ns)
        FROM files WHERE album_key = ?1 AND shadowed = 0
        """

    /// Ties go to the title of the first file by path.
    private static let titleSQL = """
        SELECT album_title, min(album_sort) FROM files WHERE album_key = ?1
        GROUP BY album_title ORDER BY count(*) DESC, min(path) LIMIT 1
        """

    private static let albumArtistSQL = """
        SELECT album_artist, min(artist_sort) FROM files WHERE album_key = ?1 AND ifnull(album_artist, '') <> ''
        GROUP BY album_artist ORDER BY count(*) DESC, min(path) LIMIT 1
        """

    private static let superGenreSQL = """
        SELECT super_genre FROM files WHERE album_key = ?1
        GROUP BY super_genre ORDER BY super_genre IN ('Other', ''), count(*) DESC, super_genre LIMIT 1
        """

    private static let subGenreSQL = """
        SELECT sub_genre FROM files WHERE album_key = ?1 AND super_genre = ?2 AND ifnull(sub_genre, '') <> ''
        GROUP BY sub_genre ORDER BY count(*) DESC, sub_genre LIMIT 1
        """

    private static let artworkSQL = """
        SELECT id FROM files WHERE album_key = ?1 AND art_length > 0 ORDER BY shadowed, \(trackOrder) LIMIT 1
        """

    /// Before an album row is deleted: its id, kept under its key.
    private static let retireSQL = """
        INSERT INTO scan_state (key, value) SELECT ?2, CAST(id AS TEXT) FROM albums WHERE album_key = ?1
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """

    /// The id a key had before it left, when it has no row now and no other album holds it.
    private static let restoredIDSQL = """
        SELECT CAST(value AS INTEGER) FROM scan_state
        WHERE key = ?2 AND NOT EXISTS (SELECT 1 FROM albums WHERE album_key = ?1)
          AND NOT EXISTS (SELECT 1 FROM albums WHERE id = CAST(scan_state.value AS INTEGER))
        """

    /// `added_at` is written on insert only; the id never changes once the key has a row.
    /// A new row takes the key's retired id when it had one (?17), else the next id.
    /// An album starts online unless its root is known to be offline.
    private static let upsertSQL = """
        INSERT INTO albums (album_key, title, artist, artist_sort, title_sort, year, super_genre, sub_genre,
                            compilation, track_count, disc_count, duration, folder, root, online, art_file_id, added_at,
                            id)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,
                ifnull((SELECT online FROM roots WHERE path = ?14), 1), ?15, ?16, ?17)
        ON CONFLICT (album_key) DO UPDATE SET
            title = excluded.title, artist = excluded.artist, artist_sort = excluded.artist_sort,
            title_sort = excluded.title_sort, year = excluded.year, super_genre = excluded.super_genre,
            sub_genre = excluded.sub_genre, compilation = excluded.compilation,
            track_count = excluded.track_count, disc_count = excluded.disc_count, duration = excluded.duration,
            folder = excluded.folder, root = excluded.root, online = excluded.online,
            art_file_id = excluded.art_file_id
        """
}
