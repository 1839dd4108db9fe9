@testable import CrateLibrary
import XCTest

/// The Crate Wall's core promises: weights honoured by largest remainder, dislikes never
/// present, no album twice, picks from the top of each list, reproducible by seed.
final class CrateWallTests: XCTestCase {
    // 50/30/20 of 7: quotas 3.5, 2.1, 1.4 → floors 3, 2, 1 (6); the one seat left goes
    // to the largest remainder (.5, history) → 4 / 2 / 1.
    func testWeightsFiftyThirtyTwentyOfSeven() {
        let result = CrateWall.generate(candidates: CrateFixture.disjoint(count: 50),
                                        weights: [.history: 50, .favorites: 30, .popular: 20], size: 7, seed: 1)
        XCTAssertEqual(result.planned, CrateFixture.counts(4, 2, 1, 0, 0))
        XCTAssertEqual(result.actual, result.planned)
        XCTAssertEqual(result.entries.count, 7)
        XCTAssertEqual(result.redistributed, [])
    }

    // My Crate (40/35/10/10/5) of 10: quotas 4, 3.5, 1, 1, .5 → floors 4, 3, 1, 1, 0 (9);
    // favorites and wild card tie on .5 and favorites comes first in signal order.
    func testTieOnRemainderGoesToEarlierSignal() {
        let result = CrateWall.generate(candidates: CrateFixture.disjoint(count: 50), dial: .myCrate, size: 10, seed: 1)
        XCTAssertEqual(result.planned, CrateFixture.counts(4, 4, 1, 1, 0))
        XCTAssertEqual(result.actual, result.planned)
    }

    // Mixed (20 each) of 7: 1.4 each → 1 each (5), two seats left, all remainders equal:
    // history and favorites. Mystery of 30: 1.5, 1.5, 1.5, 4.5, 21 → floors 1,1,1,4,21 (28),
    // remainders .5 ×4 → history, favorites. Curated of 30: 4.5, 10.5, 9, 3, 3 → floors
    // 4, 10, 9, 3, 3 (29), history and favorites tie on .5 → history.
    func testMoreHandComputedSplits() {
        let candidates = CrateFixture.disjoint(count: 50)
        XCTAssertEqual(CrateWall.generate(candidates: candidates, dial: .mixed, size: 7, seed: 3).actual,
                       CrateFixture.counts(2, 2, 1, 1, 1))
        XCTAssertEqual(CrateWall.generate(candidates: candidates, dial: .mystery, size: 30, seed: 3).actual,
                       CrateFixture.counts(2, 2, 1, 4, 21))
        XCTAssertEqual(CrateWall.generate(candidates: candidates, dial: .curated, size: 30, seed: 3).actual,
                       CrateFixture.counts(5, 10, 9, 3, 3))
    }

    func testEntriesComeFromTheirSignalsList() {
        let result = CrateWall.generate(candidates: CrateFixture.disjoint(count: 50), dial: .mixed, size: 40, seed: 9)
        for entry in result.entries {
            let base = CrateFixture.base(entry.signal)
            XCTAssert((base + 1...base + 50).contains(entry.albumID), "\(entry)")
        }
    }

    func testDislikedAlbumsNeverAppear() {
        var candidates = CrateFixture.disjoint(count: 30)
        // The top ten of every list, i.e. exactly what a front-biased picker wants most.
        candidates.excluded = Set(CrateSignal.wall.flatMap { s in (1...10).map { CrateFixture.base(s) + $0 } })
        for seed in 0..<20 as Range<UInt64> {
            let result = CrateWall.generate(candidates: candidates, dial: .mixed, size: 50, seed: seed)
            XCTAssertEqual(result.entries.count, 50)
            XCTAssert(result.entries.allSatisfy { !candidates.excluded.contains($0.albumID) })
        }
        // A dislike proposed by a signal that must give everything it has still stays out.
        let tiny = CrateCandidates(lists: [.history: [1, 2, 3]], excluded: [2])
        let result = CrateWall.generate(candidates: tiny, weights: [.history: 100], size: 3, seed: 0)
        XCTAssertEqual(Set(result.albumIDs), [1, 3])
    }

    func testNoAlbumTwiceAcrossSignals() {
        // Every signal proposes the same 40 albums, each in its own order.
        let ids = (1...40).map { Int64($0) }
        var candidates = CrateCandidates()
        for (n, signal) in CrateSignal.wall.enumerated() {
            candidates[signal] = n % 2 == 0 ? ids : ids.reversed()
        }
        for seed in 0..<10 as Range<UInt64> {
            let result = CrateWall.generate(candidates: candidates, dial: .curated, size: 30, seed: seed)
            XCTAssertEqual(result.entries.count, 30)
            XCTAssertEqual(Set(result.albumIDs).count, 30)
            XCTAssertEqual(result.actual, result.planned, "enough albums for everyone: no redistribution")
        }
        // A list repeating an id does not put it in twice either.
        let repeated = CrateCandidates(lists: [.history: [7, 7, 7, 8]])
        let result = CrateWall.generate(candidates: repeated, weights: [.history: 1], size: 4, seed: 5)
        XCTAssertEqual(result.albumIDs.sorted(), [7, 8])
    }

    /// With a window of max(4, count) ids, the k-th pick (0-based) can reach list index
    /// window + k − 1 at most, so 10 picks stay within the top 19.
    func testPicksComeFromTheTopOfTheList() {
        let candidates = CrateCandidates(lists: [.history: (1...1000).map { Int64($0) }])
        var topPresent = 0
        for seed in 0..<20 as Range<UInt64> {
            let ids = CrateWall.generate(candidates: candidates, weights: [.history: 1], size: 10, seed: seed).albumIDs
            XCTAssert(ids.allSatisfy { $0 <= 19 }, "\(ids)")
            if ids.contains(1) { topPresent += 1 }
        }
        XCTAssertGreaterThanOrEqual(topPresent, 15, "the best album should make most crates")
    }

    func testSameSeedSameCrate() {
        let candidates = CrateFixture.disjoint(count: 200)
        for dial in DialPosition.allCases {
            let a = CrateWall.generate(candidates: candidates, dial: dial, size: 36, seed: 42)
            let b = CrateWall.generate(candidates: candidates, dial: dial, size: 36, seed: 42)
            XCTAssertEqual(a, b)
            XCTAssertEqual(a.seed, 42)
        }
    }

    func testDifferentSeedsDifferentCrates() {
        let candidates = CrateFixture.disjoint(count: 200)
        let crates = (0..<10 as Range<UInt64>).map {
            CrateWall.generate(candidates: candidates, dial: .mixed, size: 20, seed: $0).albumIDs
        }
        XCTAssertGreaterThanOrEqual(Set(crates).count, 9, "seeds should give (almost always) different crates")
        // …but the blend is the same whatever the seed.
        for seed in 0..<10 as Range<UInt64> {
            XCTAssertEqual(CrateWall.generate(candidates: candidates, dial: .mixed, size: 20, seed: seed).actual,
                           CrateFixture.counts(4, 4, 4, 4, 4))
        }
    }

    func testEmptyAndZeroSizes() {
        let none = CrateWall.generate(candidates: CrateFixture.disjoint(count: 10), dial: .mixed, size: 0, seed: 1)
        XCTAssertEqual(none.entries, [])
        XCTAssertEqual(none.redistributed, [])
        XCTAssertEqual(none.planned, CrateFixture.counts(0, 0, 0, 0, 0))
        let negative = CrateWall.generate(candidates: CrateFixture.disjoint(count: 10), dial: .mixed, size: -3, seed: 1)
        XCTAssertEqual(negative.entries, [])
    }
}
