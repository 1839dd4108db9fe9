import CratePosix
import CrateRouter
import Synchronization

/// How other threads reach the control loop: workers post finished requests here, and
/// event subscriptions and `stop()` wake it. One eventfd sits in the loop's poll().
final class ControlInbox: Sendable {
    /// A request a worker has finished, for the connection that sent it.
    struct Finished: Sendable {
        enum Result: Sendable {
            /// The reply line to write.
            case reply([UInt8])
            /// `subscribe` succeeded: the status reply goes first, then the outbox's events.
            case subscribed(EventSubscription, firstLine: [UInt8])
        }
        var connection: Int
        var result: Result
    }

    private let finished = Mutex<[Finished]>([])
    private let stopping = Atomic<Bool>(false)
    private let wakeUp = WakeEventFD()

    /// The descriptor the loop polls for readability.
    var fd: Int32 { wakeUp.fd }

    /// Any thread: wakes the loop (an event is waiting in some outbox).
    func wake() { wakeUp.post() }

    func post(_ result: Finished) {
        finished.withLock { $0.append(result) }
        wakeUp.post()
    }

    /// The loop: clears the wake-up and takes what was posted.
    func takeAll() -> [Finished] {
        wakeUp.drain()
        return finished.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    func requestStop() {
        stopping.store(true, ordering: .releasing)
        wakeUp.post()
    }

    var stopRequested: Bool { stopping.load(ordering: .acquiring) }
}
