import CrateCore
import CratePosix
import Logging

/// The thread (`crate-controls`) that gives gestures their meaning: it runs the
/// interaction model and calls the router. Separate from the input thread so a slow
/// router call (a crate regenerated from SQLite) never keeps GPIO events unread.
final class ControlsWorker: Sendable {
    /// A batch of gestures from one source; `done` is told the outcome when it has run.
    struct Job: Sendable {
        var inputs: [DecodedInput]
        var source: String
        var done: Completion?
    }

    /// Lets an injecting caller wait for its gestures to be carried out.
    final class Completion: Sendable {
        let result = ConditionLocked<[InputEvent]?>(nil)
        func finish(_ events: [InputEvent]) { result.withLockAndBroadcast { $0 = events } }
        func wait(timeout: Double) -> [InputEvent]? { result.wait(timeout: timeout) { $0 } }
    }

    private struct State {
        var jobs: [Job] = []
        var model: InteractionModel
        var stopping = false
    }

    private let state: ConditionLocked<State>
    private let handler: any ControlsHandler
    private let logger: Logger

    init(idleTimeout: Nanoseconds, handler: any ControlsHandler, logger: Logger) {
        state = ConditionLocked(State(model: InteractionModel(idleTimeout: idleTimeout)))
        self.handler = handler
        self.logger = logger
    }

    var mode: InteractionModel.Mode { state.withLock { $0.model.mode } }

    func start() throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-controls") { [self] in run() }
    }

    func stop() { state.withLockAndBroadcast { $0.stopping = true } }

    func enqueue(_ job: Job) {
        state.withLockAndBroadcast { s in
            // Turns queued behind a slow call are merged: the knob's position is what counts.
            if job.done == nil, var last = s.jobs.last, last.done == nil, last.source == job.source,
               job.inputs.count == 1, last.inputs.count == 1,
               let next = job.inputs.first, let previous = last.inputs.first,
               next.gesture == .turn, previous.gesture == .turn, next.control == previous.control,
               (next.detents > 0) == (previous.detents > 0) {
                last.inputs[0].detents += next.detents
                last.inputs[0].accelerated += next.accelerated
                last.inputs[0].at = next.at
                s.jobs[s.jobs.count - 1] = last
            } else {
                s.jobs.append(job)
            }
        }
    }

    private func run() {
        while true {
            let deadline = state.withLock { $0.model.idleDeadline }
            let timeout = deadline.map { d -> Double in
                let now = InputClock.now()
                return d > now ? Double(d - now) / 1e9 : 0
            }
            let job: Job?? = state.wait(timeout: timeout) { s -> Job?? in
                if s.stopping { return .some(nil) }
                return s.jobs.isEmpty ? nil : .some(s.jobs.removeFirst())
            }
            switch job {
            case .some(nil): return
            case .some(let job?): run(job)
            case nil:
                let intents = state.withLock { $0.model.advance(to: InputClock.now()) }
                for intent in intents { _ = perform(intent) }
            }
        }
    }

    private func run(_ job: Job) {
        var events: [InputEvent] = []
        for input in job.inputs {
            // Asked outside the lock, and only for the gestures that use it: the router's
            // answers read SQLite and the player.
            let needs = InteractionModel.needs(input)
            let context = InteractionContext(dial: handler.currentDialIndex(),
                                             track: needs.track ? handler.playingTrack() : nil,
                                             crateMenu: needs.crateMenu ? handler.crateMenu() : nil,
                                             browsed: needs.browsed ? handler.browsedAlbum() : nil)
            let intents = state.withLock { $0.model.handle(input, now: InputClock.now(), context: context) }
            let outcomes = intents.compactMap { perform($0) }
            let event = InputEvent(gesture: input.gesture, control: input.control.name,
                                   detents: input.gesture == .turn ? input.accelerated : nil, source: job.source,
                                   action: outcomes.isEmpty ? nil : outcomes.map(\.text).joined(separator: "; "))
            logger.info("input: \(input.gesture.rawValue) \(input.control.name)\(event.detents.map { " \($0 > 0 ? "+" : "")\($0)" } ?? "") (\(job.source))\(event.action.map { " → \($0)" } ?? "")")
            handler.inputDecoded(event, outcomes: outcomes)
            events.append(event)
        }
        job.done?.finish(events)
    }

    /// Carries out one intent; a refusal is logged and kept as such.
    private func perform(_ intent: ControlIntent) -> ActionOutcome? {
        do {
            return try handler.perform(intent).map(ActionOutcome.done)
        } catch {
            logger.warning("control action \(intent) failed: \(error)")
            return .refused("\(error)")
        }
    }
}
