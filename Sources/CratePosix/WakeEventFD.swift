import CCrateShims
import Glibc

/// Wakes a thread out of any wait: the audio writer's idle sleep, the device's poll, the
/// pacing clock; the input thread's poll of GPIO lines. An eventfd rather than a semaphore
/// so it can sit in the same poll() as other descriptors: a skip interrupts a wait for
/// the card instead of queueing behind it.
public final class WakeEventFD: @unchecked Sendable {
    // @unchecked: the descriptor is only written (post) and read (drain) by syscalls.
    public let fd: Int32

    public init() {
        fd = crate_eventfd()
        precondition(fd >= 0, "eventfd failed: errno \(errno)")
    }

    deinit { close(fd) }

    /// Any thread. Never blocks.
    public func post() {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// Clears pending posts (the waiting thread).
    public func drain() {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
    }

    /// Sleeps up to `seconds`, or until posted (the waiting thread).
    public func wait(seconds: Double) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, Int32(max(0, seconds * 1000).rounded(.up)))
        drain()
    }
}
