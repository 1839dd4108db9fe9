#if canImport(Glibc)
import Glibc
#endif

/// Unix-socket plumbing shared by the control socket and MPD's listeners.
public enum SocketIO {
    public static func describe(errno code: Int32) -> String { errnoDescription(code) }

    public static func makeStreamSocket() throws(PosixError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw PosixError(call: "socket") }
        return fd
    }

    /// Connects a new socket to `address`; the caller owns the returned descriptor.
    public static func connect(to address: UnixSocketAddress) throws(PosixError) -> Int32 {
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

    /// Keeps the descriptor out of any program the daemon might exec.
    public static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }
}
