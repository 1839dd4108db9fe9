import CrateCore
import XCTest

@testable import CrateControls

final class QuadratureDecoderTests: XCTestCase {
    private let allStepsPerDetent = [1, 2, 4]

    /// Detents a clean one-way turn of `detents` reports from a fresh decoder: all of them,
    /// except that an encoder with one transition per detent drops the first step while it
    /// establishes a direction (see StepHysteresis).
    private func expectedFromFresh(_ detents: Int, stepsPerDetent: Int) -> [Int] {
        Array(repeating: detents.signum(), count: abs(detents) - (stepsPerDetent == 1 ? 1 : 0))
    }

    func testCleanTurnsGiveExactCountsInBothDirections() {
        for spd in allStepsPerDetent {
            for detents in [1, 3, 40, -1, -3, -40] {
                var stream = EncoderStream(stepsPerDetent: spd)
                stream.turn(detents: detents, perSecond: 20)
                XCTAssertEqual(decode(stream.edges, stepsPerDetent: spd), expectedFromFresh(detents, stepsPerDetent: spd),
                               "spd \(spd), \(detents) detents")
            }
        }
    }

    func testClockwiseIsALeading() {
        // From rest 00: A rises, B rises, A falls, B falls = one clockwise detent.
        var decoder = QuadratureDecoder(stepsPerDetent: 4, a: false, b: false)
        XCTAssertEqual(decoder.edge(.a, level: true), 0)
        XCTAssertEqual(decoder.edge(.b, level: true), 0)
        XCTAssertEqual(decoder.edge(.a, level: false), 0)
        XCTAssertEqual(decoder.edge(.b, level: false), 1)
        // And B leading is counter-clockwise.
        XCTAssertEqual(decoder.edge(.b, level: true), 0)
        XCTAssertEqual(decoder.edge(.a, level: true), 0)
        XCTAssertEqual(decoder.edge(.b, level: false), 0)
        XCTAssertEqual(decoder.edge(.a, level: false), -1)
    }

    func testHalfStepEncoderRestsAtBothComplementaryCodes() {
        var decoder = QuadratureDecoder(stepsPerDetent: 2, a: false, b: false)
        XCTAssertEqual(decoder.edge(.a, level: true), 0)
        XCTAssertEqual(decoder.edge(.b, level: true), 1)  // rest at 11
        XCTAssertEqual(decoder.edge(.a, level: false), 0)
        XCTAssertEqual(decoder.edge(.b, level: false), 1)  // rest at 00
    }

    func testRestPositionIsTheInitialCode() {
        for (spd, a, b) in [(4, true, true), (4, false, true), (2, true, false), (1, true, true)] {
            for detents in [5, -5] {
                var stream = EncoderStream(stepsPerDetent: spd, restA: a, restB: b)
                stream.turn(detents: detents, perSecond: 30)
                XCTAssertEqual(decode(stream.edges, stepsPerDetent: spd, restA: a, restB: b),
                               expectedFromFresh(detents, stepsPerDetent: spd),
                               "spd \(spd), rest \(a)\(b)")
            }
        }
    }

    func testEdgeEqualToTrackedLevelIsANoOp() {
        var decoder = QuadratureDecoder(stepsPerDetent: 4, a: false, b: false)
        XCTAssertEqual(decoder.edge(.a, level: false), 0)
        XCTAssertEqual(decoder.edge(.b, level: false), 0)
        XCTAssertEqual(decoder.edge(.a, level: true), 0)
        XCTAssertEqual(decoder.edge(.a, level: true), 0)  // duplicate: still one step in
        XCTAssertEqual(decoder.edge(.b, level: true), 0)
        XCTAssertEqual(decoder.edge(.a, level: false), 0)
        XCTAssertEqual(decoder.edge(.b, level: false), 1)
    }

