import CrateControls
import CrateCore
import XCTest

/// Simulated gestures and wired lines through the same decoders.
final class InputPipelineTests: XCTestCase {
    let timing = InputPipeline.Timing(debounce: 25_000_000, longPress: 1_000_000_000)

    func run(_ edges: [SimulatedGestures.Edge], _ pipeline: inout InputPipeline) -> [DecodedInput] {
        var out: [DecodedInput] = []
        for edge in edges { out += pipeline.edge(line: edge.line, level: edge.level, at: edge.at) }
        out += pipeline.advance(to: SimulatedGestures(timing: timing).settled(after: edges))
        return out
    }

    func testSimulatedGesturesDecodeToWhatWasAskedFor() {
        var pipeline = InputPipeline(roles: SimulatedGestures.roles, levels: [], timing: timing)
        let gestures = SimulatedGestures(timing: timing)
        let start: Nanoseconds = 5_000_000_000

        let press = run(gestures.press(.next, long: false, from: start), &pipeline)
        XCTAssertEqual(press.map(\.gesture), [.press])
        XCTAssertEqual(press.first?.control, .button(.next))

        let long = run(gestures.press(.next, long: true, from: start + 1_000_000_000), &pipeline)
        XCTAssertEqual(long.map(\.gesture), [.long], "held: a long press and nothing on release")
        XCTAssertEqual(long.first?.at, start + 1_000_000_000 + timing.longPress, "fired while still held")

        let clockwise = run(gestures.turn(.knob, detents: 3, from: start + 4_000_000_000), &pipeline)
        XCTAssertEqual(clockwise.map(\.detents), [1, 1, 1])
        XCTAssertEqual(clockwise.map(\.accelerated), [1, 1, 1])
        let back = run(gestures.turn(.knob, detents: -2, from: start + 6_000_000_000), &pipeline)
        XCTAssertEqual(back.map(\.detents), [-1, -1])
        XCTAssertTrue(back.allSatisfy { $0.control == .encoder(.knob) })
        let volume = run(gestures.turn(.volume, detents: 1, from: start + 8_000_000_000), &pipeline)
        XCTAssertEqual(volume.map(\.control), [.encoder(.volume)])
    }

    func testPlayTellsAPressFromAHold() {
        // Held, play is "more by this artist", so a press answers when released.
        var pipeline = InputPipeline(roles: [.button(.play)], levels: [false], timing: timing)
        XCTAssertEqual(pipeline.edge(line: 0, level: true, at: 1_000_000_000), [])
        XCTAssertEqual(pipeline.advance(to: 1_025_000_000), [], "not yet: it may be held")
        _ = pipeline.edge(line: 0, level: false, at: 1_100_000_000)
        XCTAssertEqual(pipeline.advance(to: 2_000_000_000).map(\.gesture), [.press], "released: a press, once")
        XCTAssertEqual(pipeline.edge(line: 0, level: true, at: 3_000_000_000), [])
        XCTAssertEqual(pipeline.advance(to: 5_000_000_000).map(\.gesture), [.long], "held: a long press")
    }

    func testAnEncoderRestingWithBothContactsClosedCountsFromThere() {
        // Rest at logical 11 (some encoders rest there): the first click is 11 → 01 → 00 → 10 → 11.
        var pipeline = InputPipeline(roles: [.encoder(.knob, .a), .encoder(.knob, .b)], levels: [true, true],
                                     timing: timing)
        var detents = 0
        for (line, level) in [(0, false), (1, false), (0, true), (1, true)] {
            detents += pipeline.edge(line: line, level: level, at: 1).reduce(0) { $0 + $1.detents }
        }
        XCTAssertEqual(abs(detents), 1, "one full cycle from the rest position is one click")
    }

    func testEdgesOnUnknownLinesAreIgnored() {
        var pipeline = InputPipeline(roles: [.button(.play)], levels: [false], timing: timing)
        XCTAssertEqual(pipeline.edge(line: 5, level: true, at: 1), [])
        XCTAssertEqual(pipeline.edge(line: -1, level: true, at: 1), [])
    }
}
