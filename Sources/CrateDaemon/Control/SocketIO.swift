#if canImport(Glibc)
import CratePosix
import Glibc
#endif

/// Blocking Unix-socket plumbing shared by the listener and the connections.
enum SocketIO {
    static func describe(errno code: Int32) -> String { errnoDescription(code) }

    static func makeStreamSocket() throws(PosixError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw PosixError(call: "socket") }
        return fd
    }

    /// Connects a new socket to `address`; the caller owns the returned descriptor.
    static func connect(to address: UnixSocketAddress) throws(PosixError) -> Int32 {
        let fd = try makeStreamSocket()
        while true {
            let rc = address.withSockaddr { Glibc.connect(fd, $0, $1) }
            if rc == 0 { return fd }
            let code = errno
            if code == EINTR { continue }
            close(fd)
            throw PosixError(call: "connect", code: code)
        }
    }

    /// Writes all of `bytes`, retrying partial writes and EINTR. MSG_NOSIGNAL turns a
    /// vanished peer into EPIPE instead of a process-killing SIGPIPE.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws(PosixError) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            if n >= 0 {
                sent += n
                continue
            }
            let code = errno
            if code == EINTR { continue }
            throw PosixError(call: "send", code: code)
        }
    }

    /// Reads what is available (blocking until something is), retrying EINTR.
    /// Returns 0 at end of stream.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) throws(PosixError) -> Int {
        while true {
            let n = buffer.withUnsafeMutableBytes { raw in
                recv(fd, raw.baseAddress!, raw.count, 0)
            }
            if n >= 0 { return n }
            let code = errno
            if code == EINTR { continue }
            throw PosixError(call: "recv", code: code)
        }
    }

    /// Keeps the descriptor out of any program the daemon might exec.
    static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }

    /// Bounds how long one blocking `send` may wait for the peer to make room.
    static func setSendTimeout(_ fd: Int32, seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Blocks until the peer has closed its end completely (or we shut ours down).
    /// A client that merely half-closes (`shutdown(SHUT_WR)`) can still read, so it
    /// does not count as gone. Asking for no events still reports POLLHUP and POLLERR.
    static func waitForHangUp(_ fd: Int32) {
        var entry = pollfd(fd: fd, events: 0, revents: 0)
        while true {
            let rc = poll(&entry, 1, -1)
            if rc < 0 && errno == EINTR { continue }
            return
        }
    }
}
