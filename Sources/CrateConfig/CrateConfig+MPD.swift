/// `[mpd]`: the MPD protocol listener phones, desktops and `mpc` talk to. Off unless
/// `listen` names an address.
extension CrateConfig {
    public struct MPD: Sendable, Equatable {
        /// `host:port` (`127.0.0.1:6600`, `0.0.0.0:6600`, `[::1]:6600`) or a Unix socket
        /// path (`/run/crate/mpd.sock`). TOML: `[mpd] listen`; [] (the default) = off.
        public var listen: [String] = []
        /// nil = no password: every client may read and control. TOML: `[mpd] password`
        /// ("" = none).
        public var password: String? = nil
        /// Clients served at once; one more is turned away. TOML: `[mpd] max_clients`, 1…1000.
        public var maxClients: Int = 64
        /// Longest request line in bytes; a longer one closes the connection.
        /// TOML: `[mpd] max_line`, 1024…1048576.
        public var maxLine: Int = 65536
        public init() {}
    }

    mutating func readMPD(_ document: TOMLDocument) -> [ConfigError] {
        var mpd = TableReader(document, table: ["mpd"])
        if let value = mpd.strings("listen") { self.mpd.listen = value }
        if let value = mpd.string("password", expected: "a password (a string)", nonEmpty: false) {
            self.mpd.password = value.isEmpty ? nil : value
        }
        if let value = mpd.integer("max_clients", in: 1...1000) { self.mpd.maxClients = value }
        if let value = mpd.integer("max_line", in: 1024...1_048_576) { self.mpd.maxLine = value }
        mpd.refuseUnknownKeys()
        return mpd.problems
    }
}
