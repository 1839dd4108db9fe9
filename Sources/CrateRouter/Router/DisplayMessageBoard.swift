import CrateDisplay
import CratePosix
import Synchronization

/// The short message over the display ("Disliked", "Scanning 42 %", an error) and how
/// long it stays.
final class DisplayMessageBoard: Sendable {
    private let message = Mutex<(Message, until: Double)?>(nil)

    func show(_ text: Message, seconds: Double) {
        message.withLock { $0 = (text, MonotonicClock.now() + seconds) }
    }

    func clear() { message.withLock { $0 = nil } }

    func current() -> Message? {
        message.withLock { entry in
            guard let (text, until) = entry else { return nil }
            if MonotonicClock.now() >= until { entry = nil }
            return entry == nil ? nil : text
        }
    }
}
