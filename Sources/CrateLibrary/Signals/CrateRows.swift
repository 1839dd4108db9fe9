import CrateCore
import CrateSQLite

/// The few columns crate signals need about every album, the server's history of it
/// included (zero and nil for local albums and albums the server never played).
struct CrateAlbumRow: Sendable {
    var id: Int64
    var key: String
    var artistSort: String
    var superGenre: String
    var subGenre: String?
    /// The album's genres besides the primary one (AlbumGenres): a genre crate holds it in each.
    var otherGenres: [(superGenre: String, subGenre: String?)] = []
    var year: Int?
    /// The server's `addedAt` for a remote album, else the files' age.
    var addedAt: Double
    var online: Bool
    var serverPlays = 0
    var serverLastPlayed: Double? = nil
    /// 0…10.
    var serverRating: Double? = nil
}

extension AlbumUserState {
    /// The box's state of an album with the server's history folded in: its plays count as
    /// heard to the end (a server's view is a completed play), the later last play wins, and a
    /// high rating is a like unless the box has an opinion of its own (or took that like
    /// back). Only read by the
    /// signals: nothing of this is written to user.sqlite.
    func merged(with row: CrateAlbumRow) -> AlbumUserState {
        var state = self
        state.plays += row.serverPlays
        state.completedPlays += row.serverPlays
        if let server = row.serverLastPlayed, server > (state.lastPlayed ?? 0) { state.lastPlayed = server }
        if state.opinion == .none, !state.unliked, let rating = row.serverRating, rating >= RemoteAlbumStats.likedRating {
            state.opinion = .liked
        }
        return state
    }
}

extension LibraryStore {
    /// Every album with the user's state of it (the server's history merged in): what a
    /// turn of the dial waits for. user.sqlite is attached to the reader connection.
    ///
    /// Reading 20,000 albums is most of a dial turn, so they are kept and read again only
    /// when SQLite's `data_version` says another connection (a scan, a sync) changed the
    /// cache; a like or a play changes only user.sqlite, and then only its rows (one per
    /// album ever touched, matched to album ids in SQL, so no album key is hashed here)
    /// are read again.
    func crateRowsWithState() throws(LibraryStoreError) -> [(row: CrateAlbumRow, state: AlbumUserState)] {
        let userFile = directory + "/" + UserSchema.file
        // ATTACH is refused inside a transaction, so it happens before the read begins.
        return try readOutsideTransaction { db in
            if try db.firstRow("SELECT 1 FROM pragma_database_list WHERE name = 'user'", [], { _ in 1 }) == nil {
                try db.run("ATTACH DATABASE ?1 AS user", [.text(userFile)])
            }
            let main = try db.firstRow("PRAGMA main.data_version", [], { $0.int64(0) }) ?? -1
            let user = try db.firstRow("PRAGMA user.data_version", [], { $0.int64(0) }) ?? -1
            let cached = crateRowCache.withLock { $0 }
            if let cached, cached.main == main, cached.user == user { return cached.rows }
            let albums = try cached.flatMap { $0.main == main ? $0.albums : nil } ?? readCrateAlbums(db)
            let states = try readUserStates(db)
            let rows = albums.map { row in (row: row, state: (states[row.id] ?? AlbumUserState()).merged(with: row)) }
            crateRowCache.withLock { $0 = CrateRowCache(main: main, user: user, albums: albums, rows: rows) }
            return rows
        }
    }

    /// Reads the crate rows now if a scan or sync changed them, so the next turn of the
    /// dial finds them cached: called on the thread that made the change, not the knob's.
    public func warmCrateRows() throws(LibraryStoreError) {
        _ = try crateRowsWithState()
    }

    private func readCrateAlbums(_ db: Database) throws -> [CrateAlbumRow] {
        try db.readTransaction {
            var otherGenres: [Int64: [(superGenre: String, subGenre: String?)]] = [:]
            for (id, genre) in try db.rows("""
                SELECT a.id, g.super_genre, g.sub_genre FROM album_genres g JOIN albums a ON a.album_key = g.album_key
                """, [], { s in (s.int64(0), (superGenre: s.text(1), subGenre: s.text(2).isEmpty ? nil : s.text(2))) }) {
                otherGenres[id, default: []].append(genre)
            }
            return try db.rows("""
                SELECT a.id, a.album_key, a.artist_sort, a.super_genre, a.sub_genre, ifnull(p.added_at, a.added_at),
                       a.online, a.year, p.view_count, p.last_viewed_at, p.user_rating
                FROM albums a LEFT JOIN plex_album_stats p ON p.album_key = a.album_key
                """, []) { s in
                var row = CrateAlbumRow(id: s.int64(0), key: s.text(1), artistSort: s.text(2), superGenre: s.text(3),
                                        subGenre: s.optionalText(4), year: s.optionalInt(7), addedAt: s.double(5),
                                        online: s.bool(6))
                row.otherGenres = otherGenres[row.id] ?? []
                if !s.isNull(8) {
                    row.serverPlays = max(0, s.int(8))
                    row.serverLastPlayed = s.optionalDouble(9)
                    row.serverRating = s.optionalDouble(10)
                }
                return row
            }
        }
    }

    /// The user's state of every album touched, by the album's id in the cache.
    private func readUserStates(_ db: Database) throws -> [Int64: AlbumUserState] {
        try db.readTransaction {
            var states: [Int64: AlbumUserState] = [:]
            for (id, state) in try db.rows("""
                SELECT a.id, u.liked, u.disliked, u.play_count, u.completed_plays, u.last_played, u.unliked
                FROM user.album_state u JOIN albums a ON a.album_key = u.album_key
                """, [], { s -> (Int64, AlbumUserState) in
                    var state = AlbumUserState()
                    state.opinion = s.bool(1) ? .liked : s.bool(2) ? .disliked : .none
                    state.plays = s.int(3)
                    state.completedPlays = s.int(4)
                    state.lastPlayed = s.optionalDouble(5)
                    state.unliked = s.bool(6)
                    return (s.int64(0), state)
                }) { states[id] = state }
            return states
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

/// What `crateRowsWithState` read last, and at which `data_version`s of the cache
/// (`main`: the albums and the server's history) and of user.sqlite (`user`).
struct CrateRowCache: Sendable {
    var main: Int64
    var user: Int64
    var albums: [CrateAlbumRow]
    var rows: [(row: CrateAlbumRow, state: AlbumUserState)]
}
