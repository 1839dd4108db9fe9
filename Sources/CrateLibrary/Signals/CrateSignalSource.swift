import CrateCore
import Glibc

/// Builds the five signals' candidate lists from the library and the user's history,
/// locally and in memory (one pass over the albums): the Crate Wall's raw material.
public enum CrateSignalSource {
    public static func candidates(store: LibraryStore, scope: CrateScope, seed: UInt64,
                                  now: Double = Double(time(nil))) throws(LibraryStoreError) -> CrateCandidates {
        let joined = try store.crateRowsWithState().filter { scope.contains($0.row) }
        return candidates(rows: joined.map(\.row), states: joined.map(\.state), scope: scope, seed: seed, now: now)
    }

    /// `state[i]` is the user's state of `rows[i]`.
    static func candidates(rows: [CrateAlbumRow], states state: [AlbumUserState], scope: CrateScope,
                           seed: UInt64, now: Double) -> CrateCandidates {
        var random = SplitMix64(seed: seed)
        var result = CrateCandidates()
        let all = Array(rows.indices)
        // Flat columns: sort comparators touch these, not whole rows with their strings.
        let id = rows.map(\.id), added = rows.map(\.addedAt)
        let plays = state.map(\.plays), last = state.map { $0.lastPlayed ?? 0 }
        // Disliked albums never appear; offline ones cannot play, so no crate offers them.
        result.excluded = Set(all.filter { state[$0].opinion == .disliked || !rows[$0].online }.map { rows[$0].id })
        let played = all.filter { state[$0].lastPlayed != nil }

        // Listening history: played most and recently; a completion counts double, and the
        // score halves for every 30 days since the last play.
        result[.history] = played.map { i -> (Int64, Double) in
            let days = max(0, now - (state[i].lastPlayed ?? now)) / 86_400
            return (rows[i].id, Double(2 * state[i].completedPlays + state[i].plays) / pow(2, days / 30))
        }.sorted { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }.map(\.0)

        // Favorites and seed expansion: liked albums, then others by the same artists, then
        // others of the same sub-categories; each group in seeded order.
        let liked = all.filter { state[$0].opinion == .liked }
        let likedArtists = Set(liked.map { rows[$0].artistSort })
        let likedSubGenres = Set(liked.compactMap { rows[$0].subGenre })
        var sameArtist: [Int64] = [], sameGenre: [Int64] = []
        for i in all where state[i].opinion != .liked {
            if likedArtists.contains(rows[i].artistSort) {
                sameArtist.append(rows[i].id)
            } else if let sub = rows[i].subGenre, likedSubGenres.contains(sub) {
                sameGenre.append(rows[i].id)
            }
        }
        result[.favorites] = shuffled(liked.map { rows[$0].id }, &random) + shuffled(sameArtist, &random)
            + shuffled(sameGenre, &random)

        // Popular on this box: most plays overall.
        result[.popular] = played.sorted { plays[$0] > plays[$1] || (plays[$0] == plays[$1] && id[$0] < id[$1]) }
            .map { id[$0] }

        // New arrivals: most recently added first.
        result[.newArrivals] = all.sorted { added[$0] > added[$1] || (added[$0] == added[$1] && id[$0] < id[$1]) }
            .map { id[$0] }

        // Wild card: never played (seeded order), then the longest unplayed. In a super-genre
        // crate it rotates through the sub-categories so no one style takes the dig.
        let never = shuffled(all.filter { state[$0].lastPlayed == nil }.map { id[$0] }, &random)
        let stale = played.sorted { last[$0] < last[$1] || (last[$0] == last[$1] && id[$0] < id[$1]) }.map { id[$0] }
        if case .superGenre = scope {
            let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.subGenre ?? "") })
            result[.wildCard] = rotated(never, by: { byID[$0] ?? "" }) + stale
        } else {
            result[.wildCard] = never + stale
        }
        return result
    }

    /// Fisher–Yates with the crate's seed: same seed, same order.
    static func shuffled(_ ids: [Int64], _ random: inout SplitMix64) -> [Int64] {
        var ids = ids
        guard ids.count > 1 else { return ids }
        for i in stride(from: ids.count - 1, to: 0, by: -1) {
            ids.swapAt(i, Int(random.next() % UInt64(i + 1)))
        }
        return ids
    }

    /// Round-robin across groups, each group keeping its order.
    static func rotated(_ ids: [Int64], by group: (Int64) -> String) -> [Int64] {
        var groups: [String: [Int64]] = [:], order: [String] = []
        for id in ids {
            let g = group(id)
            if groups[g] == nil { order.append(g) }
            groups[g, default: []].append(id)
        }
        var result: [Int64] = [], round = 0
        result.reserveCapacity(ids.count)
        while result.count < ids.count {
            for g in order where round < groups[g]!.count { result.append(groups[g]![round]) }
            round += 1
        }
        return result
    }
}

extension LibraryStore {
    /// Every album with the user's state of it, in one query: user.sqlite is attached to
    /// the reader connection, so no album key is ever hashed on the way (this is what a
    /// turn of the dial waits for).
    ///
    /// Reading 20,000 rows is most of a dial turn, so the result is kept and reused until
    /// SQLite's `data_version` says another connection (a scan, a like, a play) changed
    /// either file.
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
                SELECT a.id, a.album_key, a.artist_sort, a.super_genre, a.sub_genre, a.added_at, a.online,
                       u.liked, u.disliked, u.play_count, u.completed_plays, u.last_played
                FROM albums a LEFT JOIN user.album_state u ON u.album_key = a.album_key
                """, []) { s in
                var state = AlbumUserState()
                if !s.isNull(7) {
                    state.opinion = s.bool(7) ? .liked : s.bool(8) ? .disliked : .none
                    state.plays = s.int(9)
                    state.completedPlays = s.int(10)
                    state.lastPlayed = s.optionalDouble(11)
                }
                return (CrateAlbumRow(id: s.int64(0), key: s.text(1), artistSort: s.text(2), superGenre: s.text(3),
                                      subGenre: s.optionalText(4), addedAt: s.double(5), online: s.bool(6)), state)
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
