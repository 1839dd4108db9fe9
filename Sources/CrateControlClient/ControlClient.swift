import CrateCore
import CratePosix
import CrateWire
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// One connection to crated's control socket: newline-delimited JSON, one reply per request.
public final class ControlClient {
    /// A daemon that takes longer than this to answer is stuck; say so rather than hang an SSH session.
    public static let replyTimeoutSeconds = 10
    /// Replies carry a status with every track of an album; far below this in practice.
    public static let maxReplyBytes = 16 * 1024 * 1024

    public let socketPath: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    public init(socketPath: String) throws(ControlClientError) {
        self.socketPath = socketPath
        guard let address = UnixSocketAddress(socketPath) else {
            throw .unreachable("cannot connect to \(socketPath): the socket path is empty or too long "
                               + "(at most \(UnixSocketAddress.maxPathBytes) bytes)")
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw .unreachable("cannot create a socket: \(Self.describe(errno: errno))")
        }
        var rc: Int32
        repeat {
            rc = address.withSockaddr { Glibc.connect(fd, $0, $1) }
        } while rc != 0 && errno == EINTR
        guard rc == 0 else {
            let code = errno
            close(fd)
            throw .unreachable("cannot connect to \(socketPath): \(Self.explainConnectFailure(code))")
        }
        self.fd = fd
        setReplyTimeout(seconds: Self.replyTimeoutSeconds)
    }

    deinit { close(fd) }

    /// The connected socket, for asking the kernel about the peer (crate-admin doctor).
    public var socketDescriptor: Int32 { fd }

    private static func explainConnectFailure(_ code: Int32) -> String {
        switch code {
        case ENOENT:
            return "the daemon is not running (no such socket)"
        case ECONNREFUSED:
            return "the daemon is not running (nothing listens on the socket file)"
        case EACCES, EPERM:
            return "permission denied; add your user to group 'crate' "
                + "(sudo usermod -aG crate $USER, then log in again) or use sudo"
        case ENOTDIR:
            return "a parent of the socket path is not a directory"
        case EAGAIN:
            return "the daemon is too busy to accept connections; try again"
        default:
            return describe(errno: code)
        }
    }

    public static func describe(errno code: Int32) -> String {
        errnoDescription(code)
    }

    /// 0 = wait forever (for `watch`, where silence is normal).
    public func setReplyTimeout(seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    public func send(_ request: ControlRequest) throws(ControlClientError) {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try JSONEncoder().encode(request))
        } catch {
            throw .refused("cannot encode the request: \(error)")
        }
        try send(line: bytes)
    }

    /// Sends one request already encoded as a JSON object (without its newline).
    public func send(line: [UInt8]) throws(ControlClientError) {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        if let (code, _) = SocketSend.all(bytes, to: fd) {
            // A daemon with no room for another client says so and closes at once:
            // show its reason rather than the broken pipe it left.
            if code == EPIPE || code == ECONNRESET, let reason = closingReason() { throw .refused(reason) }
            throw .unreachable("cannot send to the daemon on \(socketPath): \(Self.describe(errno: code))")
        }
    }

    /// The error line a daemon wrote before closing on us, if there is one.
    private func closingReason() -> String? {
        do {
            guard let line = try readLine() else { return nil }
            return try decode(ControlReply.self, from: line).error
        } catch {
            return nil  // nothing readable was left: the send error is reported instead
        }
    }

    /// Sends `request` and returns the decoded reply along with its raw line.
    public func roundTrip(_ request: ControlRequest) throws(ControlClientError) -> (reply: ControlReply, raw: String) {
        try send(request)
        return try readReply()
    }

    /// Sends one encoded request line and returns the decoded reply along with its raw line.
    public func roundTrip(line: [UInt8]) throws(ControlClientError) -> (reply: ControlReply, raw: String) {
        try send(line: line)
        return try readReply()
    }

    private func readReply() throws(ControlClientError) -> (reply: ControlReply, raw: String) {
        guard let line = try readLine() else {
            throw .unreachable("the daemon closed the connection without replying (did it stop or crash? see journalctl -u crated)")
        }
        return (try decode(ControlReply.self, from: line), line)
    }

    /// The next line from the daemon, or nil when it closed the connection between lines.
    public func readLine() throws(ControlClientError) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended {
                guard buffer.isEmpty else {
                    throw .unreachable("the daemon closed the connection in the middle of a reply")
                }
                return nil
            }
            guard buffer.count <= Self.maxReplyBytes else {
                throw .unreachable("the daemon sent a line longer than \(Self.maxReplyBytes) bytes")
            }
            try fill()
        }
    }

    private func fill() throws(ControlClientError) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
        if n > 0 {
            buffer.append(contentsOf: chunk[..<n])
            return
        }
        if n == 0 {
            ended = true
            return
        }
        switch errno {
        case EINTR:
            return
        case EAGAIN, EWOULDBLOCK:
            throw .unreachable("no reply from the daemon within \(Self.replyTimeoutSeconds) s (is it stuck? see journalctl -u crated)")
        case ECONNRESET:
            ended = true
        case let code:
            throw .unreachable("cannot read from the daemon on \(socketPath): \(Self.describe(errno: code))")
        }
    }

    public func decode<T: Decodable>(_ type: T.Type, from line: String) throws(ControlClientError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(line.utf8))
        } catch {
            throw .unreachable("unexpected reply from the daemon (\(error)): \(line.prefix(200))")
        }
    }
}
