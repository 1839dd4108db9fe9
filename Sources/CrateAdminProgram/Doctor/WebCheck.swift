import CrateConfig
import CrateCore
#if canImport(Glibc)
import Glibc
#endif

/// `web`: what `[web] listen` names, and whether crate-web serves the page there.
enum WebCheck {
    static let name = "web"

    static func check(config: CrateConfig, configPath: String) -> DoctorResult {
        guard let address = config.web.listen else { return .ok(name, "off ([web] listen is not set)") }
        let password = config.web.password == nil ? "no password" : "password set"
        guard let answer = firstLine(at: address) else {
            return .warn(name, "\(address) does not answer; \(password)",
                         fix: "sudo systemctl start crate-web; journalctl -u crate-web -e says why it cannot listen there")
        }
        guard answer.hasPrefix("HTTP/1.1 200") else {
            return .warn(name, "\(address) answers '\(answer)', not the page",
                         fix: "another program has the port? (sudo ss -ltnp) — or pick another in \(configPath)")
        }
        let served = "the page is served at http://\(address)/; \(password)"
        if config.web.password == nil, !isLoopback(address) {
            return .warn(name, served + ": anyone on the network can use it",
                         fix: "set [web] password in \(configPath) (or listen on 127.0.0.1), then sudo systemctl restart crate-web")
        }
        return .ok(name, served)
    }

    /// True when `address` (HOST:PORT, [v6]:PORT) listens on loopback only.
    static func isLoopback(_ address: String) -> Bool {
        ListenEndpoint(address)?.isLoopback ?? false
    }

    /// The status line crate-web answers `GET /` with, or nil when nothing answers within a second.
    static func firstLine(at address: String) -> String? {
        guard let fd = ListenerProbe.connect(to: address) else { return nil }
        defer { close(fd) }
        let request = Array("GET / HTTP/1.1\r\nHost: \(address)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return nil }
        var bytes = [UInt8](repeating: 0, count: 256)
        let n = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
        guard n > 0 else { return nil }
        return String(decoding: bytes[..<n].prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
    }
}
