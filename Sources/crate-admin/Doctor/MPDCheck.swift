import CrateConfig
import CratePosix
#if canImport(Glibc)
import Glibc
#endif

/// `mpd`: what `[mpd] listen` names, and whether an MPD greeting answers at each address.
enum MPDCheck {
    static let name = "mpd"

    static func check(config: CrateConfig, configPath: String, daemonRunning: Bool) -> DoctorResult {
        let addresses = config.mpd.listen
        guard !addresses.isEmpty else { return .ok(name, "off ([mpd] listen is empty)") }
        let password = config.mpd.password == nil ? "no password" : "password set"
        var answering: [String] = [], silent: [String] = []
        for address in addresses {
            if let greeting = greeting(at: address) {
                answering.append("\(address) (\(greeting))")
            } else {
                silent.append(address)
            }
        }
        let detail = "listens on " + (answering + silent.map { "\($0) (no answer)" }).joined(separator: ", ") + "; \(password)"
        guard silent.isEmpty else {
            let fix = daemonRunning
                ? "journalctl -u crated -e says why crated cannot listen there (address in use? a typo in \(configPath)?)"
                : "start crated (sudo systemctl start crated)"
            return .warn(name, detail, fix: fix)
        }
        return .ok(name, detail)
    }

    /// The first line a client gets, or nil when nothing answers within a second.
    static func greeting(at address: String) -> String? {
        let fd: Int32
        if address.hasPrefix("/") {
            guard let unix = UnixSocketAddress(address) else { return nil }
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return nil }
            guard unix.withSockaddr({ connect(fd, $0, $1) }) == 0 else { close(fd); return nil }
        } else {
            guard let colon = address.lastIndex(of: ":") else { return nil }
            var host = String(address[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            // A wildcard address is reached through loopback.
            if host.isEmpty || host == "*" || host == "0.0.0.0" { host = "127.0.0.1" }
            if host == "::" { host = "::1" }
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var found: UnsafeMutablePointer<addrinfo>? = nil
            guard getaddrinfo(host, String(address[address.index(after: colon)...]), &hints, &found) == 0,
                  let info = found else { return nil }
            defer { freeaddrinfo(found) }
            fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return nil }
            guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else { close(fd); return nil }
        }
        defer { close(fd) }
        var limit = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
        guard n > 0 else { return nil }
        let line = String(decoding: bytes[..<n].prefix { $0 != 0x0A }, as: UTF8.self)
        return line.hasPrefix("OK MPD ") ? line : nil
    }
}
