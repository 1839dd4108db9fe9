import CratePosix
import CrateCore
import CrateRouter
import CrateWire
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A small fixed set of threads that run requests through the handler, so a slow command
/// (the engine taking seconds to answer) never holds up the control loop, and a thousand
/// clients cost no more threads than four. Each connection has at most one request here
/// at a time, which keeps its replies in order. The control socket has two sets: these
/// four, and two for commands that wait on the network (`ControlLane.network`), so a
/// plex.tv that hangs for a minute holds only those two.
final class RequestWorkers: Sendable {
    static let defaultCount = 4
    static let networkCount = 2

    enum Work: Sendable {
        case request(Command, ControlCommand)
        /// Subscribe, then take the status snapshot that is the reply.
        case subscribe(SubscriberOutbox)
    }

    struct Job: Sendable {
        var connection: Int
        var work: Work
    }

    private struct State {
        var jobs: [Job] = []
        var closed = false
        var busy = 0
    }

    private let state = ConditionLocked(State())
    private let handler: any ControlHandler
    private let inbox: ControlInbox
    private let logger: Logger

    /// `count` threads named `name` and their number (`crate-ctl-w1`, …).
    init(count: Int = RequestWorkers.defaultCount, name: String = "crate-ctl-w", handler: any ControlHandler,
         inbox: ControlInbox, logger: Logger) throws(PosixError) {
        self.handler = handler
        self.inbox = inbox
        self.logger = logger
        for number in 1...count {
            do throws(PosixError) {
                _ = try PosixThread.spawn(name: "\(name)\(number)", detached: true) { self.work() }
            } catch {
                close()
                throw error
            }
        }
    }

    func submit(_ job: Job) {
        state.withLockAndBroadcast { $0.jobs.append(job) }
    }

    /// Stops taking jobs; waits up to `timeout` seconds for the running ones. False when
    /// some are still running (their replies are then never sent).
    @discardableResult
    func close(waitingUpTo timeout: Double = 0) -> Bool {
        state.withLockAndBroadcast { state in
            state.closed = true
            state.jobs.removeAll()
        }
        return state.wait(timeout: timeout) { $0.busy == 0 ? true : nil } ?? false
    }

    private func work() {
        let json = JSONLines()
        while let job = next() {
            let result = perform(job.work, json)
            state.withLockAndBroadcast { $0.busy -= 1 }
            if let result { inbox.post(ControlInbox.Finished(connection: job.connection, result: result)) }
        }
    }

    private func next() -> Job? {
        state.wait { state -> Job?? in
            if state.closed { return .some(nil) }
            guard !state.jobs.isEmpty else { return nil }
            state.busy += 1
            return .some(state.jobs.removeFirst())
        } ?? nil
    }

    private func perform(_ work: Work, _ json: JSONLines) -> ControlInbox.Finished.Result? {
        switch work {
        case .request(let command, let name):
            let reply = self.reply(to: command)
            if !reply.ok { logger.info("\(name.rawValue) failed: \(reply.error ?? "no reason given")") }
            return .reply(encoded(reply, json))
        case .subscribe(let outbox):
            // Subscribe before taking the status snapshot so no event falls between the
            // two; events that arrive meanwhile wait in the outbox behind the reply.
            let token = handler.subscribe { event in outbox.push(event) }
            let status = reply(to: .status)
            guard status.ok else {
                token.cancel()
                logger.info("subscribe failed: \(status.error ?? "status unavailable")")
                return .reply(encoded(status, json))
            }
            return .subscribed(token, firstLine: encoded(status, json))
        }
    }

    private func reply(to command: Command) -> ControlReply {
        do throws(CommandRefusal) {
            return ControlReply(try handler.perform(command))
        } catch {
            return ControlReply(error)
        }
    }

    private func encoded(_ reply: ControlReply, _ json: JSONLines) -> [UInt8] {
        let (bytes, encodingError) = json.replyLine(reply)
        if let encodingError { logger.error("cannot encode control reply: \(encodingError)") }
        return bytes
    }
}