    func testChatteredTurnsGiveExactCountsAndNeverAWrongDirection() {
        for seed in 0..<UInt64(500) {
            var rng = SplitMix64(seed: seed)
            let spd = allStepsPerDetent.randomElement(using: &rng)!
            let magnitude = Int.random(in: 1...30, using: &rng)
            let detents = Bool.random(using: &rng) ? magnitude : -magnitude
            // Up to 60 detents/s keeps every transition > 4 ms apart, longer than any burst.
            var stream = EncoderStream(stepsPerDetent: spd)
            stream.turn(detents: detents, perSecond: Int.random(in: 2...60, using: &rng))
            let result = decode(chattered(stream.edges, &rng), stepsPerDetent: spd)
            XCTAssertEqual(result, expectedFromFresh(detents, stepsPerDetent: spd), "seed \(seed), spd \(spd)")
        }
    }

    func testBounceMidDetentNeverReports() {
        for spd in [2, 4] {
            for inside in 1..<spd {
                var decoder = QuadratureDecoder(stepsPerDetent: spd, a: false, b: false)
                var stream = EncoderStream(stepsPerDetent: spd)
                stream.steps(inside, every: millisecond)
                for edge in stream.edges {
                    XCTAssertEqual(decoder.edge(edge.line, level: edge.level), 0)
                }
                // The last line to move bounces 50 times: the knob is sitting between detents.
                let last = stream.edges.last!
                for toggle in 0..<100 {
                    let level = toggle % 2 == 0 ? !last.level : last.level
                    XCTAssertEqual(decoder.edge(last.line, level: level), 0, "spd \(spd), \(inside) in, toggle \(toggle)")
                }
            }
        }
    }

    func testReversalMidDetentReportsNothingForTheAbandonedDetent() {
        for spd in [2, 4] {
            for inside in 1..<spd {
                for firstDirection in [1, -1] {
                    var stream = EncoderStream(stepsPerDetent: spd)
                    stream.turn(detents: 3 * firstDirection, perSecond: 10)
                    stream.steps(inside * firstDirection, every: 20 * millisecond)
                    stream.steps(-inside * firstDirection, every: 20 * millisecond)
                    stream.turn(detents: -4 * firstDirection, perSecond: 10)
                    let expected = Array(repeating: firstDirection, count: 3) + Array(repeating: -firstDirection, count: 4)
                    XCTAssertEqual(decode(stream.edges, stepsPerDetent: spd), expected, "spd \(spd), \(inside) in")
                }
            }
        }
    }

    func testChatteredReversalsMidDetentGiveExactSequences() {
        for seed in 0..<UInt64(500) {
            var rng = SplitMix64(seed: seed)
            let spd = [2, 4].randomElement(using: &rng)!
            let first = Int.random(in: 0...6, using: &rng)
            let inside = Int.random(in: 1..<spd, using: &rng)
            let second = Int.random(in: 0...6, using: &rng)
            let direction = Bool.random(using: &rng) ? 1 : -1
            var stream = EncoderStream(stepsPerDetent: spd)
            stream.turn(detents: first * direction, perSecond: 25)
            stream.steps(inside * direction, every: 10 * millisecond)
            stream.steps(-inside * direction, every: 10 * millisecond)
            stream.turn(detents: -second * direction, perSecond: 25)
            let expected = Array(repeating: direction, count: first) + Array(repeating: -direction, count: second)
            XCTAssertEqual(decode(chattered(stream.edges, &rng), stepsPerDetent: spd), expected, "seed \(seed)")
        }
    }

    func testSingleStepEncoderDropsTheFirstStepOfAReversal() {
        var stream = EncoderStream(stepsPerDetent: 1)
        stream.turn(detents: 5, perSecond: 10)
        stream.turn(detents: -4, perSecond: 10)
        stream.turn(detents: 3, perSecond: 10)
        // The first step of each segment establishes (or reverses) the direction.
        let expected = Array(repeating: 1, count: 4) + Array(repeating: -1, count: 3) + Array(repeating: 1, count: 2)
        XCTAssertEqual(decode(stream.edges, stepsPerDetent: 1), expected)
    }

