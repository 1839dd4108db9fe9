import CrateCore
import CrateControls
import XCTest

final class ButtonDecoderTests: XCTestCase {
    private let debounce = 5 * millisecond
    private let longAfter = 1000 * millisecond
    private var longMode: ButtonDecoder.Mode { .pressAndLong(longAfter: longAfter) }

    private struct Fired: Equatable, CustomStringConvertible {
        var gesture: ButtonGesture
        var at: Nanoseconds
        var description: String { "\(gesture)@\(Double(at) / 1e6)ms" }
    }

    /// Plays edges into the decoder the way the input thread does: sleep until the next edge
    /// or `nextDeadline`, whichever is first. Gestures are stamped with the time they fired.
    private func drive(_ decoder: inout ButtonDecoder, _ edges: [ButtonEdge], until end: Nanoseconds) -> [Fired] {
        var fired: [Fired] = []
        func runTimers(upTo limit: Nanoseconds) {
            var rounds = 0
            while let due = decoder.nextDeadline, due <= limit {
                fired += decoder.advance(to: due).map { Fired(gesture: $0, at: due) }
                rounds += 1
                precondition(rounds < 100_000, "nextDeadline does not move on")
            }
        }
        for edge in edges {
            runTimers(upTo: edge.at)
            fired += decoder.edge(level: edge.level, at: edge.at).map { Fired(gesture: $0, at: edge.at) }
        }
        runTimers(upTo: end)
        return fired
    }

    func testCleanShortPressFiresOnceAtReleasePlusDebounce() {
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
        let fired = drive(&decoder, cleanPress(at: 100 * millisecond, releaseAt: 300 * millisecond), until: 5_000 * millisecond)
        XCTAssertEqual(fired, [Fired(gesture: .press, at: 305 * millisecond)])
        XCTAssertFalse(decoder.isPressed)
        XCTAssertNil(decoder.nextDeadline)
    }

    func testDebounceAcceptsAPressOnlyAfterStableTime() {
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
        XCTAssertEqual(decoder.edge(level: true, at: 100 * millisecond), [])
        XCTAssertEqual(decoder.nextDeadline, 105 * millisecond)
        XCTAssertEqual(decoder.advance(to: 105 * millisecond - 1), [])
        XCTAssertFalse(decoder.isPressed)
        XCTAssertEqual(decoder.advance(to: 105 * millisecond), [])
        XCTAssertTrue(decoder.isPressed)
    }

    func testChatteredPressesGiveExactlyOneGesture() {
        for seed in 0..<UInt64(300) {
            var rng = SplitMix64(seed: seed)
            let pressAt = Nanoseconds.random(in: 10...500, using: &rng) * millisecond
            let hold = Nanoseconds.random(in: 30...2_500, using: &rng) * millisecond
            let edges = chatteredPress(at: pressAt, releaseAt: pressAt + hold, &rng)
            var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
            let fired = drive(&decoder, edges, until: pressAt + 5_000 * millisecond)
            // A long press is timed from the finger going down (the first edge of the burst);
            // a short one fires once the release has been stable for the debounce time.
            let expected = hold >= longAfter
                ? Fired(gesture: .long, at: pressAt + longAfter)
                : Fired(gesture: .press, at: edges.last!.at + debounce)
            XCTAssertEqual(fired, [expected], "seed \(seed), hold \(hold / millisecond) ms")
            XCTAssertFalse(decoder.isPressed)
        }
    }

    func testLongPressFiresWhileHeldAndNothingOnRelease() {
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
        XCTAssertEqual(decoder.edge(level: true, at: 100 * millisecond), [])
        XCTAssertEqual(decoder.advance(to: 105 * millisecond), [])
        XCTAssertEqual(decoder.nextDeadline, 1_100 * millisecond)
        XCTAssertEqual(decoder.advance(to: 1_100 * millisecond - 1), [])
        XCTAssertEqual(decoder.advance(to: 1_100 * millisecond), [.long])
        XCTAssertNil(decoder.nextDeadline)
        XCTAssertEqual(decoder.advance(to: 1_299 * millisecond), [])
        XCTAssertEqual(decoder.edge(level: false, at: 1_300 * millisecond), [])
        XCTAssertEqual(decoder.advance(to: 2_000 * millisecond), [])
        XCTAssertFalse(decoder.isPressed)
        XCTAssertNil(decoder.nextDeadline)
    }

    func testLongPressDueBeforeALateEdgeStillFires() {
        // Nobody called advance during the hold: the release edge runs the overdue timer first.
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
        XCTAssertEqual(decoder.edge(level: true, at: 0), [])
        XCTAssertEqual(decoder.edge(level: false, at: 1_200 * millisecond), [.long])
        XCTAssertEqual(decoder.advance(to: 2_000 * millisecond), [])
    }

    func testHeldJustUnderTheThresholdIsAShortPress() {
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
        let fired = drive(&decoder, cleanPress(at: 0, releaseAt: 999 * millisecond), until: 3_000 * millisecond)
        XCTAssertEqual(fired, [Fired(gesture: .press, at: 1_004 * millisecond)])
    }

    func testGlitchShorterThanDebounceIsIgnored() {
        for mode in [longMode, .immediate, .repeating(delay: 400 * millisecond, interval: 100 * millisecond)] {
            var decoder = ButtonDecoder(debounce: debounce, mode: mode)
            let fired = drive(&decoder, cleanPress(at: 100 * millisecond, releaseAt: 103 * millisecond), until: 3_000 * millisecond)
            XCTAssertEqual(fired, [], "\(mode)")
            XCTAssertFalse(decoder.isPressed)
            XCTAssertNil(decoder.nextDeadline)
        }
    }

