import CrateConfig
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
        guard let fd = ListenerProbe.connect(to: address) else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
        guard n > 0 else { return nil }
        let line = String(decoding: bytes[..<n].prefix { $0 != 0x0A }, as: UTF8.self)
        return line.hasPrefix("OK MPD ") ? line : nil
    }
}
