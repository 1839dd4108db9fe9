import CrateCore
import Glibc

/// A genre crate's own six signals, every one scoped to the genre's albums (the rows are
/// already filtered): personal history in the genre, trending, new in the genre, a
/// rotation through its sub-genres, seed expansion from the albums liked in it, and the
/// wild card. The server's plays and ratings count as the box's own (merged in the rows).
extension CrateSignalSource {
    static func genreCandidates(rows: [CrateAlbumRow], states state: [AlbumUserState], scope: CrateScope,
                                seed: UInt64, now: Double) -> CrateCandidates {
        var random = SplitMix64(seed: seed)
        var result = CrateCandidates()
        let all = Array(rows.indices)
        let id = rows.map(\.id)
        result.excluded = excluded(rows: rows, states: state)
        let played = all.filter { state[$0].lastPlayed != nil }
        // Several genres at once rotate through their sub-genres as a super-genre does.
        let isSuperGenre = switch scope {
        case .superGenre, .anyOf: true
        default: false
        }

        result[.history] = history(rows: rows, states: state, played: played, now: now)
        result[.seedExpansion] = seeds(rows: rows, states: state, random: &random)

        // Trending: the most played in the genre lately, the server's plays included; the
        // score halves every 90 days since the last play, ties to the higher rating.
        let trend = state.map { s -> Double in
            let days = max(0, now - (s.lastPlayed ?? now)) / 86_400
            return Double(s.plays) / pow(2, days / 90)
        }
        let rating = rows.map { $0.serverRating ?? 0 }
        result[.trending] = played.sorted {
            trend[$0] != trend[$1] ? trend[$0] > trend[$1] : rating[$0] != rating[$1] ? rating[$0] > rating[$1] : id[$0] < id[$1]
        }.map { id[$0] }

        // New in the genre: recently added or recently released, whichever is later (a
        // release year counts from its first day).
        let fresh = rows.map { row -> Double in
            max(row.addedAt, row.year.map { Double($0 - 1970) * 31_556_952 } ?? 0)
        }
        result[.newInGenre] = all.sorted { fresh[$0] != fresh[$1] ? fresh[$0] > fresh[$1] : id[$0] < id[$1] }
            .map { id[$0] }

        // Sub-genre rotation: one album of each sub-genre in turn (a sub-genre crate turns
        // through its artists instead), each group and the order of the groups seeded.
        result[.subGenres] = rotation(rows: rows, bySubGenre: isSuperGenre, random: &random)

        result[.wildCard] = wildCard(rows: rows, states: state, played: played, rotate: isSuperGenre, random: &random)
        return result
    }

    /// Every album of the scope, round-robin over its sub-genres (or artists), the groups
    /// in seeded order and each group shuffled with the seed.
    static func rotation(rows: [CrateAlbumRow], bySubGenre: Bool, random: inout SplitMix64) -> [Int64] {
        var groups: [String: [Int64]] = [:]
        for row in rows { groups[bySubGenre ? row.subGenre ?? "" : row.artistSort, default: []].append(row.id) }
        let order = shuffled(Array(0..<Int64(groups.count)), &random)
        let names = groups.keys.sorted()
        let lists = order.map { shuffled(groups[names[Int($0)]]!, &random) }
        var result: [Int64] = []
        result.reserveCapacity(rows.count)
        var round = 0
        while result.count < rows.count {
            for list in lists where round < list.count { result.append(list[round]) }
            round += 1
        }
        return result
    }
}
