import CrateConfig
import CrateCore
import CratePosix
import Logging
import Synchronization

/// The physical controls and their simulated twin, from edges to router calls. Buttons
/// and encoders wired in `[controls]` are read from GPIO; `crate-admin input` injects
/// gestures as edges into a pipeline of the same decoders. Both feed one worker that
/// runs the interaction model. A GPIO problem never stops the daemon: it is logged,
/// shown in `status`, and the simulated input keeps working.
public final class ControlsService: Sendable {
    public enum Injection: Sendable, Equatable {
        case press(ButtonFunction)
        case long(ButtonFunction)
        case turn(EncoderFunction, detents: Int)
    }

    private struct Simulation: Sendable {
        var pipeline: InputPipeline
        /// The virtual clock simulated edges are stamped on: never behind real time, never
        /// behind the last simulated edge.
        var clock: Nanoseconds = 0
    }

    private let config: CrateConfig.Controls
    private let logger: Logger
    private let worker: ControlsWorker
    private let simulation: Mutex<Simulation>
    private let gestures: SimulatedGestures
    private let input = Mutex<InputThread?>(nil)
    private let backend = ConditionLocked<(name: String, lines: [String], problem: String?, lineBusy: Bool)>(
        ("simulated", [], nil, false))

    public init(config: CrateConfig.Controls, handler: any ControlsHandler, logger: Logger) {
        self.config = config
        self.logger = logger
        let timing = InputPipeline.Timing(config)
        worker = ControlsWorker(idleTimeout: Nanoseconds(config.idleTimeout * 1e9), handler: handler, logger: logger)
        gestures = SimulatedGestures(timing: timing)
        simulation = Mutex(Simulation(pipeline: InputPipeline(
            roles: SimulatedGestures.roles, levels: [], timing: timing)))
    }

    /// Starts the worker, then the GPIO lines when any are wired. Throws only when a
    /// thread cannot be created; GPIO problems are reported through `status`.
    public func start() throws(PosixError) {
        try worker.start()
        let wired = config.buttons.map { ($0.line, InputPipeline.Role.button($0.function)) }
            + config.encoders.flatMap { [($0.a, .encoder($0.function, .a)), ($0.b, .encoder($0.function, .b))] }
        guard !wired.isEmpty else { return }
        let described = wired.map { "\($0.1.controlName)=\($0.0.chip):\($0.0.line)" }
        let lines: GPIOLineSet
        do {
            lines = try GPIOLineSet(wired.map(\.0), consumer: "crated")
        } catch {
            logger.error("controls: \(error.message); buttons and knob are not read (crate-admin input still works)")
            backend.withLock { $0 = ("error", described, error.message, error.lineBusy) }
            return
        }
        let pipeline = InputPipeline(
            roles: wired.map(\.1), levels: lines.lines.map(\.initialLevel), timing: InputPipeline.Timing(config),
            stepsPerDetent: Dictionary(config.encoders.map { ($0.function, $0.stepsPerDetent) }) { a, _ in a },
            accelerated: Set(config.encoders.filter(\.acceleration).map(\.function)))
        let thread = InputThread(
            lines: lines, pipeline: pipeline, logger: logger,
            deliver: { [worker] in worker.enqueue(.init(inputs: $0, source: "gpio", done: nil)) },
            failed: { [backend] message in backend.withLock { $0.name = "error"; $0.problem = message } })
        try thread.start()
        input.withLock { $0 = thread }
        backend.withLock { $0 = ("gpio", described, nil, false) }
        logger.info("controls: reading \(described.joined(separator: ", "))")
    }

    public func stop() {
        input.withLock { $0?.stop() }
        worker.stop()
    }

    /// Feeds a gesture through the simulated pipeline and waits until it was carried out;
    /// returns what it decoded to and what that did.
    public func inject(_ injection: Injection) throws(ControlsError) -> [InputEvent] {
        let decoded = simulation.withLock { sim -> [DecodedInput] in
            let start = max(InputClock.now(), sim.clock)
            let edges: [SimulatedGestures.Edge] = switch injection {
            case .press(let function): gestures.press(function, long: false, from: start)
            case .long(let function): gestures.press(function, long: true, from: start)
            case .turn(let encoder, let detents): gestures.turn(encoder, detents: detents, from: start)
            }
            var out: [DecodedInput] = []
            for edge in edges { out += sim.pipeline.edge(line: edge.line, level: edge.level, at: edge.at) }
            sim.clock = gestures.settled(after: edges)
            out += sim.pipeline.advance(to: sim.clock)
            return out
        }
        let done = ControlsWorker.Completion()
        worker.enqueue(.init(inputs: decoded, source: "simulated", done: done))
        guard let events = done.wait(timeout: 30) else {
            throw ControlsError("the controls did not answer within 30 s")
        }
        return events
    }

    /// The knob's mode with its lists, for the display.
    public var mode: InteractionModel.Mode { worker.mode }

    public func status(browseIndex: Int?) -> ControlsStatus {
        let mode = worker.mode
        let (name, lines, problem, busy) = backend.withLock { ($0.name, $0.lines, $0.problem, $0.lineBusy) }
        var dial: String?
        if case .dial(let position) = mode { dial = String(position) }
        return ControlsStatus(mode: mode.kind, browseIndex: mode == .browse ? browseIndex : nil,
                              dialPosition: dial, backend: name, lines: lines, problem: problem,
                              lineBusy: busy ? true : nil)
    }
}

extension InputPipeline.Role {
    var controlName: String {
        switch self {
        case .button(let function): function.rawValue
        case .encoder(let function, let side): "\(function.rawValue).\(side == .a ? "a" : "b")"
        }
    }
}
