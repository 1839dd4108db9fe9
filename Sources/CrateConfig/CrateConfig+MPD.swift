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
        /// Commands in one command list; a longer list is answered with an ACK and dropped.
        /// TOML: `[mpd] max_command_list`, 1…65536.
        public var maxCommandList: Int = 4096
        /// Bytes of answer waiting for a client; past it the client is disconnected (MPD's
        /// `max_output_buffer_size`). Listings stream as the client reads, so this bounds one
        /// answer, not a whole listing. TOML: `[mpd] max_output_buffer`, 16384…1073741824.
        public var maxOutputBuffer: Int = 8 << 20
        /// Seconds a client may stay silent (sending nothing, taking nothing, not in `idle`)
        /// before it is disconnected (MPD's `connection_timeout`). TOML: `[mpd]
        /// connection_timeout`, 1…86400.
        public var connectionTimeout: Int = 60
        /// Bytes of unfinished command lists (between `command_list_begin` and its end) all
        /// clients hold together; the line that would pass it gets an ACK and its list is
        /// dropped. TOML: `[mpd] max_command_lists_total`, 65536…1073741824.
        public var maxCommandListsTotal: Int = 16 << 20
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
        if let value = mpd.integer("max_command_list", in: 1...65536) { self.mpd.maxCommandList = value }
        if let value = mpd.integer("max_output_buffer", in: 16384...(1 << 30)) { self.mpd.maxOutputBuffer = value }
        if let value = mpd.integer("connection_timeout", in: 1...86400) { self.mpd.connectionTimeout = value }
        if let value = mpd.integer("max_command_lists_total", in: 65536...(1 << 30)) {
            self.mpd.maxCommandListsTotal = value
        }
        mpd.refuseUnknownKeys()
        return mpd.problems
    }
}
