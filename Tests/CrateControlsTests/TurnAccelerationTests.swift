import CrateCore
import CrateControls
import XCTest

final class TurnAccelerationTests: XCTestCase {
    /// Scales one detent (of sign `direction`) every `interval`, `count` times, starting at `start`.
    private func spin(_ acceleration: inout TurnAcceleration, direction: Int = 1, count: Int,
                      every interval: Nanoseconds, from start: Nanoseconds = 0) -> [Int] {
        (0..<count).map { index in
            acceleration.scale(direction, at: start + Nanoseconds(index) * interval)
        }
    }

    func testDisabledIsTheIdentity() {
        var acceleration = TurnAcceleration(enabled: false)
        XCTAssertEqual(spin(&acceleration, count: 20, every: millisecond), Array(repeating: 1, count: 20))
        XCTAssertEqual(acceleration.scale(-3, at: 21 * millisecond), -3)
        XCTAssertEqual(acceleration.scale(0, at: 22 * millisecond), 0)
    }

    func testSlowTurnsAreUnscaled() {
        var acceleration = TurnAcceleration(enabled: true)
        XCTAssertEqual(spin(&acceleration, count: 30, every: 40 * millisecond), Array(repeating: 1, count: 30))
        XCTAssertEqual(spin(&acceleration, direction: -1, count: 30, every: 200 * millisecond, from: 2_000 * millisecond),
                       Array(repeating: -1, count: 30))
    }

    func testFastSpinRampsUpToEight() {
        var acceleration = TurnAcceleration(enabled: true)
        // Intervals not yet seen count as slow: 1, then the average of (5, 40, 40), (5, 5, 40), (5, 5, 5) ms.
        XCTAssertEqual(spin(&acceleration, count: 7, every: 5 * millisecond), [1, 4, 6, 8, 8, 8, 8])
    }

    func testSteadyMediumSpeedGivesAnIntermediateFactor() {
        var acceleration = TurnAcceleration(enabled: true)
        // 24 ms is halfway between 40 ms (×1) and 8 ms (×8).
        XCTAssertEqual(spin(&acceleration, count: 6, every: 24 * millisecond), [1, 2, 3, 5, 5, 5])
    }

    func testDirectionChangeStartsOverAtOne() {
        var acceleration = TurnAcceleration(enabled: true)
        XCTAssertEqual(spin(&acceleration, count: 6, every: 5 * millisecond).last, 8)
        XCTAssertEqual(spin(&acceleration, direction: -1, count: 4, every: 5 * millisecond, from: 30 * millisecond), [-1, -4, -6, -8])
    }

    func testPauseSlowsDownAgain() {
        var acceleration = TurnAcceleration(enabled: true)
        XCTAssertEqual(spin(&acceleration, count: 6, every: 5 * millisecond).last, 8)
        // 300 ms later, then fast again: the pause stays in the average for a few detents.
        XCTAssertEqual(spin(&acceleration, count: 4, every: 5 * millisecond, from: 325 * millisecond), [1, 1, 1, 8])
    }

    func testSeveralDetentsInOneReportShareTheInterval() {
        var acceleration = TurnAcceleration(enabled: true)
        XCTAssertEqual(acceleration.scale(1, at: 0), 1)
        // 3 detents in 15 ms = 5 ms each: average of (5, 40, 40) ms → ×4.
        XCTAssertEqual(acceleration.scale(3, at: 15 * millisecond), 12)
    }

    func testNeverChangesTheSignOrShrinks() {
        for seed in 0..<UInt64(500) {
            var rng = SplitMix64(seed: seed)
            var acceleration = TurnAcceleration(enabled: true)
            var time: Nanoseconds = 2_000 * millisecond
            for step in 0..<50 {
                let detents = Int.random(in: -3...3, using: &rng)
                // Mostly forward in time, sometimes backwards, sometimes repeated.
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: time -= Nanoseconds.random(in: 0...20, using: &rng) * millisecond
                case 1: break
                default: time += Nanoseconds.random(in: 0...60, using: &rng) * millisecond
                }
                let scaled = acceleration.scale(detents, at: time)
                XCTAssertEqual(scaled.signum(), detents.signum(), "seed \(seed), step \(step)")
                XCTAssertTrue(abs(scaled) >= abs(detents) && abs(scaled) <= 8 * abs(detents), "seed \(seed), step \(step)")
            }
        }
    }

    func testFastTurnDecodedAndAccelerated() {
        // 500 detents/s through the real decoder: 2 ms per detent ramps 1, 4, 7, then 8 each.
        var stream = EncoderStream(stepsPerDetent: 4)
        stream.turn(detents: 100, perSecond: 500)
        var decoder = QuadratureDecoder(stepsPerDetent: 4, a: false, b: false)
        var acceleration = TurnAcceleration(enabled: true)
        var total = 0
        for edge in stream.edges {
            total += acceleration.scale(decoder.edge(edge.line, level: edge.level), at: edge.at)
        }
        XCTAssertEqual(total, 1 + 4 + 7 + 8 * 97)
    }
}