    func testImmediateFiresOnDebouncedPressAndNotOnRelease() {
        var decoder = ButtonDecoder(debounce: debounce, mode: .immediate)
        let fired = drive(&decoder, cleanPress(at: 100 * millisecond, releaseAt: 2_400 * millisecond), until: 5_000 * millisecond)
        XCTAssertEqual(fired, [Fired(gesture: .press, at: 105 * millisecond)])

        var rng = SplitMix64(seed: 7)
        let edges = chatteredPress(at: 100 * millisecond, releaseAt: 400 * millisecond, &rng)
        let pressBurstEnd = edges.last { $0.at < 400 * millisecond }!.at
        var chattering = ButtonDecoder(debounce: debounce, mode: .immediate)
        XCTAssertEqual(drive(&chattering, edges, until: 5_000 * millisecond), [Fired(gesture: .press, at: pressBurstEnd + debounce)])
    }

    func testRepeatingFiresOnPressThenAfterDelayAndEveryInterval() {
        let mode = ButtonDecoder.Mode.repeating(delay: 400 * millisecond, interval: 100 * millisecond)
        var decoder = ButtonDecoder(debounce: debounce, mode: mode)
        let fired = drive(&decoder, cleanPress(at: 0, releaseAt: 1_050 * millisecond), until: 5_000 * millisecond)
        let expectedTimes: [Nanoseconds] = [5, 400, 500, 600, 700, 800, 900, 1_000].map { $0 * millisecond }
        XCTAssertEqual(fired, expectedTimes.map { Fired(gesture: .press, at: $0) })
        XCTAssertNil(decoder.nextDeadline)
    }

    func testReleaseGlitchDuringAHoldDoesNotSplitThePress() {
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
        let edges = [
            ButtonEdge(level: true, at: 0),
            ButtonEdge(level: false, at: 500 * millisecond),
            ButtonEdge(level: true, at: 502 * millisecond),
            ButtonEdge(level: false, at: 800 * millisecond),
        ]
        XCTAssertEqual(drive(&decoder, edges, until: 3_000 * millisecond), [Fired(gesture: .press, at: 805 * millisecond)])
    }

    func testGlitchAcrossTheLongDeadlinePostponesTheLongPress() {
        // The line bounces open at 999 ms; whether it is a release is only known once it has
        // settled, so the long press waits for that and then fires once.
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
        let edges = [
            ButtonEdge(level: true, at: 0),
            ButtonEdge(level: false, at: 999 * millisecond),
            ButtonEdge(level: true, at: 1_001 * millisecond),
            ButtonEdge(level: false, at: 1_500 * millisecond),
        ]
        XCTAssertEqual(drive(&decoder, edges, until: 3_000 * millisecond), [Fired(gesture: .long, at: 1_006 * millisecond)])
    }

    func testEdgeRepeatingTheTrackedLevelRestartsTheStabilityWait() {
        // A second "pressed" edge means a release edge in between was lost: the line moved.
        var decoder = ButtonDecoder(debounce: debounce, mode: .immediate)
        XCTAssertEqual(decoder.edge(level: true, at: 0), [])
        XCTAssertEqual(decoder.edge(level: true, at: 3 * millisecond), [])
        XCTAssertEqual(decoder.nextDeadline, 8 * millisecond)
        XCTAssertEqual(decoder.advance(to: 7 * millisecond), [])
        XCTAssertEqual(decoder.advance(to: 8 * millisecond), [.press])
        // While held and settled, a duplicate is bounce: no new gesture, still pressed.
        XCTAssertEqual(decoder.edge(level: true, at: 50 * millisecond), [])
        XCTAssertEqual(decoder.advance(to: 100 * millisecond), [])
        XCTAssertTrue(decoder.isPressed)
    }

    func testTimestampsGoingBackwardsDoNotCrash() {
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode)
        XCTAssertEqual(decoder.advance(to: 0), [])
        XCTAssertEqual(decoder.edge(level: true, at: 1_000 * millisecond), [])
        XCTAssertEqual(decoder.advance(to: 1_010 * millisecond), [])
        XCTAssertTrue(decoder.isPressed)
        // Released "before" it was pressed: taken as happening now (1010 ms).
        XCTAssertEqual(decoder.edge(level: false, at: 10 * millisecond), [])
        XCTAssertEqual(decoder.advance(to: 0), [])
        XCTAssertEqual(decoder.nextDeadline, 1_015 * millisecond)
        XCTAssertEqual(decoder.advance(to: 1_015 * millisecond), [.press])
        // Near the end of the clock the debounce deadline saturates instead of overflowing.
        XCTAssertEqual(decoder.edge(level: true, at: UInt64.max - millisecond), [])
        XCTAssertEqual(decoder.nextDeadline, UInt64.max)
        XCTAssertFalse(decoder.isPressed)
    }

    func testButtonHeldAtStartupProducesNothingForThatHold() {
        var decoder = ButtonDecoder(debounce: debounce, mode: longMode, initialLevel: true)
        XCTAssertTrue(decoder.isPressed)
        XCTAssertNil(decoder.nextDeadline)
        let edges = [ButtonEdge(level: false, at: 3_000 * millisecond)] + cleanPress(at: 4_000 * millisecond, releaseAt: 4_100 * millisecond)
        XCTAssertEqual(drive(&decoder, edges, until: 9_000 * millisecond), [Fired(gesture: .press, at: 4_105 * millisecond)])
    }

    func testGestureRawValuesAreStable() {
        XCTAssertEqual(ButtonGesture.press.rawValue, "press")
        XCTAssertEqual(ButtonGesture(rawValue: "long"), .long)
    }
}
