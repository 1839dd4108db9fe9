import CrateCore

/// The Crate Wall: a crate blended from the signals' candidate lists by a weight table
/// (a `DialPosition`'s, or a custom one). Pure and deterministic: the same candidates,
/// weights, size and seed give the same crate, on any machine. A genre crate is the same
/// machinery over its own signal set (`CrateSignal.genre`, `DialPosition.genreWeights`).
///
/// Steps:
/// 1. `planned`: the crate size split over the signals by largest remainder
///    (`LargestRemainder`), ties in signal order.
/// 2. Each signal draws its count from its own list, front-biased but seeded
///    (`SignalPicker`). Signals draw in descending weight (ties in signal order), so when
///    two lists propose the same album it goes to the signal that matters most for this
///    dial position. Albums already taken and disliked ones are skipped.
/// 3. A signal that comes up short is out; its shortfall is split over the signals still
///    in, in proportion to their weights (largest remainder again; equally if they all
///    weigh 0), and they draw again. Every round with a shortfall retires a signal, so
///    this ends after at most one round per signal; if everyone is out the crate is shorter, and
///    the notes say so.
/// 4. The picks are interleaved by `CrateInterleave` so no signal clusters.
public enum CrateWall {
    public static func generate(candidates: CrateCandidates, signals: [CrateSignal] = CrateSignal.wall,
                                weights: [CrateSignal: Int], size: Int, seed: UInt64) -> CrateResult {
        let size = max(0, size)
        let weight = signals.map { max(0, weights[$0] ?? 0) }
        let planned = LargestRemainder.split(size, weights: weight)
        let drawOrder = signals.indices.sorted { weight[$0] != weight[$1] ? weight[$0] > weight[$1] : $0 < $1 }

        // One PRNG stream per signal: a change in one list (a new favourite) does not
        // reshuffle what the other signals draw.
        var pickers = signals.indices.map { i in
            SignalPicker(list: candidates[signals[i]], asked: planned[i],
                         seed: seed ^ (UInt64(signals[i].index + 1) &* 0xD1B5_4A32_D192_ED03))
        }
        var picks: [[Int64]] = signals.map { _ in [] }
        let offered = signals.reduce(0) { $0 + candidates[$1].count }
        var taken = IDSet(minimumCapacity: min(size, offered))
        let excluded = IDSet(candidates.excluded)
        var out = signals.map { _ in false }
        var asked = planned
        var notes: [String] = []
        var round = 0

        while asked.contains(where: { $0 > 0 }) {
            round += 1
            var short: [(signal: Int, asked: Int, got: Int)] = []
            for i in drawOrder where asked[i] > 0 {
                var got = 0
                while got < asked[i], let id = pickers[i].next(taken: taken, excluded: excluded) {
                    taken.insert(id)
                    picks[i].append(id)
                    got += 1
                }
                if got < asked[i] {
                    out[i] = true
                    short.append((i, asked[i], got))
                }
                asked[i] = 0
            }
            // Shares are handed out after the whole round, so a signal that ran dry in
            // this round never receives another's shortfall.
            for (i, wanted, got) in short {
                let missing = wanted - got
                let had = "\(signals[i].rawValue) had \(got) of \(wanted)\(round > 1 ? " more" : "")"
                let recipients = signals.indices.filter { !out[$0] }
                if recipients.isEmpty {
                    notes.append("\(had): \(missing) left unfilled, no signal has albums left")
                    continue
                }
                let shares = LargestRemainder.split(missing, weights: recipients.map { weight[$0] })
                var given: [String] = []
                for (r, share) in zip(recipients, shares) where share > 0 {
                    asked[r] += share
                    given.append("\(signals[r].rawValue) (\(share))")
                }
                notes.append("\(had): \(missing) given to \(given.joined(separator: ", "))")
            }
        }

        let filled = picks.reduce(0) { $0 + $1.count }
        if filled < size {
            notes.append("crate is short: \(filled) of \(counted(size, "album")), every signal ran out")
        }

        var next = signals.map { _ in 0 }
        var entries: [CrateEntry] = []
        entries.reserveCapacity(filled)
        for i in CrateInterleave.order(counts: picks.map(\.count)) {
            entries.append(CrateEntry(albumID: picks[i][next[i]], signal: signals[i]))
            next[i] += 1
        }
        return CrateResult(
            entries: entries,
            planned: Dictionary(uniqueKeysWithValues: signals.indices.map { (signals[$0], planned[$0]) }),
            actual: Dictionary(uniqueKeysWithValues: signals.indices.map { (signals[$0], picks[$0].count) }),
            redistributed: notes,
            seed: seed
        )
    }

    /// Convenience for the dial: the position's weight table.
    public static func generate(candidates: CrateCandidates, dial: DialPosition, size: Int,
                                seed: UInt64) -> CrateResult {
        generate(candidates: candidates, weights: dial.weights, size: size, seed: seed)
    }

    /// A genre crate: its six signals with the position's genre weight table.
    public static func generateGenre(candidates: CrateCandidates, dial: DialPosition, size: Int,
                                     seed: UInt64) -> CrateResult {
        generate(candidates: candidates, signals: CrateSignal.genre, weights: dial.genreWeights, size: size, seed: seed)
    }
}
