import CrateCore
import CratePosix
#if canImport(Glibc)
import Glibc
#endif

/// A connection to one of the box's listeners as a client on the box would make it:
/// `HOST:PORT` (a wildcard address through loopback) or a Unix socket path.
enum ListenerProbe {
    /// A connected socket with a one-second receive timeout, or nil when nothing listens.
    static func connect(to address: String) -> Int32? {
        let fd: Int32
        if address.hasPrefix("/") {
            guard let unix = UnixSocketAddress(address) else { return nil }
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return nil }
            guard unix.withSockaddr({ Glibc.connect(fd, $0, $1) }) == 0 else { close(fd); return nil }
        } else {
            guard address.contains(":"), let endpoint = ListenEndpoint(address) else { return nil }
            var host = endpoint.host
            // A wildcard address is reached through loopback.
            if host.isEmpty || host == "*" || host == "0.0.0.0" { host = "127.0.0.1" }
            if host == "::" { host = "::1" }
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var found: UnsafeMutablePointer<addrinfo>? = nil
            guard getaddrinfo(host, endpoint.port, &hints, &found) == 0,
                  let info = found else { return nil }
            defer { freeaddrinfo(found) }
            fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return nil }
            guard Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else { close(fd); return nil }
        }
        var limit = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }
}
