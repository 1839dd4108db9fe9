import CratePosix
import Foundation
import Glibc

/// HTTP/1.1 by hand over a TCP socket, so a test can send what no well-behaved client
/// would: oversized bodies, broken request lines, forged origins.
struct RawHTTP {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// A connected socket to 127.0.0.1:`port`.
    /// `waiting: false` returns at once, the handshake left to the kernel (a full listen
    /// queue would otherwise hold each connect for seconds of SYN retries).
    /// `from` is the client's own address: another loopback address (127.0.0.2) is
    /// another client to the server.
    static func connect(_ port: Int, waiting: Bool = true, from source: String? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | (waiting ? 0 : Int32(SOCK_NONBLOCK.rawValue)), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw NSError(domain: "RawHTTP", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "bind \(source) failed: errno \(errno)"])
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 || (!waiting && errno == EINPROGRESS) else {
            close(fd)
            throw NSError(domain: "RawHTTP", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "connect failed: errno \(errno)"])
        }
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Sends `bytes` as they are and reads until the server closes (or 10 s pass).
    static func exchange(_ port: Int, _ bytes: [UInt8], from source: String? = nil) throws -> String {
        let fd = try connect(port, from: source)
        defer { close(fd) }
        // The server may close on us mid-send: its answer is still read.
        _ = SocketSend.all(bytes, to: fd)
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n <= 0 { break }
            out += chunk[..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One request on a connection of its own. `host` is the Host header (127.0.0.1:`port`
    /// when nil); `from` the client's address, as for `connect`.
    static func request(_ port: Int, _ method: String, _ path: String, headers: [String: String] = [:],
                        body: String? = nil, host: String? = nil, from source: String? = nil) throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        head += "\r\n" + (body ?? "")
        return parse(try exchange(port, Array(head.utf8), from: source))
    }

    static func parse(_ text: String) -> Reply {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let lines = (parts.first ?? "").components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
