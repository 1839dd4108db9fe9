/// `[web]`: crate-web, the page on the home network that shows the crate as covers.
/// Off unless `listen` names an address.
extension CrateConfig {
    public struct Web: Sendable, Equatable {
        /// `host:port` (`0.0.0.0:8080`, `127.0.0.1:8080`, `[::1]:8080`). TOML: `[web] listen`;
        /// nil (the default) = off: crate-web says so and exits.
        public var listen: String? = nil
        /// nil = no password: everyone on the network may use the page. Otherwise the page
        /// asks for it once and keeps a session cookie. TOML: `[web] password` ("" = none).
        public var password: String? = nil
        /// Connections served at once (live pages and requests); one more is closed at once.
        /// TOML: `[web] max_clients`, 1…4096.
        public var maxClients: Int = 256
        public init() {}
    }

    mutating func readWeb(_ document: TOMLDocument) -> [ConfigError] {
        var web = TableReader(document, table: ["web"])
        if let value = web.string("listen", expected: "an address like \"0.0.0.0:8080\"") { self.web.listen = value }
        if let value = web.string("password", expected: "a password (a string)", nonEmpty: false) {
            self.web.password = value.isEmpty ? nil : value
        }
        if let value = web.integer("max_clients", in: 1...4096) { self.web.maxClients = value }
        web.refuseUnknownKeys()
        return web.problems
    }
}
