import CratePosix
import Synchronization

/// Threads waiting for the playback state to change — a play/pause press answered only
/// once the fade is done — woken by the engine when it publishes a new state, instead
/// of polling `status()`.
final class StateWaiters: Sendable {
    private let waiting = Mutex<[ObjectIdentifier: WakeSignal]>([:])

    /// Called by the engine thread after a state change (never by the real-time writer).
    func wake() {
        for signal in waiting.withLock({ Array($0.values) }) { signal.post() }
    }

    /// Returns once `done()` holds or `timeout` seconds have passed.
    func wait(timeout: Double, until done: () -> Bool) {
        let signal = WakeSignal()
        let id = ObjectIdentifier(signal)
        waiting.withLock { $0[id] = signal }
        defer { _ = waiting.withLock { $0.removeValue(forKey: id) } }
        let deadline = MonotonicClock.now() + timeout
        while !done() {
            let left = deadline - MonotonicClock.now()
            if left <= 0 { return }
            signal.wait(seconds: left)
        }
    }
}
