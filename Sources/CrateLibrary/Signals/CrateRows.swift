import CrateCore

/// The few columns crate signals need about every album, the server's history of it
/// included (zero and nil for local albums and albums the server never played).
struct CrateAlbumRow: Sendable {
    var id: Int64
    var key: String
    var artistSort: String
    var superGenre: String
    var subGenre: String?
    var year: Int?
    /// The server's `addedAt` for a Plex album, else the files' age.
    var addedAt: Double
    var online: Bool
    var serverPlays = 0
    var serverLastPlayed: Double? = nil
    /// 0…10.
    var serverRating: Double? = nil
}

extension AlbumUserState {
    /// The box's state of an album with the server's history folded in: its plays count as
    /// heard to the end (a Plex view is a completed play), the later last play wins, and a
    /// high rating is a like unless the box has an opinion of its own. Only read by the
    /// signals: nothing of this is written to user.sqlite.
    func merged(with row: CrateAlbumRow) -> AlbumUserState {
        var state = self
        state.plays += row.serverPlays
        state.completedPlays += row.serverPlays
        if let server = row.serverLastPlayed, server > (state.lastPlayed ?? 0) { state.lastPlayed = server }
        if state.opinion == .none, let rating = row.serverRating, rating >= PlexAlbumStats.likedRating {
            state.opinion = .liked
        }
        return state
    }
}

extension LibraryStore {
    /// Every album with the user's state of it (the server's history merged in), in one
    /// query: user.sqlite is attached to the reader connection, so no album key is ever
    /// hashed on the way (this is what a turn of the dial waits for).
    ///
    /// Reading 20,000 rows is most of a dial turn, so the result is kept and reused until
    /// SQLite's `data_version` says another connection (a scan, a sync, a like, a play)
    /// changed either file.
    func crateRowsWithState() throws(LibraryStoreError) -> [(row: CrateAlbumRow, state: AlbumUserState)] {
        let userFile = directory + "/" + UserSchema.file
        return try reader.withLock { (db: inout Database) throws(LibraryStoreError) in
            try storeCall {
                // ATTACH is refused inside a transaction, so it happens before the read begins.
                if try db.firstRow("SELECT 1 FROM pragma_database_list WHERE name = 'user'", [], { _ in 1 }) == nil {
                    try db.run("ATTACH DATABASE ?1 AS user", [.text(userFile)])
                }
                let versions = (try db.firstRow("PRAGMA main.data_version", [], { $0.int64(0) }) ?? -1,
                                try db.firstRow("PRAGMA user.data_version", [], { $0.int64(0) }) ?? -1)
                if let cached = crateRowCache.withLock({ $0 }), cached.versions == versions { return cached.rows }
                let rows = try readCrateRows(db)
                crateRowCache.withLock { $0 = CrateRowCache(versions: versions, rows: rows) }
                return rows
            }
        }
    }

    private func readCrateRows(_ db: Database) throws -> [(row: CrateAlbumRow, state: AlbumUserState)] {
        try db.readTransaction {
            try db.rows("""
                SELECT a.id, a.album_key, a.artist_sort, a.super_genre, a.sub_genre, ifnull(p.added_at, a.added_at),
                       a.online, u.liked, u.disliked, u.play_count, u.completed_plays, u.last_played,
                       a.year, p.view_count, p.last_viewed_at, p.user_rating
                FROM albums a LEFT JOIN user.album_state u ON u.album_key = a.album_key
                    LEFT JOIN plex_album_stats p ON p.album_key = a.album_key
                """, []) { s in
                var state = AlbumUserState()
                if !s.isNull(7) {
                    state.opinion = s.bool(7) ? .liked : s.bool(8) ? .disliked : .none
                    state.plays = s.int(9)
                    state.completedPlays = s.int(10)
                    state.lastPlayed = s.optionalDouble(11)
                }
                var row = CrateAlbumRow(id: s.int64(0), key: s.text(1), artistSort: s.text(2), superGenre: s.text(3),
                                        subGenre: s.optionalText(4), year: s.optionalInt(12), addedAt: s.double(5),
                                        online: s.bool(6))
                if !s.isNull(13) {
                    row.serverPlays = max(0, s.int(13))
                    row.serverLastPlayed = s.optionalDouble(14)
                    row.serverRating = s.optionalDouble(15)
                }
                return (row, state.merged(with: row))
            }
        }
    }
}

extension LibraryStore {
    /// Ids of the disliked albums, from the rows the crate signals keep (no re-read
    /// unless something changed): asked for at every album change.
    public func dislikedAlbumIDs() throws(LibraryStoreError) -> Set<Int64> {
        Set(try crateRowsWithState().filter { $0.state.opinion == .disliked }.map(\.row.id))
    }
}

/// What `crateRowsWithState` read last, and at which `data_version`s.
struct CrateRowCache: Sendable {
    var versions: (Int64, Int64)
    var rows: [(row: CrateAlbumRow, state: AlbumUserState)]
}
