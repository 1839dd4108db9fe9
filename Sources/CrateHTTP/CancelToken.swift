internal import CratePosix
import Glibc

/// Cancels requests from another thread: a transfer in flight ends within about a tenth
/// of a second with `.cancelled`, and so does a retry's sleep. One token may cover many
/// requests (a whole sync); once cancelled it stays cancelled.
public final class CancelToken: Sendable {
    // A condition rather than a bare flag so retry sleeps wake the moment it is set.
    private let state = ConditionLocked(false)

    public init() {}

    public func cancel() {
        state.withLockAndBroadcast { $0 = true }
    }

    public var isCancelled: Bool { state.withLock { $0 } }

    /// Sleeps `seconds` unless cancelled first; returns true when cancelled.
    func sleep(_ seconds: Double) -> Bool {
        state.wait(timeout: max(0, seconds)) { $0 ? true : nil } ?? false
    }
}

/// Sleeps `seconds`, or less when `cancel` fires; true when cancelled.
func sleep(_ seconds: Double, cancel: CancelToken?) -> Bool {
    if let cancel { return cancel.sleep(seconds) }
    guard seconds > 0 else { return false }
    var request = MonotonicClock.absoluteTime(seconds)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    return false
}
