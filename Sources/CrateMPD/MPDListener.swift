import CratePosix
import Glibc
import Logging

/// A listening socket of `[mpd] listen`: TCP for `host:port`, a Unix socket for a path.
struct MPDListener {
    let address: String
    let fd: Int32
    /// The socket file to remove at stop, for a Unix socket.
    let socketPath: String?

    static func open(_ address: String, logger: Logger) throws(MPDListenError) -> MPDListener {
        if address.hasPrefix("/") || address.hasPrefix("./") {
            return try openUnix(address, logger: logger)
        }
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...]) else {
            throw MPDListenError(address: address, reason: "expected host:port or a socket path")
        }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "*" || host.isEmpty { host = "0.0.0.0" }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>? = nil
        let rc = getaddrinfo(host, String(port), &hints, &found)
        guard rc == 0, let info = found else {
            throw MPDListenError(address: address, reason: "cannot resolve \(host): \(String(cString: gai_strerror(rc)))")
        }
        defer { freeaddrinfo(found) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw MPDListenError(address: address, reason: "socket: \(errnoDescription(errno))") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw MPDListenError(address: address, reason: "bind: \(errnoDescription(code))")
        }
        return try finish(fd, address: address, socketPath: nil)
    }

    private static func openUnix(_ path: String, logger: Logger) throws(MPDListenError) -> MPDListener {
        guard let unix = UnixSocketAddress(path) else {
            throw MPDListenError(address: path, reason: "the path is longer than \(UnixSocketAddress.maxPathBytes) bytes")
        }
        do { try SocketFile.prepare(path: path, logger: logger) } catch {
            throw MPDListenError(address: path, reason: "\(error)")
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw MPDListenError(address: path, reason: "socket: \(errnoDescription(errno))") }
        guard unix.withSockaddr({ bind(fd, $0, $1) }) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw MPDListenError(address: path, reason: "bind: \(errnoDescription(code))")
        }
        // Anyone who may reach the folder may use it, as anyone on the network may use the port.
        _ = chmod(path, 0o666)
        return try finish(fd, address: path, socketPath: path)
    }

    private static func finish(_ fd: Int32, address: String, socketPath: String?) throws(MPDListenError) -> MPDListener {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        guard Glibc.listen(fd, 64) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw MPDListenError(address: address, reason: "listen: \(errnoDescription(code))")
        }
        return MPDListener(address: address, fd: fd, socketPath: socketPath)
    }

    func close() {
        Glibc.close(fd)
        if let socketPath { unlink(socketPath) }
    }
}

public struct MPDListenError: Error, CustomStringConvertible, Sendable {
    public var address: String
    public var reason: String
    public var description: String { "cannot listen for MPD clients on \(address): \(reason)" }
}
