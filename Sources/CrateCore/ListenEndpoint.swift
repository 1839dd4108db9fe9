/// A `HOST:PORT` listen setting (`[web] listen`, `[mpd] listen`), an IPv6 host in
/// brackets, split the one way the daemon, crate-web and doctor read it.
public struct ListenEndpoint: Sendable, Equatable {
    /// The host, brackets removed; empty for `:8080`.
    public var host: String
    /// What follows the last colon (empty when there is none).
    public var port: String

    /// Nil for a Unix socket path (an MPD listener may be one).
    public init?(_ text: String) {
        guard !text.hasPrefix("/") else { return nil }
        var host = Substring(text), port = Substring()
        if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        if host.first == "[", host.last == "]" { host = host.dropFirst().dropLast() }
        self.host = String(host)
        self.port = String(port)
    }

    /// The port as a number, when it is one from 1 to 65535.
    public var portNumber: Int? { Int(port).flatMap { (1...65535).contains($0) ? $0 : nil } }

    /// Reached only from the box itself: localhost, ::1 or 127.x.
    public var isLoopback: Bool {
        let host = self.host.lowercased()
        return host == "localhost" || host == "::1" || host.split(separator: ".").first == "127"
    }
}
