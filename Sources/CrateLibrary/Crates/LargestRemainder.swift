/// The largest-remainder (Hamilton) apportionment: `total` seats split in proportion to
/// `weights`. Everyone first gets the floor of their exact quota; the seats left over go
/// one each to the largest fractional remainders, ties to the earlier index. Integer
/// arithmetic only, so the split is exact and identical on every machine.
enum LargestRemainder {
    /// Negative weights count as 0. When every weight is 0 (nothing to be proportional
    /// to) the seats are shared equally, still by largest remainder; an empty `weights`
    /// gets nothing.
    static func split(_ total: Int, weights rawWeights: [Int]) -> [Int] {
        guard !rawWeights.isEmpty else { return [] }
        var weights = rawWeights.map { max(0, $0) }
        if weights.allSatisfy({ $0 == 0 }) { weights = weights.map { _ in 1 } }
        let total = max(0, total)
        let sum = weights.reduce(0, +)
        var counts = weights.map { $0 * total / sum }
        let remainders = weights.map { $0 * total % sum }
        var left = total - counts.reduce(0, +)
        // At most weights.count - 1 seats are left over, so sorting the few indices is cheap.
        let byRemainder = weights.indices.sorted {
            remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1
        }
        for index in byRemainder where left > 0 {
            counts[index] += 1
            left -= 1
        }
        return counts
    }
}
