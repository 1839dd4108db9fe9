import CratePosix
import Glibc
import Logging

/// Writes the session's snapshots to user.sqlite on a thread of its own, so no command,
/// knob press or player event waits for the database's fsync. Snapshots are whole
/// states: when several are waiting only the newest is written.
final class SessionWriter: Sendable {
    private struct Queue {
        var pending: SessionState? = nil
        /// Snapshots handed in and snapshots written, counted, for `flush`.
        var submitted = 0
        var written = 0
        var stopping = false
    }
    private let queue = ConditionLocked(Queue())
    private let write: @Sendable (SessionState) -> Void

    /// `write` stores one snapshot and logs its own failures. Without a thread (none
    /// could be started) snapshots are written by the caller, as before.
    init(logger: Logger, write: @escaping @Sendable (SessionState) -> Void) {
        self.write = write
        let queue = self.queue
        do {
            _ = try PosixThread.spawn(name: "crate-session") {
                // SCHED_BATCH: background work, which the scheduler lets the threads
                // answering people run before.
                var param = sched_param()
                if sched_setscheduler(0, SessionWriter.schedBatch, &param) != 0 {
                    logger.notice("session writer: SCHED_BATCH refused (\(errnoDescription(errno))); it runs at normal priority")
                }
                while true {
                    _ = queue.wait { q in q.pending != nil || q.stopping ? true : nil }
                    // A moment's grace: the thread that handed in the snapshot finishes its
                    // answer first, and a burst of changes is written once.
                    usleep(SessionWriter.graceMicroseconds)
                    let (snapshot, number) = queue.withLock { q in
                        defer { q.pending = nil }
                        return (q.pending, q.submitted)
                    }
                    guard let snapshot else { return }  // stopping, and everything written
                    write(snapshot)
                    queue.withLockAndBroadcast { $0.written = number }
                }
            }
            running = true
        } catch {
            logger.error("cannot start the session writer: \(error); the queue is saved on the caller's thread")
            running = false
        }
    }
    private let running: Bool
    /// SCHED_BATCH from <linux/sched.h>: Glibc's module leaves it out (it is _GNU_SOURCE).
    static let schedBatch: Int32 = 3
    static let graceMicroseconds: UInt32 = 3000

    func submit(_ snapshot: SessionState) {
        guard running else { return write(snapshot) }
        queue.withLockAndBroadcast { q in
            // After the last save at a stop, the store is about to close: a later snapshot
            // (the position saver's, an event still being delivered) has nothing new.
            guard !q.stopping else { return }
            q.pending = snapshot
            q.submitted += 1
        }
    }

    /// Waits until everything submitted so far is written (at a clean stop).
    func flush() {
        guard running else { return }
        let target = queue.withLock { $0.submitted }
        _ = queue.wait { $0.written >= target ? true : nil }
    }

    /// Writes what is pending, then ends the thread; later snapshots are not taken.
    func stop() {
        queue.withLockAndBroadcast { $0.stopping = true }
        flush()
    }
}
