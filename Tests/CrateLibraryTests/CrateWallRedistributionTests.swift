@testable import CrateLibrary
import XCTest

/// A signal that comes up short hands its share to the others, in proportion to their
/// weights; when everything is exhausted the crate is short and says so.
final class CrateWallRedistributionTests: XCTestCase {
    /// A new box: nothing played, nothing liked. My Crate of 20 plans 8/7/2/2/1.
    /// history's 8 over popular/new/wild (10:10:5): 3.2, 3.2, 1.6 → 3, 3, 1 + wild (.6) → 3, 3, 2.
    /// favorites' 7: 2.8, 2.8, 1.4 → 2, 2, 1 + popular, new (.8) → 3, 3, 1.
    func testNewBoxFillsFromTheOtherSignals() {
        let candidates = CrateFixture.disjoint(count: 100, only: [.popular, .newArrivals, .wildCard])
        let result = CrateWall.generate(candidates: candidates, dial: .myCrate, size: 20, seed: 7)
        XCTAssertEqual(result.planned, CrateFixture.counts(8, 7, 2, 2, 1))
        XCTAssertEqual(result.actual, CrateFixture.counts(0, 0, 8, 8, 4))
        XCTAssertEqual(result.entries.count, 20)
        XCTAssertEqual(result.redistributed, [
            "history had 0 of 8: 8 given to popular (3), new-arrivals (3), wild-card (2)",
            "favorites had 0 of 7: 7 given to popular (3), new-arrivals (3), wild-card (1)",
        ])
    }

    /// Mystery of 10 plans 1/1/0/1/7 (quotas .5 .5 .5 1.5 7; the two spare seats go to the
    /// first .5 remainders). wild card has only 2: its 5 go to history/favorites/popular/new
    /// (5:5:5:15 → .83 .83 .83 2.5 → 0,0,0,2 + 1,1,1) = 1, 1, 1, 2. popular turns out empty
    /// in the second round: its 1 goes to history/favorites/new (5:5:15 → .2 .2 .6) = new.
    func testShortfallInALaterRound() {
        var candidates = CrateFixture.disjoint(count: 100, only: [.history, .favorites, .newArrivals])
        candidates[.wildCard] = [9_001, 9_002]
        let result = CrateWall.generate(candidates: candidates, dial: .mystery, size: 10, seed: 11)
        XCTAssertEqual(result.planned, CrateFixture.counts(1, 1, 0, 1, 7))
        XCTAssertEqual(result.actual, CrateFixture.counts(2, 2, 0, 4, 2))
        XCTAssertEqual(result.redistributed, [
            "wild-card had 2 of 7: 5 given to history (1), favorites (1), popular (1), new-arrivals (2)",
            "popular had 0 of 1 more: 1 given to new-arrivals (1)",
        ])
        XCTAssertEqual(Set(result.albumIDs.filter { $0 > 9_000 && $0 < 10_000 }), [9_001, 9_002])
    }

    func testEverythingExhaustedGivesAShortCrate() {
        let candidates = CrateCandidates(
            lists: [.history: [1, 2, 3], .favorites: [3, 4], .popular: [1, 5], .wildCard: [6, 7, 8]],
            excluded: [8]
        )
        let result = CrateWall.generate(candidates: candidates, dial: .mixed, size: 12, seed: 2)
        XCTAssertEqual(result.albumIDs.sorted(), [1, 2, 3, 4, 5, 6, 7])
        XCTAssertEqual(result.redistributed.last, "crate is short: 7 of 12 albums, every signal ran out")
        XCTAssertEqual(result.actual.values.reduce(0, +), 7)
        // The last signal to run dry had nobody left to give to.
        XCTAssert(result.redistributed.contains { $0.hasSuffix("left unfilled, no signal has albums left") },
                  "\(result.redistributed)")
    }

    func testNothingAtAll() {
        let result = CrateWall.generate(candidates: CrateCandidates(), dial: .myCrate, size: 5, seed: 0)
        XCTAssertEqual(result.entries, [])
        XCTAssertEqual(result.redistributed.last, "crate is short: 0 of 5 albums, every signal ran out")
    }

    /// Zero-weight signals still fill a crate whose weighted signals are empty: shared
    /// equally, 8 over four → 2 each.
    func testZeroWeightSignalsShareEquallyWhenNeeded() {
        let candidates = CrateFixture.disjoint(count: 10, only: [.favorites, .popular, .newArrivals, .wildCard])
        let result = CrateWall.generate(candidates: candidates, weights: [.history: 100], size: 8, seed: 4)
        XCTAssertEqual(result.planned, CrateFixture.counts(8, 0, 0, 0, 0))
        XCTAssertEqual(result.actual, CrateFixture.counts(0, 2, 2, 2, 2))
        XCTAssertEqual(result.entries.count, 8)
    }

    /// A shortfall caused by deduplication (another signal took the albums first) is
    /// redistributed like any other.
    func testShortfallFromDeduplication() {
        let shared = (1...10).map { Int64($0) }
        let candidates = CrateCandidates(lists: [.history: shared, .favorites: shared, .popular: (101...200).map { $0 }])
        let result = CrateWall.generate(candidates: candidates, weights: CrateFixture.weights(40, 40, 20, 0, 0),
                                        size: 20, seed: 8)
        XCTAssertEqual(result.planned, CrateFixture.counts(8, 8, 4, 0, 0))
        // history draws first (tie on weight, earlier signal) and takes 8 of the 10 shared;
        // favorites gets 2 and gives 6 to history/popular (40:20 → 4, 2); history then finds
        // nothing left, and its 4 go to popular, the only signal with weight left.
        XCTAssertEqual(result.actual, CrateFixture.counts(8, 2, 10, 0, 0))
        XCTAssertEqual(result.redistributed, [
            "favorites had 2 of 8: 6 given to history (4), popular (2)",
            "history had 0 of 4 more: 4 given to popular (4)",
        ])
        XCTAssertEqual(Set(result.albumIDs).count, 20)
    }
}
