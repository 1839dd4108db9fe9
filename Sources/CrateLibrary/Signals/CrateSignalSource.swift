import CrateCore
import Glibc

/// Builds the signals' candidate lists from the library, the user's history and the
/// server's (one pass over the albums, in memory): a crate's raw material. The whole
/// library gets the Crate Wall's five signals; a genre scope its own six
/// (CrateSignalSource+Genre).
public enum CrateSignalSource {
    /// `playableOffline`: albums offline now that play anyway (a remote album downloaded
    /// before its server went away): offered like online ones.
    public static func candidates(store: LibraryStore, scope: CrateScope, seed: UInt64,
                                  playableOffline: Set<Int64> = [],
                                  now: Double = Double(time(nil))) throws(LibraryStoreError) -> CrateCandidates {
        var rows = try store.crateRowsWithState()
        if !playableOffline.isEmpty {
            rows = rows.map { item in
                var item = item
                if playableOffline.contains(item.row.id) { item.row.online = true }
                return item
            }
        }
        // A library has a few dozen genre spellings and 20,000 rows: each spelling is
        // compared (case-folded) once, not once per row.
        var verdicts: [String: Bool] = [:]
        let joined = scope.isGenre ? rows.filter { item in
            let genre = scope.genre(of: item.row)
            if let known = verdicts[genre] { return known }
            let verdict = scope.contains(item.row)
            verdicts[genre] = verdict
            return verdict
        } : rows
        return candidates(rows: joined.map(\.row), states: joined.map(\.state), scope: scope, seed: seed, now: now)
    }

    /// `state[i]` is the user's state of `rows[i]` (the server's history merged in).
    static func candidates(rows: [CrateAlbumRow], states state: [AlbumUserState], scope: CrateScope,
                           seed: UInt64, now: Double) -> CrateCandidates {
        if scope.isGenre { return genreCandidates(rows: rows, states: state, scope: scope, seed: seed, now: now) }
        var random = SplitMix64(seed: seed)
        var result = CrateCandidates()
        let all = Array(rows.indices)
        let id = rows.map(\.id), added = rows.map(\.addedAt)
        result.excluded = excluded(rows: rows, states: state)
        let played = all.filter { state[$0].lastPlayed != nil }

        result[.history] = history(rows: rows, states: state, played: played, now: now)
        result[.favorites] = seeds(rows: rows, states: state, random: &random)

        // Popular: most plays overall (the box's and the server's), then the server's rating;
        // a rated album never played still counts, after the played ones.
        let plays = state.map(\.plays), rating = rows.map { $0.serverRating ?? 0 }
        result[.popular] = all.filter { plays[$0] > 0 || rating[$0] > 0 }.sorted {
            plays[$0] != plays[$1] ? plays[$0] > plays[$1] : rating[$0] != rating[$1] ? rating[$0] > rating[$1] : id[$0] < id[$1]
        }.map { id[$0] }

        // New arrivals: most recently added first (a remote album's server date, else its files' age).
        result[.newArrivals] = all.sorted { added[$0] > added[$1] || (added[$0] == added[$1] && id[$0] < id[$1]) }
            .map { id[$0] }

        result[.wildCard] = wildCard(rows: rows, states: state, played: played, rotate: false, random: &random)
        return result
    }

    /// Disliked albums never appear; offline ones cannot play now, so no crate offers them.
    static func excluded(rows: [CrateAlbumRow], states state: [AlbumUserState]) -> Set<Int64> {
        Set(rows.indices.filter { state[$0].opinion == .disliked || !rows[$0].online }.map { rows[$0].id })
    }

    /// Listening history: played most and recently; a completion counts double, and the
    /// score halves for every 30 days since the last play.
    static func history(rows: [CrateAlbumRow], states state: [AlbumUserState], played: [Int], now: Double) -> [Int64] {
        played.map { i -> (Int64, Double) in
            let days = max(0, now - (state[i].lastPlayed ?? now)) / 86_400
            return (rows[i].id, Double(2 * state[i].completedPlays + state[i].plays) / pow(2, days / 30))
        }.sorted { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }.map(\.0)
    }

    /// Favorites and seed expansion: liked albums, then others by the same artists, then
    /// others of the same sub-categories; each group in seeded order.
    static func seeds(rows: [CrateAlbumRow], states state: [AlbumUserState], random: inout SplitMix64) -> [Int64] {
        let liked = rows.indices.filter { state[$0].opinion == .liked }
        let likedArtists = Set(liked.map { rows[$0].artistSort })
        let likedSubGenres = Set(liked.compactMap { rows[$0].subGenre })
        var sameArtist: [Int64] = [], sameGenre: [Int64] = []
        for i in rows.indices where state[i].opinion != .liked {
            if likedArtists.contains(rows[i].artistSort) {
                sameArtist.append(rows[i].id)
            } else if let sub = rows[i].subGenre, likedSubGenres.contains(sub) {
                sameGenre.append(rows[i].id)
            }
        }
        return shuffled(liked.map { rows[$0].id }, &random) + shuffled(sameArtist, &random) + shuffled(sameGenre, &random)
    }

    /// Wild card: never played (seeded order), then the longest unplayed. `rotate` takes
    /// the never-played through the sub-categories in turn so no one style takes the dig.
    static func wildCard(rows: [CrateAlbumRow], states state: [AlbumUserState], played: [Int], rotate: Bool,
                         random: inout SplitMix64) -> [Int64] {
        let last = state.map { $0.lastPlayed ?? 0 }
        let never = shuffled(rows.indices.filter { state[$0].lastPlayed == nil }.map { rows[$0].id }, &random)
        let stale = played.sorted { last[$0] < last[$1] || (last[$0] == last[$1] && rows[$0].id < rows[$1].id) }
            .map { rows[$0].id }
        guard rotate else { return never + stale }
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.subGenre ?? "") })
        return rotated(never, by: { byID[$0] ?? "" }) + stale
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

    /// Round-robin across groups, each group keeping its order (groups in first-seen order).
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
