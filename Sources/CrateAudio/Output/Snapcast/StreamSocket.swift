import CratePosix
import Glibc

/// A non-blocking TCP connection to snapserver's source port, made and remade by the
/// writer thread: connect never waits (the result is picked up on a later call), a
/// refused or broken connection is closed and tried again after a growing pause. Only
/// syscalls on memory that exists already: safe for the real-time writer.
final class StreamSocket {
    enum State { case closed, connecting, connected }
    private(set) var state = State.closed
    /// errno of the last failure; 0 once connected (or before the first try).
    private(set) var problem: Int32 = 0
    private var fd: Int32 = -1
    private var address = sockaddr_storage()
    private let addressLength: socklen_t
    private var retryAt = 0.0
    /// Seconds before the next try: doubles from a quarter second to four.
    private var backoff = minimumBackoff
    static let minimumBackoff = 0.25
    static let maximumBackoff = 4.0

    init(address: sockaddr_storage, length: socklen_t) {
        self.address = address
        addressLength = length
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Moves the connection on without waiting: starts a connect when one is due, picks
    /// up a connect's result. True when connected.
    func advance() -> Bool {
        switch state {
        case .connected: return true
        case .connecting: return finishConnect(waitMillis: 0)
        case .closed:
            guard MonotonicClock.now() >= retryAt else { return false }
            startConnect()
            return state == .connected || (state == .connecting && finishConnect(waitMillis: 0))
        }
    }

    /// Waits up to `millis` for a connect under way (loopback answers at once).
    func awaitConnect(millis: Int32) -> Bool {
        state == .connecting ? finishConnect(waitMillis: millis) : state == .connected
    }

    /// Sends what the socket takes now: bytes sent, 0 when its buffer is full, -1 when
    /// the connection broke (closed; retried later).
    func send(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        let n = Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        if n >= 0 { return n }
        let code = errno
        if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return 0 }
        fail(code)
        return -1
    }

    enum Wait { case writable, woken, stalled }

    /// Sleeps until the socket takes more, or `wake` fires, or `millis` pass with
    /// snapserver reading nothing (stalled).
    func waitWritable(wake: WakeEventFD?, millis: Int32) -> Wait {
        var fds = (pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
                   pollfd(fd: wake?.fd ?? -1, events: Int16(POLLIN), revents: 0))
        let (ready, woken) = withUnsafeMutablePointer(to: &fds) { pair in
            pair.withMemoryRebound(to: pollfd.self, capacity: 2) { entries -> (Bool, Bool) in
                _ = poll(entries, 2, millis)
                return (entries[0].revents != 0, entries[1].revents & Int16(POLLIN) != 0)
            }
        }
        if woken { wake?.drain(); return .woken }
        return ready ? .writable : .stalled
    }

    /// Gives the connection up (snapserver stopped reading): closed, retried later.
    func abandon(_ code: Int32) { fail(code) }

    private func startConnect() {
        fd = socket(Int32(address.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                    | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return fail(errno) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, addressLength) }
        }
        if rc == 0 { return connected() }
        if errno == EINPROGRESS { state = .connecting; return }
        fail(errno)
    }

    private func finishConnect(waitMillis: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&entry, 1, waitMillis) > 0 else { return false }
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
        if code != 0 { fail(code); return false }
        connected()
        return true
    }

    private func connected() {
        state = .connected
        problem = 0
        backoff = Self.minimumBackoff
    }

    private func fail(_ code: Int32) {
        if fd >= 0 { close(fd) }
        fd = -1
        state = .closed
        problem = code
        retryAt = MonotonicClock.now() + backoff
        backoff = min(Self.maximumBackoff, backoff * 2)
    }
}
