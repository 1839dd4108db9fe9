/// `[lastfm]`: scrobbling to Last.fm. Off unless `api_key` and `api_secret` are set (an
/// API account of one's own, from https://www.last.fm/api/account/create).
extension CrateConfig {
    public struct LastFM: Sendable, Equatable {
        /// TOML: `[lastfm] api_key`, `api_secret`; both or neither.
        public var apiKey: String? = nil
        public var apiSecret: String? = nil
        /// The web service root. TOML: `[lastfm] api_root`; changed only to test against
        /// a stand-in.
        public var apiRoot = "https://ws.audioscrobbler.com/2.0/"
        /// Where the user approves a sign-in. TOML: `[lastfm] auth_url`; for tests.
        public var authURL = "https://www.last.fm/api/auth/"
        /// Tracks shorter than this are never scrobbled (Last.fm's rule: 30 s).
        /// TOML: `[lastfm] min_track_seconds`, 0.5…30; lowered only by tests, whose tracks
        /// last a second or two.
        public var minTrackSeconds = 30.0
        public init() {}

        /// True when scrobbling is configured.
        public var isEnabled: Bool { apiKey != nil && apiSecret != nil }
    }

    mutating func readLastFM(_ document: TOMLDocument) -> [ConfigError] {
        var table = TableReader(document, table: ["lastfm"])
        if let value = table.string("api_key", expected: "the API key of a Last.fm API account") { lastfm.apiKey = value }
        if let value = table.string("api_secret", expected: "the shared secret of a Last.fm API account") {
            lastfm.apiSecret = value
        }
        if let value = table.parsed("api_root", expected: "an http(s) URL like \"https://ws.audioscrobbler.com/2.0/\"", { text in
            text.hasPrefix("https://") || text.hasPrefix("http://") ? text : nil
        }) { lastfm.apiRoot = value }
        if let value = table.parsed("auth_url", expected: "an http(s) URL like \"https://www.last.fm/api/auth/\"", { text in
            text.hasPrefix("https://") || text.hasPrefix("http://") ? text : nil
        }) { lastfm.authURL = value }
        if let value = table.number("min_track_seconds", in: 0.5...30, expected: "seconds from 0.5 to 30") {
            lastfm.minTrackSeconds = value
        }
        table.refuseUnknownKeys()
        var problems = table.problems
        if (lastfm.apiKey == nil) != (lastfm.apiSecret == nil) {
            let line = document.tablesInOrder.first { $0.path == ["lastfm"] }?.line
            problems.append(ConfigError(source: document.source, line: line, table: "lastfm", key: lastfm.apiKey == nil ? "api_key" : "api_secret",
                                        message: "api_key and api_secret go together: set both to scrobble, or neither"))
        }
        return problems
    }
}
