@testable import CrateLibrary

/// Shared fixtures for the Crate Wall tests: disjoint candidate lists (signal i proposes
/// ids i·100_000 + 1 …), so which signal an album came from is visible in its id.
enum CrateFixture {
    static func base(_ signal: CrateSignal) -> Int64 { Int64(signal.index + 1) * 100_000 }

    static func disjoint(count: Int, only signals: [CrateSignal] = CrateSignal.wall) -> CrateCandidates {
        var lists: [CrateSignal: [Int64]] = [:]
        for signal in signals {
            lists[signal] = (0..<Int64(count)).map { base(signal) + $0 + 1 }
        }
        return CrateCandidates(lists: lists)
    }

    static func weights(_ h: Int, _ f: Int, _ p: Int, _ n: Int, _ w: Int) -> [CrateSignal: Int] {
        [.history: h, .favorites: f, .popular: p, .newArrivals: n, .wildCard: w]
    }

    /// Counts keyed by signal, every signal present (as `CrateResult.planned` is).
    static func counts(_ h: Int, _ f: Int, _ p: Int, _ n: Int, _ w: Int) -> [CrateSignal: Int] {
        weights(h, f, p, n, w)
    }
}
