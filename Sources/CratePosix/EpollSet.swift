import CCrateShims
#if canImport(Glibc)
import Glibc
#endif

/// Descriptors watched with epoll: the kernel keeps the set, so a wait costs what is ready,
/// not what is watched (poll passes over every descriptor on every call: 200 idle MPD
/// clients made each round trip of the one active client pay for 200). Level-triggered,
/// like poll; the masks are poll's (POLLIN, POLLOUT, and POLLHUP and POLLERR always).
/// Used from one thread.
public final class EpollSet {
    private let fd: Int32
    /// What each descriptor is registered for, so an unchanged wish costs no system call.
    private var masks: [Int32: UInt32] = [:]
    private var buffer: [epoll_event]

    public init(capacity: Int = 256) throws(PosixError) {
        fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw PosixError(call: "epoll_create1") }
        buffer = [epoll_event](repeating: epoll_event(), count: max(1, capacity))
    }

    deinit { close(fd) }

    /// Watches `descriptor` for `events`; a system call only when the wish changed. Call
    /// `forget` before closing a descriptor: the kernel drops it from the set, and its number
    /// given to a new socket must be added again.
    public func watch(_ descriptor: Int32, for events: Int16) throws(PosixError) {
        let mask = UInt32(UInt16(bitPattern: events))
        if masks[descriptor] == mask { return }
        var event = epoll_event()
        event.events = mask
        event.data.fd = descriptor
        var op = masks[descriptor] == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
        while epoll_ctl(fd, op, descriptor, &event) != 0 {
            switch (op, errno) {
            case (EPOLL_CTL_MOD, ENOENT): op = EPOLL_CTL_ADD
            case (EPOLL_CTL_ADD, EEXIST): op = EPOLL_CTL_MOD
            default:
                masks[descriptor] = nil
                throw PosixError(call: "epoll_ctl")
            }
        }
        masks[descriptor] = mask
    }

    /// Forgets `descriptor` before it is closed (closing takes it out of the kernel's set).
    public func forget(_ descriptor: Int32) {
        masks[descriptor] = nil
    }

    /// Waits up to `timeout` ms (-1: forever) and calls `ready` with each ready descriptor
    /// and its events. Throws on failure other than a signal (which returns with none).
    public func wait(timeout: Int32, _ ready: (Int32, Int16) -> Void) throws(PosixError) {
        let count = buffer.withUnsafeMutableBufferPointer { events in
            // Never nil: the buffer holds at least one event (init). Debian 13's glibc marks
            // the argument nonnull, so it is unwrapped here for both releases' headers.
            epoll_wait(fd, events.baseAddress!, Int32(events.count), timeout)
        }
        if count < 0 {
            if errno == EINTR { return }
            throw PosixError(call: "epoll_wait")
        }
        for index in 0..<Int(count) {
            ready(buffer[index].data.fd, Int16(truncatingIfNeeded: buffer[index].events))
        }
    }
}
