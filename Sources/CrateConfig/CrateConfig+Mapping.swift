/// From a parsed TOML document to the typed configuration: which TOML key fills which
/// field, and what each may hold. Keys and tables not listed here are refused.
extension CrateConfig {
    /// The values `[log] level` accepts, least to most severe.
    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    /// The tables crate.toml may have, in the order the reference file lists them.
    static let tableNames = ["control", "audio", "library", "crate", "playback", "controls", "display", "plex", "mpd", "web", "snapcast", "lastfm", "log"]

    /// Every problem is collected; the one earliest in the file is thrown.
    init(document: TOMLDocument) throws(ConfigError) {
        self.init()
        var problems: [ConfigError] = []

        var root = TableReader(document, table: [])
        if let value = root.string("state_dir", expected: "a directory path (a non-empty string)") {
            stateDir = value
        }
        root.refuseUnknownKeys(tables: Self.tableNames)
        problems += root.problems

        var control = TableReader(document, table: ["control"])
        if let value = control.string("socket", expected: "a socket path (a non-empty string)") {
            self.control.socket = value
            // The daemon could not bind it; say so now rather than when it starts.
            if value.utf8.count > Control.maxSocketPathBytes, let entry = document[["control"]]?.entry("socket") {
                problems.append(ConfigError(
                    source: document.source, line: entry.line, table: "control", key: "socket",
                    message: "a Unix socket path may be at most \(Control.maxSocketPathBytes) bytes, "
                        + "this one is \(value.utf8.count)"))
            }
        }
        if let value = control.integer(
            "socket_mode", in: 0...0o777,
            expected: "a permission mode from 0o000 to 0o777, written in octal like 0o660",
            describe: { $0 < 0 ? String($0) : "\($0) (octal 0o\(String($0, radix: 8)))" }) {
            self.control.socketMode = value
        }
        if let value = control.integer("max_clients", in: 1...1000) { self.control.maxClients = value }
        if let value = control.integer("request_timeout", in: 1...3600) { self.control.requestTimeout = value }
        control.refuseUnknownKeys()
        problems += control.problems

        var audio = TableReader(document, table: ["audio"])
        if let value = audio.string("device", expected: "an ALSA device name like \"hw:1,0\"") {
            self.audio.device = value
        }
        if let value = audio.integer("rt_priority", in: 1...99) { self.audio.rtPriority = value }
        if let value = audio.integer("period_frames", in: 64...65536) { self.audio.periodFrames = value }
        if let value = audio.integer("periods", in: 2...64) { self.audio.periods = value }
        if let value = audio.number("buffer_seconds", in: 0.5...30,
                                    expected: "a number of seconds from 0.5 to 30") {
            self.audio.bufferSeconds = value
        }
        if let value = audio.choice("sample_format", from: Audio.sampleFormats) { self.audio.sampleFormat = value }
        if let value = audio.choice("replaygain", from: Audio.replayGainModes) { self.audio.replayGain = value }
        if let value = audio.choice("pacing", from: Audio.Pacing.allCases.map(\.rawValue)) {
            self.audio.pacing = Audio.Pacing(rawValue: value)
        }
        if let value = audio.string("mixer_control", expected: "an ALSA mixer control name like \"PCM\"") {
            self.audio.mixerControl = value
        }
        if let value = audio.string("mixer_device", expected: "an ALSA mixer device like \"hw:1\"") {
            self.audio.mixerDevice = value
        }
        audio.refuseUnknownKeys()
        problems += audio.problems

        var library = TableReader(document, table: ["library"])
        if let value = library.strings("paths") { self.library.paths = value }
        if let value = library.bool("watch") { self.library.watch = value }
        if let value = library.integer("settle_seconds", in: 1...3600) { self.library.settleSeconds = value }
        if let value = library.integer("rescan_seconds", in: 0...86400) { self.library.rescanSeconds = value }
        library.refuseUnknownKeys()
        problems += library.problems

        var crate = TableReader(document, table: ["crate"])
        if let value = crate.integer("size", in: 1...500) { self.crate.size = value }
        if let value = crate.string("wallet", expected: "the path of a text file") { self.crate.wallet = value }
        crate.refuseUnknownKeys()
        problems += crate.problems

        var playback = TableReader(document, table: ["playback"])
        if let value = playback.bool("resume_on_boot") { self.playback.resumeOnBoot = value }
        if let value = playback.integer("save_interval", in: 5...600) { self.playback.saveInterval = value }
        if let value = playback.number("sleep_fade_seconds", in: 0.5...60, expected: "seconds from 0.5 to 60") {
            self.playback.sleepFadeSeconds = value
        }
        if let value = playback.number("sleep_minute_seconds", in: 0.5...60, expected: "seconds from 0.5 to 60") {
            self.playback.sleepMinuteSeconds = value
        }
        playback.refuseUnknownKeys()
        problems += playback.problems

        var log = TableReader(document, table: ["log"])
        if let value = log.choice("level", from: Self.logLevels) { self.log.level = value }
        log.refuseUnknownKeys()
        problems += log.problems

        var display = TableReader(document, table: ["display"])
        if let value = display.string("device", expected: "a framebuffer device like \"/dev/fb1\"") {
            self.display.device = value
        }
        if let value = display.integer("width", in: 64...1920) { self.display.width = value }
        if let value = display.integer("height", in: 64...1920) { self.display.height = value }
        if let value = display.integer("rotation", in: 0...359, expected: "0, 90, 180 or 270"), value % 90 == 0 {
            self.display.rotation = value
        } else if let entry = document[["display"]]?.entry("rotation"), case .integer = entry.value {
            problems.append(ConfigError(source: document.source, line: entry.line, table: "display", key: "rotation",
                                        message: "expected 0, 90, 180 or 270, got \(entry.value.rendered)"))
        }
        if let value = display.integer("dim_after", in: 0...86400) { self.display.dimAfter = value }
        if let value = display.integer("blank_after", in: 0...86400) { self.display.blankAfter = value }
        if let value = display.string("fonts", expected: "a folder of PSF console fonts") { self.display.fonts = value }
        if let value = display.integer("artwork_cache_mb", in: 1...65536) { self.display.artworkCacheMB = value }
        display.refuseUnknownKeys()
        problems += display.problems

        var plex = TableReader(document, table: ["plex"])
        if let value = plex.string("tv_url", expected: "an http(s) URL like \"https://plex.tv\"") { self.plex.tvURL = value }
        if let value = plex.string("server_url", expected: "a server URL like \"http://192.168.1.10:32400\"") {
            self.plex.serverURL = value
        }
        if let value = plex.integer("page_size", in: 100...500) { self.plex.pageSize = value }
        if let value = plex.integer("sync_interval", in: 0...10080) { self.plex.syncInterval = value }
        if let value = plex.integer("cache_mb", in: 1...10_000_000) { self.plex.cacheMB = value }
        if let value = plex.integer("dislike_rating", in: 0...10) { self.plex.dislikeRating = value }
        if let value = plex.integer("download_ahead", in: 0...10) { self.plex.downloadAhead = value }
        if let value = plex.integer("stall_timeout", in: 2...300) { self.plex.stallTimeout = value }
        if let value = plex.integer("max_shrink_percent", in: 0...100) { self.plex.maxShrinkPercent = value }
        if let value = plex.string("wallet_playlist", expected: "a playlist name like \"CDs\"") { self.plex.walletPlaylist = value }
        plex.refuseUnknownKeys()
        problems += plex.problems

        problems += readControls(document)
        problems += readMPD(document)
        problems += readWeb(document)
        problems += readSnapcast(document)
        problems += readLastFM(document)
        problems += Self.unknownTables(in: document)
        if let first = problems.min(by: { ($0.line ?? 0) < ($1.line ?? 0) }) { throw first }
    }

