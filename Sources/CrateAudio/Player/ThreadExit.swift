import CratePosix
import Synchronization

/// Lets `stop()` wait until a worker thread has finished what it was doing, so what it
/// works on (the library store, at a daemon's stop) can be closed after it. Bounded: a
/// worker stuck in a slow call does not hold the stop up for ever.
final class ThreadExit: Sendable {
    private let exited = Atomic<Bool>(false)
    private let signal = WakeSignal()

    /// Called by the worker as its loop ends.
    func mark() {
        exited.store(true, ordering: .releasing)
        signal.post()
    }

    /// Waits up to `seconds` for `mark()`.
    func await(seconds: Double) {
        let deadline = MonotonicClock.now() + seconds
        while !exited.load(ordering: .acquiring) {
            let left = deadline - MonotonicClock.now()
            if left <= 0 { return }
            signal.wait(seconds: left)
        }
    }
}
