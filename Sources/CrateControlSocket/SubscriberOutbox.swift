import CratePosix
import CrateCore
import CrateWire

/// Events on their way to one subscriber: the event source drops them in without ever
/// waiting, and the control loop takes them out and does the socket writes. Bounded,
/// because a client that stops reading must cost the daemon a fixed amount of memory and
/// nothing else; when full, the subscriber is given up on.
final class SubscriberOutbox: Sendable {
    /// Enough for a burst (an album starting: state, track, output) many times over.
    static let defaultCapacity = 256

    private struct State {
        var queue: [DaemonEvent] = []
        var closed = false
        var overflowed = false
    }

    let capacity: Int
    private let state = ConditionLocked(State())
    private let onChange: @Sendable () -> Void

    /// `onChange` runs on the pushing thread after each push (to wake the control loop);
    /// it must be quick: it runs on the event source's thread.
    init(capacity: Int = SubscriberOutbox.defaultCapacity, onChange: @escaping @Sendable () -> Void) {
        self.capacity = capacity
        self.onChange = onChange
    }

    /// Queues `event`. Takes a short lock, never blocks on the socket. After an overflow
    /// or `close()`, events are discarded.
    func push(_ event: DaemonEvent) {
        let changed: Bool = state.withLock { state in
            guard !state.closed else { return false }
            guard state.queue.count < capacity else {
                state.closed = true
                state.overflowed = true
                state.queue.removeAll()
                return true
            }
            state.queue.append(event)
            return true
        }
        if changed { onChange() }
    }

    /// Stops accepting events.
    func close() {
        state.withLock { state in
            state.closed = true
            state.queue.removeAll()
        }
    }

    /// What is queued, without waiting: the events (perhaps none), or nil once the
    /// subscriber fell `capacity` events behind and is to be dropped.
    func takeAvailable() -> [DaemonEvent]? {
        state.withLock { state in
            if state.overflowed { return nil }
            defer { state.queue.removeAll(keepingCapacity: true) }
            return state.queue
        }
    }
}
