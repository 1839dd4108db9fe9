import CrateCore
import CratePosix

#if canImport(Glibc)
import CrateWire
import Glibc
#endif

/// How crate-admin shows things to a person. Formatting is done by hand: no Foundation.
enum HumanFormat {
    // MARK: - Times

    /// `3:07`, or `1:02:03` from an hour on. Fractions are dropped, as on any player display.
    static func time(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "-:--" }
        let total = Int(seconds)
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }

    /// `2d 3:04:05` style, for uptime.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?" }
        let days = Int(seconds) / 86_400
        let rest = time(seconds - Double(days * 86_400))
        return days > 0 ? "\(days)d \(rest)" : rest
    }

    /// The local wall-clock time as `HH:MM:SS`, for `watch` lines.
    static func clock() -> String {
        var now = time_t()
        Glibc.time(&now)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "--:--:--" }
        return "\(twoDigits(Int(parts.tm_hour))):\(twoDigits(Int(parts.tm_min))):\(twoDigits(Int(parts.tm_sec)))"
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    // MARK: - Pieces of a status

    /// File and folder names as bytes that are not UTF-8 show escaped ("Caf\xE9.mp3").
    static func fileName(_ path: String) -> String {
        PathName.display(path.split(separator: "/").last.map(String.init) ?? path)
    }

    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return PathName.display(slash == path.startIndex ? "/" : String(path[..<slash]))
    }

    /// `playing`, or `error: <message>`.
    static func state(_ state: PlaybackState) -> String {
        if case .error(let message) = state, !message.isEmpty { return "error: \(message)" }
        return state.name
    }

    /// `2/3 02 Sweep.mp3`, or nil when nothing is under the play head. A track that is not
    /// a local file (Plex) goes by its title: its path ends in the server's ratingKey.
    static func track(_ player: PlayerStatus) -> String? {
        guard let index = player.currentIndex, let track = player.currentTrack else { return nil }
        let name = track.path.hasPrefix("/") ? fileName(track.path) : (track.title ?? fileName(track.path))
        return "\(index + 1)/\(player.tracks.count) \(name)"
    }

    /// `512 KB`, `3.2 MB`, `4096 MB`: sizes of the download cache.
    static func size(_ bytes: Int) -> String {
        let mib = 1 << 20
        if bytes < mib { return "\((bytes + 1023) / 1024) KB" }
        if bytes < 10 * mib { return "\(bytes / mib).\(bytes % mib * 10 / mib) MB" }
        return "\(bytes / mib) MB"
    }

    /// `Living Room at http://10.0.0.5:32400`; a server named after its address (a fixed
    /// `server_url`) is not followed by it again.
    static func server(_ name: String, at uri: String?) -> String {
        guard let uri, !name.contains(uri) else { return name }
        return "\(name) at \(uri)"
    }

    /// `0:41 / 3:12`.
    static func position(_ player: PlayerStatus) -> String {
        "\(time(player.position)) / \(time(player.currentTrack?.duration))"
    }

    /// `44100 Hz stereo`.
    static func format(rate: Int?, channels: Int?) -> String? {
        guard rate != nil || channels != nil else { return nil }
        var parts: [String] = []
        if let rate { parts.append("\(rate) Hz") }
        switch channels {
        case 1?: parts.append("mono")
        case 2?: parts.append("stereo")
        case let n?: parts.append("\(n) ch")
        case nil: break
        }
        return parts.joined(separator: " ")
    }

    static func output(_ output: OutputStatus) -> String {
        var text = output.device
        if var format = format(rate: output.sampleRate, channels: output.channels) {
            if let sampleFormat = output.sampleFormat { format += " \(sampleFormat)" }
            text += " (\(format))"
        }
        // The reason itself is listed once, under warnings.
        if let conversion = output.conversion {
            text += " — not bit-perfect: \(conversion)"
        }
        if output.isFallback {
            text += " — fallback null sink, no sound is played"
        } else if output.waitingForDevice == true {
            text += " — waiting for the DAC"
        } else if output.message != nil {
            text += " — unavailable"
        }
        return text
    }

    static func realtime(_ output: OutputStatus) -> String {
        if output.realtime {
            // Granted, but with a caveat (the buffer could not be locked in RAM).
            return "SCHED_FIFO priority \(output.rtPriority)" + (output.realtimeMessage.map { " — " + $0 } ?? "")
        }
        return "off — " + (output.realtimeMessage ?? "not granted")
    }

    /// `browse 4 · gpio play=gpiochip0:17, …` or `now-playing · simulated only`.
    static func controls(_ c: ControlsStatus) -> String {
        var mode = c.mode.rawValue
        if let index = c.browseIndex { mode += " \(index + 1)" }
        if let dial = c.dialPosition, let n = Int(dial) { mode += " (position \(n + 1) of 5, not confirmed)" }
        switch c.backend {
        case "gpio": return mode + " · gpio " + c.lines.joined(separator: ", ")
        case "error": return mode + " · gpio not read (see warnings)"
        default: return mode + " · no GPIO wired (crate-admin input)"
        }
    }

    /// `/dev/fb1 320×240 RGB565, rotated 90°, on, showing now-playing · 1234 frames, last 2.1 ms`.
    static func display(_ d: DisplayStatus) -> String {
        var text = (d.device ?? "off-screen") + " \(d.width)×\(d.height)"
        if let format = d.format { text += " " + format }
        if d.rotation != 0 { text += ", rotated \(d.rotation)°" }
        text += ", \(d.power)" + (d.screen.map { ", showing \($0)" } ?? "") + " · \(d.frames) frames"
        if let ms = d.lastFrameMilliseconds { text += ", last \((ms * 10).rounded() / 10) ms" }
        if d.problem != nil { text += " (not shown: see warnings)" }
        return text
    }

    /// `crate.local · 192.168.1.20 · page http://crate.local:8080 · MPD crate.local:6600`.
    static func reach(_ r: BoxReach) -> String {
        let parts = [r.localName, r.address ?? "no network address yet", r.page.map { "page " + $0 }, r.mpd.map { "MPD " + $0 }]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// `crate-admin plex status`.
    static func plex(_ p: PlexStatus) -> String {
        var lines = ["account:   " + p.auth.rawValue + (p.username.map { " as \($0)" } ?? "")]
        if let code = p.pinCode { lines.append("sign-in:   enter \(code) at \(p.link ?? "https://plex.tv/link")") }
        if let server = p.server {
            let reach = p.reachable.map { $0 ? "reachable" : "NOT reachable (its albums are offline)" } ?? "not contacted yet"
            lines.append("server:    \(self.server(server.name, at: server.uris.first)) — \(reach)")
            lines.append("library:   \(counted(p.albums, "album")), \(counted(p.tracks, "track"))\(p.syncing ? " (syncing…)" : "")")
        } else if p.auth == .signedIn {
            lines.append("server:    none chosen (crate-admin plex servers, then plex use NAME)")
        }
        if let sync = p.lastSync {
            lines.append(sync.completed
                ? "last sync: \(counted(sync.albums, "album")), \(counted(sync.tracks, "track")), +\(sync.added) ~\(sync.changed) -\(sync.removed) in \((sync.seconds * 10).rounded() / 10) s"
                : "last sync: \(sync.partial ? "partial" : "failed") — \(sync.error ?? "stopped")")
            if !sync.skipped.isEmpty {
                lines.append("skipped:   \(sync.skipped.count) items:")
                lines += sync.skipped.prefix(20).map { "  - " + $0 }
                if sync.skipped.count > 20 { lines.append("  … and \(sync.skipped.count - 20) more (--json lists all)") }
            }
        }
        if !p.unplayable.isEmpty {
            lines.append("unplayable: \(counted(p.unplayable.count, "album")) (in formats Crate does not play):")
            lines += p.unplayable.prefix(20).map { "  - " + $0 }
        }
        if let problem = p.problem { lines.append("problem:   " + problem) }
        return lines.joined(separator: "\n")
    }

    // MARK: - Whole views

    /// The `status` screen: one labelled fact per line, problems listed at the end.
    static func status(_ status: DaemonStatus) -> String {
        let player = status.player
        var lines: [(String, String)] = [
            ("daemon", "crated \(status.version), pid \(status.pid), up \(duration(status.uptimeSeconds))"),
        ]
        if let config = status.configPath { lines.append(("config", config)) }
        lines.append(("state", state(player.state)))
        if let album = status.album { lines.append(("album", self.album(album))) }
        if let sleep = status.sleep { lines.append(("sleep", self.sleep(sleep))) }
        if let track = track(player), let current = player.currentTrack {
            lines.append(("track", track))
            lines.append(("folder", folder(current.path)))
            lines.append(("position", position(player)))
        } else {
            lines.append(("track", player.tracks.isEmpty ? "none loaded" : "none (\(player.tracks.count) loaded)"))
        }
        if var source = format(rate: player.sourceRate, channels: player.sourceChannels) {
            if let bits = player.sourceBits { source = "\(bits)-bit " + source }
            if let codec = player.sourceCodec { source = codec + " " + source }
            lines.append(("source", source))
        }
        if let gain = player.replayGain {
            lines.append(("replaygain", (gain >= 0 ? "+" : "") + "\((gain * 10).rounded() / 10) dB (dithered)"))
        }
        lines.append(("output", output(player.output)))
        lines.append(("realtime", realtime(player.output)))
        lines.append(("underruns", "\(player.output.underruns)"))
        if let controls = status.controls { lines.append(("controls", self.controls(controls))) }
        if let display = status.display { lines.append(("display", self.display(display))) }
        if let reach = status.reach { lines.append(("reach", self.reach(reach))) }
        if let artwork = status.artwork { lines.append(("covers", CoversFormat.summary(artwork))) }
        if let rooms = status.rooms { lines.append(("rooms", RoomsFormat.summary(rooms))) }
        if let lastfm = status.lastfm { lines.append(("lastfm", LastFMFormat.summary(lastfm))) }
        if let watch = status.libraryWatch { lines.append(("library watch", LibraryWatchFormat.summary(watch))) }

        let width = lines.map(\.0.count).max()! + 2
        var text = lines.map { label, value in
            label + ":" + String(repeating: " ", count: width - label.count - 1) + value
        }
        let failed = player.tracks.enumerated().filter { $0.element.error != nil }
        if !failed.isEmpty {
            text.append("track errors:")
            for (index, track) in failed {
                // A library track by its album and title (a Plex track's path is only ids).
                let name = track.title.map { title in track.album.map { "\($0): \(title)" } ?? title } ?? fileName(track.path)
                text.append("  \(index + 1)/\(player.tracks.count) \(name): \(track.error!)")
            }
        }
        if let skipped = status.skipped, !skipped.isEmpty {
            text.append("skipped by auto-advance (could not play then):")
            text += skipped.map { "  - \($0)" }
        }
        if !status.warnings.isEmpty {
            text.append("warnings:")
            text += status.warnings.map { "  - \($0)" }
        }
        return text.joined(separator: "\n")
    }

    /// "12:30 left, then a fade and a pause", "at the end of this album (4:10 left)".
    static func sleep(_ sleep: SleepTimerStatus) -> String {
        let left = sleep.remainingSeconds.map { time($0.rounded(.up)) + " left" }
        if sleep.endOfAlbum { return "at the end of this album" + (left.map { " (\($0))" } ?? "") + ": a fade, then a pause" }
        return (left ?? "soon") + ", then a fade and a pause"
    }

    /// `Artist — Title (from the crate Jazz)`: which album, and why it plays.
    static func album(_ album: PlayingAlbumStatus) -> String {
        let origin = album.crate.map { "from the crate \($0)" } ?? (album.queued ? "queued by hand" : "played by hand")
        let opinion = album.opinion.map { ", \($0.rawValue)" } ?? ""
        return "\(album.artist) — \(album.title) (\(origin)\(opinion)\(album.stopped ? ", stopped: play takes it up again" : ""))"
    }

    /// One short line for a transport reply: `paused  2/3 02 Sweep.mp3  0:41 / 3:12`.
    static func summary(_ player: PlayerStatus) -> String {
        var parts = [state(player.state)]
        if let track = track(player) { parts += [track, position(player)] }
        return parts.joined(separator: "  ")
    }
}

extension String {
    /// Left-aligned in a column `width` characters wide (never truncated).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
