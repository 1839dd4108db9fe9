@testable import CrateLibrary
import XCTest

/// The interleave guarantee (see CrateInterleave):
/// - no two adjacent picks of one signal when no signal holds more than ceil(N/2);
/// - otherwise the majority signal comes in runs as even as possible (the longest is
///   ceil(c / (others + 1))) and no other signal is ever next to itself.
final class CrateWallInterleaveTests: XCTestCase {
    /// Checks the guarantee on one sequence; returns a failure message or nil.
    static func violation(_ sequence: [Int], counts: [Int]) -> String? {
        let n = sequence.count
        for i in counts.indices where sequence.filter({ $0 == i }).count != counts[i] {
            return "signal \(i) appears \(sequence.filter { $0 == i }.count) times, expected \(counts[i])"
        }
        guard n > 1 else { return nil }
        let majority = counts.indices.max { counts[$0] < counts[$1] }!
        let c = counts[majority]
        let forced = 2 * c > n + 1
        var runs: [Int: [Int]] = [:]
        var start = 0
        for i in 1...n where i == n || sequence[i] != sequence[start] {
            runs[sequence[start], default: []].append(i - start)
            start = i
        }
        for (signal, lengths) in runs where lengths.contains(where: { $0 > 1 }) {
            if !forced || signal != majority { return "signal \(signal) adjacent to itself: \(sequence)" }
        }
        if forced {
            let lengths = runs[majority] ?? []
            let others = n - c
            let bound = (c + others) / (others + 1) // ceil(c / (others + 1))
            if lengths.count != others + 1 { return "majority in \(lengths.count) runs, expected \(others + 1)" }
            if lengths.max()! > bound { return "majority run \(lengths.max()!) > \(bound): \(sequence)" }
            if lengths.max()! - lengths.min()! > 1 { return "uneven majority runs \(lengths)" }
        }
        return nil
    }

    /// Every count vector with 0…6 picks per signal (16,807 of them).
    func testGuaranteeOnAllSmallCountVectors() {
        var checked = 0
        for code in 0..<16_807 {
            var rest = code
            let counts = (0..<5).map { _ in defer { rest /= 7 }; return rest % 7 }
            if let failure = Self.violation(CrateInterleave.order(counts: counts), counts: counts) {
                XCTFail("\(counts): \(failure)")
                return
            }
            checked += 1
        }
        XCTAssertEqual(checked, 16_807)
    }

    func testGuaranteeOnGeneratedCrates() {
        let candidates = CrateFixture.disjoint(count: 300)
        let tables = DialPosition.allCases.map(\.weights) + [
            CrateFixture.weights(50, 30, 20, 0, 0),
            CrateFixture.weights(90, 10, 0, 0, 0),
            CrateFixture.weights(1, 1, 1, 1, 96),
            CrateFixture.weights(34, 33, 33, 0, 0),
        ]
        for weights in tables {
            for size in [1, 2, 5, 7, 12, 24, 30, 60, 100, 250] {
                let result = CrateWall.generate(candidates: candidates, weights: weights, size: size, seed: UInt64(size))
                let sequence = result.entries.map(\.signal.index)
                let counts = CrateSignal.wall.map { result.actual[$0]! }
                if let failure = Self.violation(sequence, counts: counts) {
                    XCTFail("\(weights) size \(size): \(failure)")
                }
            }
        }
    }

    /// Mystery Crate of 30 is 21 wild cards and 9 others: wild cards in ten runs of 2 or 3,
    /// never more, and the others spread through the whole crate, not bunched at the top.
    func testMysteryCrateSpreadsTheWildCards() {
        let result = CrateWall.generate(candidates: CrateFixture.disjoint(count: 100), dial: .mystery, size: 30, seed: 1)
        let wild = result.entries.map { $0.signal == .wildCard }
        XCTAssertTrue(wild[0])
        XCTAssertFalse(wild[26...].allSatisfy { $0 }, "the last four hold an other signal")
        var run = 0
        var longest = 0
        for isWild in wild {
            run = isWild ? run + 1 : 0
            longest = max(longest, run)
        }
        XCTAssertEqual(longest, 3)
    }

    /// Mixed Crate, 4 picks each: every window of five consecutive albums shows all five
    /// signals.
    func testBalancedCrateIsARoundRobin() {
        let result = CrateWall.generate(candidates: CrateFixture.disjoint(count: 50), dial: .mixed, size: 20, seed: 5)
        let signals = result.entries.map(\.signal)
        for start in 0...(signals.count - 5) {
            XCTAssertEqual(Set(signals[start..<start + 5]).count, 5, "window at \(start): \(signals)")
        }
    }

    /// Hand-worked orders: ideal positions (k + ½)/c, earliest first, no repeat.
    func testKnownOrders() {
        let names = ["a", "b", "c", "d", "w"]
        func order(_ counts: [Int]) -> String { CrateInterleave.order(counts: counts).map { names[$0] }.joined() }
        XCTAssertEqual(order([5, 3, 2, 0, 0]), "abcabacaba")
        XCTAssertEqual(order([7, 3, 0, 0, 0]), "abaabaabaa") // runs 1, 2, 2, 2
        XCTAssertEqual(order([4, 4, 4, 4, 4]), "abcdwabcdwabcdwabcdw")
        XCTAssertEqual(order([0, 0, 0, 0, 3]), "www")
        XCTAssertEqual(order([0, 0, 0, 0, 0]), "")
    }

    /// The k-th pick of a signal in crate order is that signal's k-th draw: the interleave
    /// moves picks around between signals, never within one.
    func testPicksKeepTheirOrderWithinASignal() {
        let candidates = CrateCandidates(lists: [.history: (1...100).map { $0 }, .popular: (1001...1100).map { $0 }])
        let result = CrateWall.generate(candidates: candidates, weights: CrateFixture.weights(50, 0, 50, 0, 0),
                                        size: 10, seed: 3)
        let history = result.entries.filter { $0.signal == .history }.map(\.albumID)
        XCTAssertEqual(history.count, 5)
        let alone = CrateWall.generate(candidates: CrateCandidates(lists: [.history: (1...100).map { $0 }]),
                                       weights: [.history: 1], size: 5, seed: 3)
        XCTAssertEqual(history, alone.albumIDs)
    }
}