    func testSingleStepEncoderIgnoresBounceIncludingAtReversals() {
        for seed in 0..<UInt64(500) {
            var rng = SplitMix64(seed: seed)
            var stream = EncoderStream(stepsPerDetent: 1)
            var expected: [Int] = []
            var direction = Bool.random(using: &rng) ? 1 : -1
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let length = Int.random(in: 2...12, using: &rng)
                stream.turn(detents: length * direction, perSecond: Int.random(in: 5...100, using: &rng))
                // Every reversal, and the first turn, costs its first step.
                expected += Array(repeating: direction, count: length - 1)
                direction = -direction
            }
            XCTAssertEqual(decode(chattered(stream.edges, &rng), stepsPerDetent: 1), expected, "seed \(seed)")
        }
    }

    func testDroppedEdgesOnlyLoseDetentsAndNeverReverse() {
        for seed in 0..<UInt64(500) {
            var rng = SplitMix64(seed: seed)
            let spd = allStepsPerDetent.randomElement(using: &rng)!
            let magnitude = Int.random(in: 12...60, using: &rng)
            let detents = Bool.random(using: &rng) ? magnitude : -magnitude
            var stream = EncoderStream(stepsPerDetent: spd)
            stream.turn(detents: detents, perSecond: 30)
            let (edges, dropped) = droppingEdges(stream.edges, groupSize: 12, &rng)
            let result = decode(edges, stepsPerDetent: spd)
            // A lost edge leaves the tracked pair one line off until that line's next edge: the
            // decoder loses track of one Gray cycle (4 transitions) per dropped edge. A single-step
            // encoder also drops its first step while establishing a direction.
            let affected = dropped * 4 / spd + (spd == 1 ? 1 : 0)
            XCTAssertTrue(result.allSatisfy { $0 == detents.signum() }, "seed \(seed), spd \(spd): wrong direction")
            XCTAssertLessThanOrEqual(result.count, magnitude, "seed \(seed)")
            XCTAssertGreaterThanOrEqual(result.count, magnitude - affected, "seed \(seed), spd \(spd), dropped \(dropped)")
            XCTAssertGreaterThan(dropped, 0)
        }
    }

    func testVeryFastTurnsAreCountedExactly() {
        for spd in allStepsPerDetent {
            for detents in [1000, -1000] {
                // 500 detents/s: 2000 edges/s for a full-cycle encoder.
                var stream = EncoderStream(stepsPerDetent: spd)
                stream.turn(detents: detents, perSecond: 500)
                let result = decode(stream.edges, stepsPerDetent: spd)
                XCTAssertEqual(result.count, spd == 1 ? 999 : 1000, "spd \(spd)")
                XCTAssertTrue(result.allSatisfy { $0 == detents.signum() }, "spd \(spd)")
            }
        }
    }

    func testInvalidJumpResetsWithoutReporting() {
        var decoder = QuadratureDecoder(stepsPerDetent: 4, a: false, b: false)
        XCTAssertEqual(decoder.edge(.a, level: true), 0)
        XCTAssertEqual(decoder.edge(.b, level: true), 0)
        XCTAssertEqual(decoder.edge(.a, level: false), 0)  // 01, three steps clockwise
        XCTAssertEqual(decoder.levels(a: true, b: false), 0)  // both lines moved: direction unknown
        XCTAssertEqual(decoder.edge(.a, level: false), 0)  // 00: rest, but no detent after a jump
        // From this fresh reference a full detent counts again.
        XCTAssertEqual(decoder.edge(.a, level: true), 0)
        XCTAssertEqual(decoder.edge(.b, level: true), 0)
        XCTAssertEqual(decoder.edge(.a, level: false), 0)
        XCTAssertEqual(decoder.edge(.b, level: false), 1)
    }
}
