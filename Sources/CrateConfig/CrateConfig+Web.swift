/// `[web]`: crate-web, the page on the home network that shows the crate as covers.
/// Off unless `listen` names an address. Every limit a client of the page can reach is a
/// key here, named as the admin guide's "crate-web's limits" names it.
extension CrateConfig {
    public struct Web: Sendable, Equatable {
        /// `host:port` (`0.0.0.0:8080`, `127.0.0.1:8080`, `[::1]:8080`). TOML: `[web] listen`;
        /// nil (the default) = off: crate-web says so and exits.
        public var listen: String? = nil
        /// nil = no password: everyone on the network may use the page (but not change the
        /// box's accounts). Otherwise the page asks for it once and keeps a session cookie.
        /// TOML: `[web] password` ("" = none).
        public var password: String? = nil
        /// Names the page is also reached by, beyond the box's own (its host name, that
        /// name `.local`, its addresses, loopback, the listen address): a request naming
        /// any other host is refused (DNS rebinding). TOML: `[web] hosts`.
        public var hosts: [String] = []
        /// Connections served at once (live pages and requests); more wait in the kernel's
        /// queue. TOML: `[web] max_clients`, 1…4096.
        public var maxClients: Int = 256
        /// Connections from one client address at once; one more is closed at once.
        /// TOML: `[web] max_clients_per_address`, 1…4096.
        public var maxClientsPerAddress: Int = 16
        /// Live pages (event streams) open at once; one more is answered 503.
        /// TOML: `[web] max_live_pages`, 1…4096.
        public var maxLivePages: Int = 128
        /// Requests one connection may send ahead of their answers (pipelined); one more
        /// closes the connection. TOML: `[web] max_pipelined_requests`, 1…1024.
        public var maxPipelinedRequests: Int = 16
        /// Seconds a connection has to send a request's whole header, from its opening or
        /// from the last answer (so also how long an unused connection stays open).
        /// TOML: `[web] header_timeout`, 1…3600.
        public var headerTimeout: Int = 10
        /// Seconds a request's body has to arrive whole after its header.
        /// TOML: `[web] body_timeout`, 1…3600.
        public var bodyTimeout: Int = 10
        /// Bytes of one header line and of all of a request's headers. TOML: `[web]
        /// max_header_bytes`, 1024…1048576.
        public var maxHeaderBytes: Int = 8192
        /// Bytes of a request body (a command, a password); more is answered 413.
        /// TOML: `[web] max_body_bytes`, 1024…1048576.
        public var maxBodyBytes: Int = 16384
        /// Longest wait a client address is given between sign-in attempts after wrong
        /// passwords (the wait doubles from 1 s with each one). TOML: `[web]
        /// sign_in_backoff`, 1…3600.
        public var signInBackoff: Int = 60
        public init() {}
    }

    mutating func readWeb(_ document: TOMLDocument) -> [ConfigError] {
        var web = TableReader(document, table: ["web"])
        if let value = web.string("listen", expected: "an address like \"0.0.0.0:8080\"") { self.web.listen = value }
        if let value = web.string("password", expected: "a password (a string)", nonEmpty: false) {
            self.web.password = value.isEmpty ? nil : value
        }
        if let value = web.strings("hosts") { self.web.hosts = value }
        if let value = web.integer("max_clients", in: 1...4096) { self.web.maxClients = value }
        if let value = web.integer("max_clients_per_address", in: 1...4096) { self.web.maxClientsPerAddress = value }
        if let value = web.integer("max_live_pages", in: 1...4096) { self.web.maxLivePages = value }
        if let value = web.integer("max_pipelined_requests", in: 1...1024) { self.web.maxPipelinedRequests = value }
        if let value = web.integer("header_timeout", in: 1...3600) { self.web.headerTimeout = value }
        if let value = web.integer("body_timeout", in: 1...3600) { self.web.bodyTimeout = value }
        if let value = web.integer("max_header_bytes", in: 1024...1_048_576) { self.web.maxHeaderBytes = value }
        if let value = web.integer("max_body_bytes", in: 1024...1_048_576) { self.web.maxBodyBytes = value }
        if let value = web.integer("sign_in_backoff", in: 1...3600) { self.web.signInBackoff = value }
        web.refuseUnknownKeys()
        return web.problems
    }
}
