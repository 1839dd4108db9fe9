import CCrateShims
import Glibc

/// Wakes the writer thread out of any wait: its idle sleep, the device's poll, the pacing
/// clock. An eventfd rather than a semaphore so it can sit in the same poll() as the
/// PCM's descriptors: a skip interrupts a wait for the card instead of queueing behind it.
final class WakeEventFD: @unchecked Sendable {
    // @unchecked: the descriptor is only written (post) and read (drain) by syscalls.
    let fd: Int32

    init() {
        fd = crate_eventfd()
        precondition(fd >= 0, "eventfd failed: errno \(errno)")
    }

    deinit { close(fd) }

    /// Any thread. Never blocks.
    func post() {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// Clears pending posts (writer thread).
    func drain() {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
    }

    /// Sleeps up to `seconds`, or until posted (writer thread).
    func wait(seconds: Double) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, Int32(max(0, seconds * 1000).rounded(.up)))
        drain()
    }
}
