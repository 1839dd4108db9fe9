import CratePosix
import Glibc
import Synchronization

/// The one thread that owns the router's state (`crate-router`). Every front end's
/// command, every gesture, every player event and the question of what follows the album
/// run on it one after another, so a command sees the queue, the crate and the history as
/// the last one left them; no two of them interleave half-way. Callers on other threads
/// wait for their turn (`run`); code already on the thread runs at once.
///
/// It never waits for a thread that may be waiting for it: work that waits on the controls
/// or display threads, or on the network, is done by the caller (Router+Perform).
public final class RouterExecutor: Sendable {
    private let mailbox: Mailbox

    public init(name: String = "crate-router") {
        mailbox = Mailbox()
        do {
            _ = try PosixThread.spawn(name: name) { [mailbox] in mailbox.serve() }
        } catch {
            // Without its thread the router cannot work at all: say why and stop here.
            fatalError("cannot start the router's thread \(name): \(error)")
        }
    }

    deinit { mailbox.close() }

    /// Whether the caller is on this executor's thread.
    public var isCurrent: Bool { mailbox.isServingThread }

    /// Runs `body` on the executor and returns what it returns, waiting for its turn.
    public func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if isCurrent { return try body() }
        return try withoutActuallyEscaping(body) { escapable throws(E) -> T in
            let handoff = Handoff(escapable)
            mailbox.post { handoff.runHere() }
            return try handoff.awaitResult()
        }
    }
}

/// The executor's queue and its thread's loop. Held by the thread, not the executor, so
/// the executor's owner going away ends the thread.
private final class Mailbox: Sendable {
    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var closed = false
    }

    private let queue = ConditionLocked(Queue())
    private let serving = Atomic<UInt>(0)

    var isServingThread: Bool {
        let thread = serving.load(ordering: .acquiring)
        return thread != 0 && thread == UInt(pthread_self())
    }

    func post(_ job: @escaping @Sendable () -> Void) {
        let queued = queue.withLockAndBroadcast { q -> Bool in
            guard !q.closed else { return false }
            q.jobs.append(job)
            return true
        }
        // After close nothing serves the queue: the caller's job runs where it is.
        if !queued { job() }
    }

    func close() {
        queue.withLockAndBroadcast { $0.closed = true }
    }

    func serve() {
        serving.store(UInt(pthread_self()), ordering: .releasing)
        while true {
            let batch = queue.wait { q -> [@Sendable () -> Void]? in
                if !q.jobs.isEmpty { defer { q.jobs.removeAll() }; return q.jobs }
                return q.closed ? [] : nil
            }
            guard let batch, !batch.isEmpty else { break }
            for job in batch { job() }
        }
        serving.store(0, ordering: .releasing)
    }
}

/// One `run` call's work and result, carried to the executor's thread while the caller
/// waits. The work is let go of before the caller wakes: `withoutActuallyEscaping`
/// checks that nothing holds it any more.
private final class Handoff<T, E: Error>: @unchecked Sendable {
    private var body: (() throws(E) -> T)?
    private let result = ConditionLocked<Result<T, E>?>(nil)

    init(_ body: @escaping () throws(E) -> T) { self.body = body }

    func runHere() {
        let outcome = runOnce()
        result.withLockAndBroadcast { $0 = outcome }
    }

    private func runOnce() -> Result<T, E> {
        let work = body!
        body = nil
        return Result { () throws(E) -> T in try work() }
    }

    func awaitResult() throws(E) -> T {
        try result.wait { $0 }!.get()
    }
}
