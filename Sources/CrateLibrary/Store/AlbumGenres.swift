import CrateSQLite

/// The genres of one album beyond its primary one: every genre any of its files' tags
/// name ("Jazz; Soul", or one track tagged Soul), kept in `album_genres` so a genre crate
/// holds the album in each of them. The primary genre stays the one the most files name
/// (AlbumAggregation): the Wall mixes by it alone.
struct AlbumGenres {
    /// scan_state key set by the migration that added `album_genres`: the albums already
    /// known get theirs on the next start.
    static let backfillMarker = "album-genres-pending"

    let db: Database

    /// Rewrites the album's other genres from its files' tags; removes them when the album
    /// is gone or has a single genre.
    func update(albumKey key: String) throws(SQLiteError) {
        try db.run("DELETE FROM album_genres WHERE album_key = ?1", [.text(key)])
        guard let primary = try db.firstRow("SELECT super_genre, ifnull(sub_genre, '') FROM albums WHERE album_key = ?1",
                                            [.text(key)], { s in (s.text(0).lowercased(), s.text(1).lowercased()) })
        else { return }
        let tagLists = try db.rows("SELECT DISTINCT genres FROM files WHERE album_key = ?1 AND shadowed = 0",
                                   [.text(key)]) { $0.text(0) }
        var tags: [String] = []
        for list in tagLists where !list.isEmpty {
            tags += list.split(separator: FileRecord.genreSeparator, omittingEmptySubsequences: true).map(String.init)
        }
        for match in GenreTaxonomy.classifyEach(tags: tags) {
            let superGenre = match.superGenre.rawValue, subGenre = match.subGenre?.name ?? ""
            // The primary genre is on the album row already; its super-genre alone adds nothing.
            if superGenre.lowercased() == primary.0, subGenre.isEmpty || subGenre.lowercased() == primary.1 { continue }
            try db.run("INSERT OR IGNORE INTO album_genres (album_key, super_genre, sub_genre) VALUES (?1, ?2, ?3)",
                       [.text(key), .text(superGenre), .text(subGenre)])
        }
    }

    /// Fills `album_genres` for every album once, after the migration that added it.
    func backfillIfPending() throws {
        guard try db.firstRow("SELECT 1 FROM scan_state WHERE key = ?1", [.text(Self.backfillMarker)], { _ in 1 }) != nil
        else { return }
        try db.transaction {
            for key in try db.rows("SELECT album_key FROM albums", [], { $0.text(0) }) { try update(albumKey: key) }
            try db.run("DELETE FROM scan_state WHERE key = ?1", [.text(Self.backfillMarker)])
        }
    }
}
