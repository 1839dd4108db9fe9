import CrateCore
import CratePosix
import CrateWire
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Why a `SocketClient` call failed.
public enum SocketClientError: Error, CustomStringConvertible, Equatable {
    case pathTooLong(String)
    case connect(path: String, errno: Int32)
    case send(errno: Int32)
    case receive(errno: Int32)
    /// Nothing (or no complete line) arrived within the timeout.
    case timeout(seconds: Double)
    /// The server closed the connection where a line was expected.
    case closed

    public var description: String {
        func text(_ code: Int32) -> String { strerror(code).map { String(cString: $0) } ?? "error \(code)" }
        switch self {
        case .pathTooLong(let path): return "socket path too long: \(path)"
        case .connect(let path, let code): return "connect to \(path): \(text(code))"
        case .send(let code): return "send: \(text(code))"
        case .receive(let code): return "recv: \(text(code))"
        case .timeout(let seconds): return "no line within \(seconds) s"
        case .closed: return "connection closed by the server"
        }
    }
}

/// A small blocking client for newline-delimited protocols on a Unix stream socket,
/// for tests: connect, send lines, read lines with a timeout. Use from one thread.
public final class SocketClient {
    public let path: String
    /// The connected descriptor (-1 after `close()`), for tests that need socket options.
    public private(set) var fd: Int32
    private var buffer: [UInt8] = []
    private var sawEnd = false

    /// Connects to the socket at `path`.
    public init(path: String) throws(SocketClientError) {
        self.path = path
        guard let address = UnixSocketAddress(path) else { throw .pathTooLong(path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .connect(path: path, errno: errno) }
        let rc = address.withSockaddr { Glibc.connect(fd, $0, $1) }
        guard rc == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .connect(path: path, errno: code)
        }
        self.fd = fd
    }

    /// Connects, retrying while the socket is missing or refusing (a daemon still starting).
    public static func connect(path: String, retryingFor seconds: Double) throws(SocketClientError) -> SocketClient {
        let deadline = now() + seconds
        while true {
            do throws(SocketClientError) {
                return try SocketClient(path: path)
            } catch {
                guard case .connect(_, let code) = error, code == ENOENT || code == ECONNREFUSED,
                    now() < deadline
                else { throw error }
                usleep(20_000)
            }
        }
    }

    deinit { close() }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Half-closes: the server sees end of input, but this side can still read.
    public func shutdownWrite() {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Shrinks the kernel receive buffer, to make a client that stops reading fill up fast.
    public func setReceiveBufferSize(_ bytes: Int) {
        var size = Int32(bytes)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Sends `line`, adding the newline if it has none.
    public func send(_ line: String) throws(SocketClientError) {
        var bytes = Array(line.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        try sendRaw(bytes)
    }

    /// Sends `value` encoded as one JSON line.
    public func send(json value: some Encodable) throws {
        var bytes = [UInt8](try JSONEncoder().encode(value))
        bytes.append(UInt8(ascii: "\n"))
        try sendRaw(bytes)
    }

    /// Sends exactly `bytes`.
    public func sendRaw(_ bytes: [UInt8]) throws(SocketClientError) {
        if let (code, _) = SocketSend.all(bytes, to: fd) { throw .send(errno: code) }
    }

    /// The next line without its newline; nil once the server has closed the connection
    /// (a reset counts as closed). Throws `.timeout` if no full line arrives in time.
    public func readLine(timeout: Double = 5) throws(SocketClientError) -> String? {
        let deadline = Self.now() + timeout
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if sawEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            try fill(until: deadline, timeout: timeout)
        }
    }

    /// The next line decoded as `T`; throws `.closed` at end of stream.
    public func readJSON<T: Decodable>(_ type: T.Type, timeout: Double = 5) throws -> T {
        guard let line = try readLine(timeout: timeout) else { throw SocketClientError.closed }
        return try JSONDecoder().decode(type, from: Data(line.utf8))
    }

    /// Sends one control request and reads its reply.
    public func request(_ request: ControlRequest, timeout: Double = 5) throws -> ControlReply {
        try send(json: request)
        return try readJSON(ControlReply.self, timeout: timeout)
    }

    /// Reads and discards until the server closes; false if it is still open at the timeout.
    public func waitForClose(timeout: Double = 5) -> Bool {
        let deadline = Self.now() + timeout
        while !sawEnd {
            buffer.removeAll()
            do throws(SocketClientError) {
                try fill(until: deadline, timeout: timeout)
            } catch {
                return false
            }
        }
        return true
    }

    private func fill(until deadline: Double, timeout: Double) throws(SocketClientError) {
        let remaining = deadline - Self.now()
        guard remaining > 0 else { throw .timeout(seconds: timeout) }
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, Int32((remaining * 1000).rounded(.up)))
        if ready < 0 {
            if errno == EINTR { return }
            throw .receive(errno: errno)
        }
        if ready == 0 { throw .timeout(seconds: timeout) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
        if n > 0 {
            buffer.append(contentsOf: chunk[..<n])
        } else if n == 0 || errno == ECONNRESET {
            sawEnd = true
        } else if errno != EINTR && errno != EAGAIN {
            throw .receive(errno: errno)
        }
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
