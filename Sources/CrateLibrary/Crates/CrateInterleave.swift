/// Orders a crate's picks so no signal clusters: given how many picks each signal has,
/// returns the sequence of signal indices, one per crate position.
///
/// Guarantee (tested in CrateWallInterleaveTests):
/// 1. Counts are kept: signal i appears exactly `counts[i]` times.
/// 2. If no signal holds more than half the crate, rounded up (2·c ≤ N + 1), no two
///    adjacent positions share a signal.
/// 3. Otherwise one signal D is a majority that cannot be kept apart (Mystery Crate's
///    wild card, or a crate where the other signals ran dry). Its picks are laid out in
///    m + 1 runs, m being the number of other picks, whose lengths differ by at most one;
///    so its longest run is ceil(c_D / (m + 1)), the least possible, and every other
///    pick sits alone between two runs of D (no other signal is ever adjacent to itself).
///
/// We deliberately do not promise the stricter-sounding "a signal repeats only when no
/// other has picks left": with 7 wild cards and 3 others it forces w o w o w o w w w w,
/// a cluster of four at the end, where spreading gives w o w w o w w o w w (no run > 2).
///
/// Beyond that, positions follow each signal's ideal spacing: the k-th pick of a signal
/// with c picks ideally sits at (k + ½) / c of the crate; the earliest ideal position goes
/// next (ties in signal order). With equal counts this is a plain round robin; counts
/// 5/3/2 give a b c a b a c a b a, so the first albums on the knob already show the blend.
enum CrateInterleave {
    static func order(counts: [Int]) -> [Int] {
        let counts = counts.map { max(0, $0) }
        let total = counts.reduce(0, +)
        guard total > 0 else { return [] }
        let largest = counts.indices.max { counts[$0] < counts[$1] }!
        if 2 * counts[largest] > total + 1 {
            return majorityRuns(counts: counts, majority: largest)
        }
        return spread(counts: counts, total: total)
    }

    /// Case 2: earliest ideal position first, except that the previous signal may not
    /// repeat, and a signal holding more than half of what is left must go now.
    /// Invariant: before each step, with R picks left, every r_i ≤ R − r_i + 1 and the
    /// previous signal's r_p ≤ R − r_p; then a sequence with no repeat exists, and the
    /// forced/earliest choice keeps the invariant (a standard exchange argument).
    private static func spread(counts: [Int], total: Int) -> [Int] {
        var left = counts
        var placed = counts.map { _ in 0 }
        var remaining = total
        var previous = -1
        var out: [Int] = []
        out.reserveCapacity(total)
        while remaining > 0 {
            var choice = -1
            for i in counts.indices where i != previous && 2 * left[i] > remaining {
                choice = i
            }
            if choice < 0 {
                for i in counts.indices where i != previous && left[i] > 0 {
                    if choice < 0 || earlier(i, than: choice, placed: placed, counts: counts) { choice = i }
                }
            }
            // Unreachable while the invariant holds; keeps the loop total if it did not.
            if choice < 0 { choice = previous }
            out.append(choice)
            left[choice] -= 1
            placed[choice] += 1
            remaining -= 1
            previous = choice
        }
        return out
    }

    /// Case 3: runs of the majority with single other picks between them. The others are
    /// ordered among themselves by ideal position; run j has
    /// floor((j+1)·c/(m+1)) − floor(j·c/(m+1)) picks (Bresenham), so runs differ by ≤ 1
    /// and the longer ones are spread out rather than bunched at one end.
    private static func majorityRuns(counts: [Int], majority: Int) -> [Int] {
        var others = counts
        others[majority] = 0
        let otherOrder = idealOrder(counts: others)
        let c = counts[majority]
        let gaps = otherOrder.count + 1
        var out: [Int] = []
        out.reserveCapacity(c + otherOrder.count)
        for j in 0..<gaps {
            let run = (j + 1) * c / gaps - j * c / gaps
            out.append(contentsOf: repeatElement(majority, count: run))
            if j < otherOrder.count { out.append(otherOrder[j]) }
        }
        return out
    }

    /// Pure ideal-position merge, no adjacency rule (used for the others in case 3, which
    /// are separated by the majority's runs anyway).
    private static func idealOrder(counts: [Int]) -> [Int] {
        var placed = counts.map { _ in 0 }
        let total = counts.reduce(0, +)
        var out: [Int] = []
        out.reserveCapacity(total)
        for _ in 0..<total {
            var choice = -1
            for i in counts.indices where placed[i] < counts[i] {
                if choice < 0 || earlier(i, than: choice, placed: placed, counts: counts) { choice = i }
            }
            out.append(choice)
            placed[choice] += 1
        }
        return out
    }

    /// Whether signal a's next ideal position (placed_a + ½) / c_a comes strictly before
    /// b's; compared as (2·placed_a + 1)·c_b < (2·placed_b + 1)·c_a to stay in integers.
    private static func earlier(_ a: Int, than b: Int, placed: [Int], counts: [Int]) -> Bool {
        (2 * placed[a] + 1) * counts[b] < (2 * placed[b] + 1) * counts[a]
    }
}
