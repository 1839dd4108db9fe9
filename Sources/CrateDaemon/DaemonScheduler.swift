import CratePosix
import Glibc

/// The daemon's periodic work on one thread (`crate-timers`): each job runs when due and
/// says when it is next due, or that it is done. The thread sleeps until the earliest due
/// time, so a box at rest is not woken every second for nothing. Jobs are short (long
/// work goes to a thread of its own, as a Plex sync or a scan does): a slow job delays
/// the others but never drops them.
final class DaemonScheduler: Sendable {
    /// Runs the job; returns the seconds until it runs again, or nil when it is done.
    typealias Job = @Sendable () -> Double?

    private struct Entry {
        var due: Double
        var run: Job
    }

    private struct State {
        var entries: [Entry] = []
        var stopping = false
        /// Bumped by every change a sleeping thread must look at (a job added, the stop).
        var generation = 0
    }

    private enum Next {
        case stop
        case run(Entry)
        case sleep(seconds: Double?, generation: Int)
    }

    private let state = ConditionLocked(State())
    private let thread = ConditionLocked<pthread_t?>(nil)

    /// Runs `job` `delay` seconds from now (0: at once), then as it says.
    func add(after delay: Double = 0, _ job: @escaping Job) {
        state.withLockAndBroadcast {
            $0.entries.append(Entry(due: MonotonicClock.now() + delay, run: job))
            $0.generation += 1
        }
    }

    func start() throws(PosixError) {
        let started = try PosixThread.spawn(name: "crate-timers", detached: false) { [self] in loop() }
        thread.withLock { $0 = started }
    }

    /// Ends the thread after the job running now (if any); no job runs after this returns.
    func stop() {
        state.withLockAndBroadcast {
            $0.stopping = true
            $0.generation += 1
        }
        if let started = thread.withLock({ value -> pthread_t? in defer { value = nil }; return value }) {
            PosixThread.join(started)
        }
    }

    private func loop() {
        while true {
            let next: Next = state.withLock { s in
                if s.stopping { return .stop }
                let now = MonotonicClock.now()
                guard let first = s.entries.indices.min(by: { s.entries[$0].due < s.entries[$1].due }) else {
                    return .sleep(seconds: nil, generation: s.generation)
                }
                if s.entries[first].due <= now { return .run(s.entries.remove(at: first)) }
                return .sleep(seconds: s.entries[first].due - now, generation: s.generation)
            }
            switch next {
            case .stop:
                return
            case .run(var entry):
                guard let again = entry.run() else { continue }
                entry.due = MonotonicClock.now() + again
                state.withLock { $0.entries.append(entry) }
            case .sleep(let seconds, let generation):
                _ = state.wait(timeout: seconds) { $0.generation != generation ? true : nil }
            }
        }
    }
}
