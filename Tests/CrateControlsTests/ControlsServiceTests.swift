import CrateConfig
import CrateControls
import CrateCore
import Logging
import Synchronization
import XCTest

/// The service around the decoders: simulated gestures reach the handler in order, and a
/// GPIO chip that is not there is reported instead of taking the daemon down.
final class ControlsServiceTests: XCTestCase {
    final class RecordingHandler: ControlsHandler {
        let intents = Mutex<[ControlIntent]>([])
        let events = Mutex<[InputEvent]>([])
        func perform(_ intent: ControlIntent) throws -> String? {
            intents.withLock { $0.append(intent) }
            if intent == .nextAlbum { throw ControlsError("no album follows") }
            return "did \(intent)"
        }
        func currentDialIndex() -> Int { 1 }
        func inputDecoded(_ event: InputEvent, outcomes: [ActionOutcome]) { events.withLock { $0.append(event) } }
    }

    func testInjectedGesturesReachTheHandlerWithTheirOutcome() throws {
        let handler = RecordingHandler()
        let service = ControlsService(config: .init(), handler: handler, logger: Logger(label: "test"))
        try service.start()
        defer { service.stop() }
        XCTAssertEqual(service.status(browseIndex: nil).backend, "simulated")

        let turned = try service.inject(.turn(.knob, detents: 3))
        XCTAssertEqual(turned.map(\.detents), [1, 1, 1])
        XCTAssertEqual(turned.first?.action, "did browse(by: 1, entering: true)")
        XCTAssertEqual(service.status(browseIndex: 3).mode, .browse)
        XCTAssertEqual(service.status(browseIndex: 3).browseIndex, 3)
        _ = try service.inject(.press(.knob))
        _ = try service.inject(.long(.knob))
        XCTAssertEqual(service.status(browseIndex: nil).dialPosition, "1", "dial mode starts at the handler's position")
        let failed = try service.inject(.long(.next))
        XCTAssertEqual(failed.first?.action, "failed: no album follows; did showNowPlaying",
                       "a refused action is reported, not swallowed")
        XCTAssertEqual(handler.intents.withLock { $0 }, [
            .browse(by: 1, entering: true), .browse(by: 1, entering: false), .browse(by: 1, entering: false),
            .playBrowsed, .previewDial(1), .nextAlbum, .showNowPlaying,
        ])
        XCTAssertEqual(handler.events.withLock { $0.count }, 6)
    }

    func testAMissingGPIOChipIsReportedAndSimulatedInputStillWorks() throws {
        var config = CrateConfig.Controls()
        config.buttons = [.init(function: .play, line: .init(chip: "crate-test-no-such-chip", line: .offset(3),
                                                             table: "controls.play", key: "line", fileLine: 7))]
        let handler = RecordingHandler()
        let service = ControlsService(config: config, handler: handler, logger: Logger(label: "test"))
        try service.start()
        defer { service.stop() }
        let status = service.status(browseIndex: nil)
        XCTAssertEqual(status.backend, "error")
        XCTAssertEqual(status.lines, ["play=crate-test-no-such-chip:3"])
        let problem = try XCTUnwrap(status.problem)
        XCTAssertTrue(problem.hasPrefix("[controls.play] line (line 7 of the config): cannot open GPIO chip \"crate-test-no-such-chip\": "),
                      problem)
        XCTAssertEqual(try service.inject(.press(.play)).first?.action, "did togglePlay")
    }
}
