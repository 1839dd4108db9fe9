@testable import CrateLibrary
import CrateCore
import XCTest

/// The generator's building blocks: the largest-remainder split, the PRNG and the id set.
final class CrateWallPartsTests: XCTestCase {
    func testLargestRemainderByHand() {
        XCTAssertEqual(LargestRemainder.split(7, weights: [50, 30, 20]), [4, 2, 1])
        XCTAssertEqual(LargestRemainder.split(10, weights: [1, 1, 1]), [4, 3, 3]) // ties: earlier first
        XCTAssertEqual(LargestRemainder.split(3, weights: [0, 0]), [2, 1]) // all zero: equal
        XCTAssertEqual(LargestRemainder.split(5, weights: [-4, 1]), [0, 5])
        XCTAssertEqual(LargestRemainder.split(0, weights: [3, 4]), [0, 0])
        XCTAssertEqual(LargestRemainder.split(4, weights: []), [])
        // Whatever the weights, the counts add up to the total exactly.
        for total in 0...60 {
            for weights in [[40, 35, 10, 10, 5], [5, 5, 5, 15, 70], [1, 2, 3], [7]] {
                XCTAssertEqual(LargestRemainder.split(total, weights: weights).reduce(0, +), total)
            }
        }
    }

    /// Reference outputs of SplitMix64 seeded with 0 (as in the xoshiro authors' code):
    /// a changed constant would silently change every crate.
    func testSplitMix64ReferenceValues() {
        var rng = SplitMix64(seed: 0)
        XCTAssertEqual(rng.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(rng.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(rng.next(), 0x06C4_5D18_8009_454F)
        var unit = SplitMix64(seed: 99)
        for _ in 0..<1000 {
            let u = unit.unit()
            XCTAssert(u >= 0 && u < 1)
        }
    }

    func testIDSetAgreesWithSet() {
        var rng = SplitMix64(seed: 5)
        var reference = Set<Int64>()
        var set = IDSet()
        let specials: [Int64] = [.min, .max, 0, -1, 1]
        for step in 0..<20_000 {
            let id = step % 97 == 0 ? specials[step % specials.count] : Int64(bitPattern: rng.next() % 5_000) - 2_500
            XCTAssertEqual(set.insert(id), reference.insert(id).inserted, "insert \(id)")
        }
        XCTAssertEqual(set.count, reference.count)
        for id in Int64(-3_000)...3_000 { XCTAssertEqual(set.contains(id), reference.contains(id), "\(id)") }
        for id in specials { XCTAssertEqual(set.contains(id), reference.contains(id), "\(id)") }
        XCTAssertFalse(IDSet().contains(.min))
        XCTAssertTrue(IDSet([1, 2, 3]).contains(2))
    }
}
