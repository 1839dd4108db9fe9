import Glibc

/// Builds the five signals' candidate lists from the library and the user's history,
/// locally and in memory (one pass over the albums): the Crate Wall's raw material.
public enum CrateSignalSource {
    public static func candidates(store: LibraryStore, scope: CrateScope, seed: UInt64,
                                  now: Double = Double(time(nil))) throws(LibraryStoreError) -> CrateCandidates {
        let rows = try store.crateRows().filter { scope.contains($0) }
        return candidates(rows: rows, states: try store.userStates(), scope: scope, seed: seed, now: now)
    }

    static func candidates(rows: [CrateAlbumRow], states: [String: AlbumUserState], scope: CrateScope,
                           seed: UInt64, now: Double) -> CrateCandidates {
        var random = SplitMix64(seed: seed)
        var result = CrateCandidates()
        // Disliked albums never appear; offline ones cannot play, so no crate offers them.
        result.excluded = Set(rows.filter { states[$0.key]?.opinion == .disliked || !$0.online }.map(\.id))
        let state = { (row: CrateAlbumRow) in states[row.key] ?? AlbumUserState() }
        let played = rows.filter { state($0).lastPlayed != nil }

        // Listening history: played most and recently; a completion counts double, and the
        // score halves for every 30 days since the last play.
        result[.history] = played.map { row -> (Int64, Double) in
            let s = state(row)
            let days = max(0, now - (s.lastPlayed ?? now)) / 86_400
            return (row.id, Double(2 * s.completedPlays + s.plays) / pow(2, days / 30))
        }.sorted { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }.map(\.0)

        // Favorites and seed expansion: liked albums, then others by the same artists, then
        // others of the same sub-categories; each group in seeded order.
        let liked = rows.filter { state($0).opinion == .liked }
        let likedIDs = Set(liked.map(\.id))
        let likedArtists = Set(liked.map(\.artistSort))
        let likedSubGenres = Set(liked.compactMap(\.subGenre))
        let sameArtist = rows.filter { !likedIDs.contains($0.id) && likedArtists.contains($0.artistSort) }
        let sameArtistIDs = Set(sameArtist.map(\.id))
        let sameGenre = rows.filter {
            !likedIDs.contains($0.id) && !sameArtistIDs.contains($0.id) && $0.subGenre.map(likedSubGenres.contains) == true
        }
        result[.favorites] = [liked, sameArtist, sameGenre].flatMap { shuffled($0.map(\.id), &random) }

        // Popular on this box: most plays overall.
        result[.popular] = played.sorted { (state($0).plays, $1.id) > (state($1).plays, $0.id) }.map(\.id)

        // New arrivals: most recently added first.
        result[.newArrivals] = rows.sorted { ($0.addedAt, $1.id) > ($1.addedAt, $0.id) }.map(\.id)

        // Wild card: never played (seeded order), then the longest unplayed. In a super-genre
        // crate it rotates through the sub-categories so no one style takes the dig.
        let never = shuffled(rows.filter { state($0).lastPlayed == nil }.map(\.id), &random)
        let stale = played.sorted { (state($0).lastPlayed ?? 0, $0.id) < (state($1).lastPlayed ?? 0, $1.id) }.map(\.id)
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
    /// The columns crate signals need, for every album.
    func crateRows() throws(LibraryStoreError) -> [CrateAlbumRow] {
        try read { db in
            try db.rows("SELECT id, album_key, artist_sort, super_genre, sub_genre, added_at, online FROM albums", []) { s in
                CrateAlbumRow(id: s.int64(0), key: s.text(1), artistSort: s.text(2), superGenre: s.text(3),
                              subGenre: s.optionalText(4), addedAt: s.double(5), online: s.bool(6))
            }
        }
    }
}
