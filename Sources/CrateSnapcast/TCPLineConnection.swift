import CratePosix
import Glibc

/// One TCP connection carrying newline-delimited text, with a time limit on connecting
/// and on every read and write: a snapserver that stops answering must not hang an SSH
/// session or the daemon's rooms thread.
final class TCPLineConnection {
    /// A Server.GetStatus with dozens of clients is tens of kilobytes; this is far above.
    static let maxLineBytes = 8 * 1024 * 1024

    let label: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var ended = false
    private let timeoutSeconds: Double

    /// `label` prefixes every error ("snapserver at 127.0.0.1:1705").
    init(host: String, port: Int, label: String, timeoutSeconds: Double) throws(SnapcastError) {
        self.label = label
        self.timeoutSeconds = timeoutSeconds
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            let reason = rc == 0 ? "no address" : String(cString: gai_strerror(rc))
            throw SnapcastError(.unreachable, "\(label): cannot resolve \(host): \(reason)")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address to try"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let candidate = entry {
            entry = candidate.pointee.ai_next
            let info = candidate.pointee
            let fd = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
            guard fd >= 0 else { lastError = errnoDescription(); continue }
            if let failure = Self.connect(fd, info.ai_addr, info.ai_addrlen, timeoutSeconds: timeoutSeconds) {
                close(fd)
                lastError = failure
                continue
            }
            self.fd = fd
            Self.setTimeout(fd, SO_RCVTIMEO, timeoutSeconds)
            Self.setTimeout(fd, SO_SNDTIMEO, timeoutSeconds)
            return
        }
        throw SnapcastError(.unreachable, "\(label): \(lastError)")
    }

    deinit { close(fd) }

    /// Connects within the time limit; nil on success, else the reason in lower-case words.
    private static func connect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t,
                                timeoutSeconds: Double) -> String? {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        if Glibc.connect(fd, address, length) == 0 { return nil }
        guard errno == EINPROGRESS else { return reason(errno) }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var ready: Int32
        repeat { ready = poll(&poller, 1, Int32(timeoutSeconds * 1000)) } while ready < 0 && errno == EINTR
        if ready == 0 { return "no answer within \(formatSeconds(timeoutSeconds)) s" }
        if ready < 0 { return reason(errno) }
        var code: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &size)
        return code == 0 ? nil : reason(code)
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused (is snapserver running, with its TCP control port there?)"
        case ETIMEDOUT: "connection timed out"
        case EHOSTUNREACH, ENETUNREACH: "no route to the host"
        default: errnoDescription(code).lowercased()
        }
    }

    private static func setTimeout(_ fd: Int32, _ option: Int32, _ seconds: Double) {
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(line: [UInt8]) throws(SnapcastError) {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        if let (code, _) = SocketSend.all(bytes, to: fd) {
            throw SnapcastError(.unreachable, "\(label): cannot send: \(Self.reason(code))")
        }
    }

    /// The next line; throws when the server closes or stays silent past the time limit.
    func readLine() throws(SnapcastError) -> [UInt8] {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            if ended { throw SnapcastError(.unreachable, "\(label): closed the connection without answering") }
            guard buffer.count <= Self.maxLineBytes else {
                throw SnapcastError(.garbage, "\(label) answered garbage: a line longer than \(Self.maxLineBytes) bytes")
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
            } else if n == 0 {
                ended = true
            } else {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK:
                    throw SnapcastError(.unreachable, "\(label): no answer within \(formatSeconds(timeoutSeconds)) s")
                case let code:
                    throw SnapcastError(.unreachable, "\(label): cannot read: \(Self.reason(code))")
                }
            }
        }
    }
}

func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}
