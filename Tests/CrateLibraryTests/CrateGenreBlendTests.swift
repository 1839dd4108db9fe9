@testable import CrateLibrary
import XCTest

/// A genre crate's own blend: six signals, a weight table per dial position, the Wall's
/// largest-remainder counts, interleave and shortfall sharing.
final class CrateGenreBlendTests: XCTestCase {
    func testEveryGenreTableCoversTheSixSignalsAndSumsToOneHundred() {
        for dial in DialPosition.allCases {
            XCTAssertEqual(Set(dial.genreWeights.keys), Set(CrateSignal.genre), "\(dial)")
            XCTAssertEqual(dial.genreWeights.values.reduce(0, +), 100, "\(dial)")
            XCTAssert(dial.genreWeights.values.allSatisfy { $0 > 0 }, "\(dial): every signal keeps a share")
        }
        let positions = DialPosition.allCases
        for (a, b) in zip(positions, positions.dropFirst()) {
            XCTAssertLessThanOrEqual(a.genreWeights[.wildCard]!, b.genreWeights[.wildCard]!, "\(a) → \(b)")
        }
    }

    /// Counts per dial position: 24 albums over the genre table (floors of the quotas, the
    /// left-over seats to the largest remainders, ties to the earlier signal).
    func testCountsPerDialPosition() {
        let candidates = CrateFixture.disjoint(count: 100, only: CrateSignal.genre)
        // history, seeds, trending, new, sub-genres, wild card.
        let expected: [DialPosition: [Int]] = [
            .myCrate: [9, 7, 3, 2, 2, 1],
            .curated: [3, 7, 7, 3, 2, 2],
            .mixed: [4, 4, 5, 3, 5, 3],
            .deepDig: [1, 3, 1, 6, 6, 7],
            .mystery: [1, 1, 1, 3, 4, 14],
        ]
        for (dial, counts) in expected {
            let crate = CrateWall.generateGenre(candidates: candidates, dial: dial, size: 24, seed: 3)
            let planned = CrateSignal.genre.map { crate.planned[$0]! }
            XCTAssertEqual(planned, LargestRemainder.split(24, weights: CrateSignal.genre.map { dial.genreWeights[$0]! }))
            XCTAssertEqual(planned, counts, "\(dial)")
            XCTAssertEqual(CrateSignal.genre.map { crate.actual[$0]! }, counts, "\(dial): nothing ran short")
            XCTAssertEqual(crate.entries.count, 24)
            XCTAssertEqual(Set(crate.planned.keys), Set(CrateSignal.genre), "no Wall signal in a genre crate")
            for entry in crate.entries {
                XCTAssertEqual(entry.albumID / 100_000, Int64(entry.signal.index + 1), "from its own list")
            }
            let sequence = crate.entries.map(\.signal)
            if 2 * counts.max()! <= 25 {
                XCTAssertFalse(zip(sequence, sequence.dropFirst()).contains { $0 == $1 }, "\(dial): interleaved as the Wall is")
            }
        }
    }

    func testAShortSignalSharesItsShareByWeight() {
        var candidates = CrateFixture.disjoint(count: 100, only: CrateSignal.genre)
        candidates[.subGenres] = []
        candidates[.trending] = Array(candidates[.trending].prefix(1))
        let crate = CrateWall.generateGenre(candidates: candidates, dial: .mixed, size: 20, seed: 9)
        XCTAssertEqual(crate.entries.count, 20)
        XCTAssertEqual(crate.actual[.subGenres], 0)
        XCTAssertEqual(crate.actual[.trending], 1)
        XCTAssertTrue(crate.redistributed.contains { $0.hasPrefix("trending had 1 of 4") }, "\(crate.redistributed)")
        XCTAssertTrue(crate.redistributed.contains { $0.hasPrefix("sub-genres had 0 of 4") }, "\(crate.redistributed)")
    }

    func testSameSeedSameCrateAnotherSeedAnother() {
        let candidates = CrateFixture.disjoint(count: 200, only: CrateSignal.genre)
        let a = CrateWall.generateGenre(candidates: candidates, dial: .deepDig, size: 24, seed: 41)
        let b = CrateWall.generateGenre(candidates: candidates, dial: .deepDig, size: 24, seed: 41)
        let c = CrateWall.generateGenre(candidates: candidates, dial: .deepDig, size: 24, seed: 42)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a.albumIDs, c.albumIDs)
    }
}
