import CrateCore
import CrateSQLite

/// What the user did: likes, dislikes, plays. Kept in user.sqlite by album key, so a
/// rebuilt cache (new integer ids) loses none of it.
public struct AlbumUserState: Sendable, Equatable {
    public var opinion: AlbumOpinion = .none
    public var plays = 0
    public var completedPlays = 0
    public var lastPlayed: Double?
    /// The box took a like back (`setOpinion(.none, takingBackLike: true)`): a 4- or
    /// 5-star rating on the album's server no longer counts as a like.
    public var unliked = false
    public init() {}
}

extension LibraryStore {
    /// The stable key of album `id`, or nil for an unknown id.
    public func albumKey(id: Int64) throws(LibraryStoreError) -> String? {
        try read { db in try db.firstRow("SELECT album_key FROM albums WHERE id = ?1", [.integer(id)]) { $0.text(0) } }
    }

    /// Likes and dislikes exclude each other: setting one clears the other. A like
    /// records `at` (seconds since 1970) for the Favorites crate's order. `.none` with
    /// `takingBackLike` (the album showed as liked) also overrides a like its server's
    /// rating gives, until the box likes or dislikes it again; `.none` alone (a dislike
    /// undone) lets that rating count again.
    public func setOpinion(_ opinion: AlbumOpinion, albumKey: String, at time: Double = 0,
                           takingBackLike: Bool = false) throws(LibraryStoreError) {
        let likedAt: SQLiteValue = opinion == .liked ? .real(time) : .null
        try ledgeredChange { db in
            try db.run("""
                INSERT INTO album_state (album_key, liked, disliked, liked_at, unliked) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT(album_key) DO UPDATE SET liked = excluded.liked, disliked = excluded.disliked,
                    liked_at = excluded.liked_at, unliked = excluded.unliked
                """, [.text(albumKey), .bool(opinion == .liked), .bool(opinion == .disliked), likedAt,
                      .bool(opinion == .none && takingBackLike)])
        }
    }

    /// The keys of the liked albums: those liked on the box, most recently liked first
    /// (undated likes last), then those their server rates 4 or 5 stars that the box
    /// neither disliked nor took the like back from, best rated first.
    public func likedAlbumKeys() throws(LibraryStoreError) -> [String] {
        let own = try withUserData { db in
            try db.rows("""
                SELECT album_key FROM album_state WHERE liked
                ORDER BY liked_at IS NULL, liked_at DESC, rowid DESC
                """, [], { $0.text(0) })
        }
        let overridden = try withUserData { db in
            Set(try db.rows("SELECT album_key FROM album_state WHERE liked OR disliked OR unliked", [], { $0.text(0) }))
        }
        return own + (try serverLikedAlbumKeys()).filter { !overridden.contains($0) }
    }

    /// The like or dislike of one album (`.none` for an album never rated), its
    /// server's 4 or 5 stars counting as a like unless the box took it back.
    /// The rating the album's Plex server gave it at the last sync (of 10); nil for none.
    public func serverRating(albumKey: String) throws(LibraryStoreError) -> Double? {
        let rating = try read { db in
            try db.firstRow("SELECT user_rating FROM plex_album_stats WHERE album_key = ?1", [.text(albumKey)]) {
                $0.optionalDouble(0)
            }
        }
        return rating ?? nil
    }

    public func opinion(albumKey: String) throws(LibraryStoreError) -> AlbumOpinion {
        let own = try withUserData { db in
            try db.firstRow("SELECT liked, disliked, unliked FROM album_state WHERE album_key = ?1", [.text(albumKey)]) {
                (opinion: $0.bool(0) ? AlbumOpinion.liked : $0.bool(1) ? .disliked : .none, unliked: $0.bool(2))
            }
        }
        if let own, own.opinion != .none || own.unliked { return own.opinion }
        let rating = try read { db in
            try db.firstRow("SELECT user_rating FROM plex_album_stats WHERE album_key = ?1", [.text(albumKey)]) {
                $0.optionalDouble(0)
            }
        }
        return (rating ?? nil).map { $0 >= RemoteAlbumStats.likedRating } == true ? .liked : .none
    }

    /// Albums their server rates 4 or 5 stars, best rated first (then most recently played).
    private func serverLikedAlbumKeys() throws(LibraryStoreError) -> [String] {
        try read { db in
            try db.rows("""
                SELECT album_key FROM plex_album_stats WHERE user_rating >= ?1
                ORDER BY user_rating DESC, last_viewed_at DESC, album_key
                """, [.real(RemoteAlbumStats.likedRating)], { $0.text(0) })
        }
    }

    /// Moves the user's state of albums from old keys to new ones (`old → new`), merging
    /// with a state the new key has already: plays add up, the latest play and like stay,
    /// a like beats a dislike. For keys that change meaning (a remote source's albums keyed as releases).
    public func moveUserAlbumKeys(_ keys: [String: String]) throws(LibraryStoreError) {
        guard !keys.isEmpty else { return }
        try ledgeredChange { db in
            for (old, new) in keys.sorted(by: { $0.key < $1.key }) where old != new {
                try db.run("""
                    INSERT INTO album_state (album_key, liked, disliked, play_count, completed_plays, last_played,
                                             liked_at, unliked)
                    SELECT ?2, liked, disliked, play_count, completed_plays, last_played, liked_at, unliked
                    FROM album_state WHERE album_key = ?1
                    ON CONFLICT(album_key) DO UPDATE SET
                        liked = liked OR excluded.liked,
                        disliked = (disliked OR excluded.disliked) AND NOT (liked OR excluded.liked),
                        play_count = play_count + excluded.play_count,
                        completed_plays = completed_plays + excluded.completed_plays,
                        last_played = max(ifnull(last_played, 0), ifnull(excluded.last_played, 0)),
                        liked_at = max(ifnull(liked_at, 0), ifnull(excluded.liked_at, 0)),
                        unliked = unliked AND excluded.unliked
                    """, [.text(old), .text(new)])
                try db.run("DELETE FROM album_state WHERE album_key = ?1", [.text(old)])
            }
        }
    }