    /// A problem for every table other than the top level, the known ones and the controls' sub-tables.
    private static func unknownTables(in document: TOMLDocument) -> [ConfigError] {
        let tableList = Suggestion.list(tableNames.map { "[\($0)]" }, conjunction: "and")
        return document.tablesInOrder.compactMap { table -> ConfigError? in
            let path = table.path
            if path.isEmpty || (path.count == 1 && tableNames.contains(path[0])) { return nil }
            if path.count == 2, path[0] == "controls", table.origin == .header {
                if controlTables.contains(path[1]) { return nil }
                let hint = Suggestion.closest(to: path[1], among: controlTables).map { " (did you mean [controls.\($0)]?)" }
                    ?? "; the controls are \(Suggestion.list(controlTables.map { "[controls.\($0)]" }, conjunction: "and"))"
                return ConfigError(source: document.source, line: table.line,
                                   table: TOMLValue.displayPath(path), message: "unknown control\(hint)")
            }
            let message: String
            if path.count == 1 {
                message = Suggestion.closest(to: path[0], among: tableNames)
                    .map { "unknown table (did you mean [\($0)]?)" }
                    ?? "unknown table; the tables are \(tableList)"
            } else if path.count == 2, tableNames.contains(path[0]) {
                if table.origin == .dottedKeys {  // `[audio] foo.bar = 1`
                    return ConfigError(source: document.source, line: table.line, table: path[0],
                                       key: TOMLValue.displayKey(path[1]),
                                       message: "unknown key; [\(path[0])] has no dotted keys")
                }
                message = "unknown table; [\(path[0])] has no sub-tables"
            } else {
                message = "unknown table; the tables are \(tableList)"
            }
            return ConfigError(source: document.source, line: table.line,
                               table: TOMLValue.displayPath(path), message: message)
        }
    }
}
