import CratePosix
import CrateCore

/// Events on their way to one subscriber: the event source drops them in without ever
/// waiting, and the connection's writer thread takes them out and does the slow socket
/// writes. Bounded, because a client that stops reading must cost the daemon a fixed
/// amount of memory and nothing else; when full, the subscriber is given up on.
final class SubscriberOutbox: Sendable {
    /// Enough for a burst (an album starting: state, track, output) many times over.
    static let defaultCapacity = 256

    private struct State {
        var queue: [DaemonEvent] = []
        var closed = false
    }

    let capacity: Int
    private let state = ConditionLocked(State())
    private let onOverflow: @Sendable (_ queued: Int) -> Void

    /// `onOverflow` runs once, on the pushing thread, when the queue is full; it should
    /// log and disconnect the subscriber (quickly: it runs on the event source's thread).
    init(capacity: Int = SubscriberOutbox.defaultCapacity, onOverflow: @escaping @Sendable (_ queued: Int) -> Void) {
        self.capacity = capacity
        self.onOverflow = onOverflow
    }

    /// Queues `event`. Called on the event source's thread: takes a short lock, never blocks
    /// on the socket. After an overflow or `close()`, events are discarded.
    func push(_ event: DaemonEvent) {
        let overflowed: Int? = state.withLockAndBroadcast { state in
            guard !state.closed else { return nil }
            guard state.queue.count < capacity else {
                let queued = state.queue.count
                state.closed = true
                state.queue.removeAll()
                return queued
            }
            state.queue.append(event)
            return nil
        }
        if let overflowed { onOverflow(overflowed) }
    }

    /// Stops accepting events and wakes the writer so it can exit.
    func close() {
        state.withLockAndBroadcast { state in
            state.closed = true
            state.queue.removeAll()
        }
    }

    /// For the writer thread: waits for events and returns all queued ones at once,
    /// or nil once the outbox is closed.
    func takeAll() -> [DaemonEvent]? {
        state.wait { state -> [DaemonEvent]?? in
            if state.closed { return .some(nil) }
            guard !state.queue.isEmpty else { return nil }
            defer { state.queue.removeAll(keepingCapacity: true) }
            return .some(state.queue)
        } ?? nil
    }
}