    /// An album started (`completed` false) or was heard to its end (`completed` true).
    public func recordPlay(albumKey: String, completed: Bool, at time: Double) throws(LibraryStoreError) {
        try ledgeredChange { db in
            try db.run("""
                INSERT INTO album_state (album_key, play_count, completed_plays, last_played) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT(album_key) DO UPDATE SET play_count = play_count + ?2,
                    completed_plays = completed_plays + ?3, last_played = ?4
                """, [.text(albumKey), .integer(completed ? 0 : 1), .integer(completed ? 1 : 0), .real(time)])
        }
    }

    /// Every album's user state, by album key (albums never touched are absent).
    public func userStates() throws(LibraryStoreError) -> [String: AlbumUserState] {
        try withUserData { db in
            var states: [String: AlbumUserState] = [:]
            for (key, state) in try db.rows(
                "SELECT album_key, liked, disliked, play_count, completed_plays, last_played, unliked FROM album_state", [],
                { s -> (String, AlbumUserState) in
                    var state = AlbumUserState()
                    state.opinion = s.bool(1) ? .liked : s.bool(2) ? .disliked : .none
                    state.plays = s.int(3)
                    state.completedPlays = s.int(4)
                    state.lastPlayed = s.optionalDouble(5)
                    state.unliked = s.bool(6)
                    return (s.text(0), state)
                }) { states[key] = state }
            return states
        }
    }

    /// Albums played, most recent first, with their counts.
    public func history(limit: Int = 50) throws(LibraryStoreError) -> [AlbumHistory] {
        let states = try userStates().filter { $0.value.lastPlayed != nil }
        let albums = try albumsByKey(Set(states.keys))
        let serverLiked = Set(try serverLikedAlbumKeys())
        return albums.compactMap { key, album -> AlbumHistory? in
            guard let state = states[key] else { return nil }
            let serverLike = state.opinion == .none && !state.unliked && serverLiked.contains(key)
            return AlbumHistory(album: album, opinion: serverLike ? .liked : state.opinion, plays: state.plays,
                                completedPlays: state.completedPlays, lastPlayed: state.lastPlayed)
        }
        .sorted { ($0.lastPlayed ?? 0, $0.album.id) > ($1.lastPlayed ?? 0, $1.album.id) }
        .prefix(limit).map { $0 }
    }

    /// A small key/value store in user.sqlite (the queue and crate survive a power cut:
    /// synchronous = FULL there).
    public func userValue(_ key: String) throws(LibraryStoreError) -> String? {
        try withUserData { db in try db.firstRow("SELECT value FROM key_values WHERE key = ?1", [.text(key)]) { $0.text(0) } }
    }

    public func setUserValue(_ key: String, _ value: String?) throws(LibraryStoreError) {
        try ledgeredChange { db in
            if let value {
                try db.run("INSERT INTO key_values (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2",
                           [.text(key), .text(value)])
            } else {
                try db.run("DELETE FROM key_values WHERE key = ?1", [.text(key)])
            }
        }
    }

    /// Runs `change` on user.sqlite in one transaction that also bumps the ledger's
    /// generation, then rewrites the ledger: a later loss of the change is noticed at start
    /// (UserLedger). A ledger that cannot be written is logged; the change stands.
    func ledgeredChange(_ change: (Database) throws -> Void) throws(LibraryStoreError) {
        try withUserData { db in
            let ledger = try db.transaction { () throws -> UserLedger in
                try change(db)
                try UserLedger.bump(db)
                return try UserLedger.current(db)
            }
            do { try ledger.write(directory: directory) } catch {
                logger.warning("cannot write \(UserLedger.file) (\(error)): a loss of this change would go unnoticed")
            }
        }
    }

    /// Albums for a set of keys (those still in the library).
    func albumsByKey(_ keys: Set<String>) throws(LibraryStoreError) -> [(String, AlbumSummary)] {
        guard !keys.isEmpty else { return [] }
        return try read { db in
            try db.rows("SELECT \(Self.summaryColumns), album_key FROM albums", [], { s in (s.text(12), Self.summary(s)) })
                .filter { keys.contains($0.0) }
        }
    }
}

extension LibraryStore {
    /// The stable keys of albums `ids` (unknown ids are absent): what a saved queue keeps,
    /// since a rebuilt cache hands its integer ids out again.
    public func albumKeys(ids: Set<Int64>) throws(LibraryStoreError) -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            var keys: [Int64: String] = [:]
            for id in ids {
                if let key = try db.firstRow("SELECT album_key FROM albums WHERE id = ?1", [.integer(id)], { $0.text(0) }) {
                    keys[id] = key
                }
            }
            return keys
        }
    }

    /// The current ids of albums by stable key (keys no longer in the library are absent).
    public func albumIDs(keys: Set<String>) throws(LibraryStoreError) -> [String: Int64] {
        guard !keys.isEmpty else { return [:] }
        return try read { db in
            var ids: [String: Int64] = [:]
            for key in keys {
                if let id = try db.firstRow("SELECT id FROM albums WHERE album_key = ?1", [.text(key)], { $0.int64(0) }) {
                    ids[key] = id
                }
            }
            return ids
        }
    }
}
