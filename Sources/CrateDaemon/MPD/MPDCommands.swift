import CrateCore
import CratePosix
import Glibc

/// Runs one MPD command against the service: connection and capability commands here,
/// playback, queue and library in the extensions.
struct MPDCommands {
    let service: MPDService

    /// (fewest, most) arguments; nil most = any number. Unlisted names are unknown commands.
    static let arity: [String: (Int, Int?)] = [
        "ping": (0, 0), "close": (0, 0), "password": (1, 1), "commands": (0, 0), "notcommands": (0, 0),
        "tagtypes": (0, nil), "binarylimit": (1, 1), "urlhandlers": (0, 0), "decoders": (0, 0), "outputs": (0, 0),
        "status": (0, 0), "currentsong": (0, 0), "stats": (0, 0), "clearerror": (0, 0),
        "play": (0, 1), "playid": (0, 1), "pause": (0, 1), "stop": (0, 0), "next": (0, 0), "previous": (0, 0),
        "seek": (2, 2), "seekid": (2, 2), "seekcur": (1, 1),
        "random": (1, 1), "repeat": (1, 1), "single": (1, 1), "consume": (1, 1), "shuffle": (0, 1),
        "crossfade": (1, 1), "replay_gain_status": (0, 0), "getvol": (0, 0), "setvol": (1, 1), "volume": (1, 1),
        "playlistinfo": (0, 1), "playlistid": (0, 1), "plchanges": (1, 2), "plchangesposid": (1, 2),
        "add": (1, 2), "addid": (1, 2), "delete": (1, 1), "deleteid": (1, 1), "clear": (0, 0),
        "move": (2, 2), "moveid": (2, 2), "playlistfind": (2, nil), "playlistsearch": (2, nil),
        "lsinfo": (0, 1), "listall": (0, 1), "listallinfo": (0, 1), "list": (1, nil),
        "find": (1, nil), "search": (1, nil), "findadd": (1, nil), "searchadd": (1, nil), "count": (1, nil),
        "update": (0, 1), "rescan": (0, 1), "albumart": (2, 2), "readpicture": (2, 2),
        "listplaylists": (0, 0), "idle": (0, nil), "noidle": (0, 0),
    ]
    /// Commands that need the password when one is set (MPD's add, control and admin
    /// permissions); everything else is reading, which any client may do.
    static let control: Set<String> = [
        "play", "playid", "pause", "stop", "next", "previous", "seek", "seekid", "seekcur", "random", "repeat",
        "single", "consume", "shuffle", "crossfade", "setvol", "volume", "add", "addid", "delete", "deleteid",
        "clear", "move", "moveid", "findadd", "searchadd", "update", "rescan",
    ]

    func run(_ name: String, _ args: [String], _ client: inout MPDClientState) throws(MPDError) -> MPDReply {
        do throws(MPDError) {
            guard let (fewest, most) = Self.arity[name] else {
                throw MPDError(.unknown, "unknown command \"\(name)\"")
            }
            guard client.authorized || !Self.control.contains(name) else {
                throw MPDError(.permission, "you don't have permission for \"\(name)\"")
            }
            if fewest == most, args.count != fewest {
                throw MPDError.argument("wrong number of arguments for \"\(name)\"")
            }
            if args.count < fewest { throw MPDError.argument("too few arguments for \"\(name)\"") }
            if let most, args.count > most { throw MPDError.argument("too many arguments for \"\(name)\"") }
            return try dispatch(name, args, &client)
        } catch {
            var error = error
            if Self.arity[name] != nil { error.command = name }
            throw error
        }
    }

    private func dispatch(_ name: String, _ args: [String], _ client: inout MPDClientState) throws(MPDError) -> MPDReply {
        var reply = MPDReply()
        switch name {
        case "ping", "clearerror", "noidle": break
        case "close": reply.close = true
        case "password":
            guard let password = service.password, args[0] == password else {
                throw MPDError(.password, "incorrect password")
            }
            client.authorized = true
        case "commands", "notcommands":
            let allowed = Self.arity.keys.filter { client.authorized || !Self.control.contains($0) }
            let names = name == "commands" ? Set(allowed) : Set(Self.arity.keys).subtracting(allowed)
            for command in names.sorted() { reply.line("command", command) }
        case "tagtypes": try tagTypes(args, &client, &reply)
        case "binarylimit":
            guard let limit = Int(args[0]), limit >= 64 else { throw MPDError.argument("Value too small") }
            client.binaryLimit = min(limit, client.maxBinaryChunk)
        case "urlhandlers", "listplaylists": break
        case "decoders":
            for (plugin, suffixes) in [("flac", ["flac"]), ("mpg123", ["mp3"]), ("vorbis", ["ogg", "oga"]),
                                       ("opus", ["opus"]), ("faad", ["aac", "m4a"])] {
                reply.line("plugin", plugin)
                for suffix in suffixes { reply.line("suffix", suffix) }
            }
        case "outputs":
            let output = service.router.player.status().output
            reply.line("outputid", "0")
            reply.line("outputname", output.device)
            reply.line("plugin", output.isFallback ? "null" : "alsa")
            reply.line("outputenabled", "1")
        case "status": status(&reply)
        case "currentsong": currentSong(client, &reply)
        case "stats": try stats(&reply)
        case "replay_gain_status": reply.line("replay_gain_mode", "off")
        case "play", "playid", "pause", "stop", "next", "previous", "seek", "seekid", "seekcur",
             "getvol", "setvol", "volume", "random", "repeat", "single", "consume", "shuffle", "crossfade":
            try playback(name, args, &reply)
        case "playlistinfo", "playlistid", "plchanges", "plchangesposid", "add", "addid", "delete", "deleteid",
             "clear", "move", "moveid", "playlistfind", "playlistsearch":
            try queueCommand(name, args, client, &reply)
        case "albumart", "readpicture": try artwork(name, args, client, &reply)
        default: try library(name, args, client, &reply)
        }
        return reply
    }

    private func tagTypes(_ args: [String], _ client: inout MPDClientState, _ reply: inout MPDReply) throws(MPDError) {
        guard let verb = args.first else {
            for tag in MPDSong.tagNames where client.enabledTags.contains(tag) { reply.line("tagtype", tag) }
            return
        }
        var names: [String] = []
        for raw in args.dropFirst() {
            guard let tag = MPDSong.canonicalTag(raw) else { throw MPDError.argument("Unknown tag type: \(raw)") }
            names.append(tag)
        }
        switch verb {
        case "clear": client.enabledTags = []
        case "all": client.enabledTags = Set(MPDSong.tagNames)
        case "enable": client.enabledTags.formUnion(names)
        case "disable": client.enabledTags.subtract(names)
        default: throw MPDError.argument("Unknown sub command")
        }
    }

    // MARK: - Status

    func status(_ reply: inout MPDReply) {
        let player = service.router.player.status()
        let catalog = service.catalog()
        let queue = service.queue(catalog, player)
        reply.line("volume", volume().map(String.init) ?? "-1")
        for (key, value) in [("repeat", "0"), ("random", "0"), ("single", "0"), ("consume", "1")] { reply.line(key, value) }
        reply.line("playlist", String(service.playlistVersion(queue)))
        reply.line("playlistlength", String(queue.entries.count))
        let state: String = switch player.state {
        case .playing, .buffering: "play"
        case .paused: "pause"
        case .idle, .error: "stop"
        }
        reply.line("state", queue.current == nil ? "stop" : state)
        if let position = queue.current {
            let song = catalog.songs[queue.entries[position]]
            reply.line("song", String(position))
            reply.line("songid", String(song.trackID))
            if position + 1 < queue.entries.count {
                reply.line("nextsong", String(position + 1))
                reply.line("nextsongid", String(catalog.songs[queue.entries[position + 1]].trackID))
            }
            if state != "stop" {
                let duration = player.currentIndex.flatMap { player.tracks[$0].duration } ?? song.duration
                reply.line("time", "\(Int(player.position.rounded())):\(Int(duration.rounded()))")
                reply.line("elapsed", MPDFormat.seconds(player.position))
                reply.line("duration", MPDFormat.seconds(duration))
                reply.line("bitrate", "0")
                if let rate = player.sourceRate, let channels = player.sourceChannels {
                    reply.line("audio", "\(rate):\(player.sourceBits.map(String.init) ?? "f"):\(channels)")
                }
            }
        }
        if case .error(let message) = player.state { reply.line("error", message) }
    }

    func volume() -> Int? {
        guard let mixer = service.router.mixer else { return nil }
        do { return try mixer.change(byPercent: 0) } catch {
            service.logger.warning("mpd: cannot read the volume: \(error)")
            return nil
        }
    }

    private func currentSong(_ client: MPDClientState, _ reply: inout MPDReply) {
        let catalog = service.catalog()
        let queue = service.queue(catalog, service.router.player.status())
        guard let position = queue.current else { return }
        let song = catalog.songs[queue.entries[position]]
        reply.add(song.lines(enabled: client.enabledTags))
        reply.line("Pos", String(position))
        reply.line("Id", String(song.trackID))
    }

    private func stats(_ reply: inout MPDReply) throws(MPDError) {
        let catalog = service.catalog()
        reply.line("artists", String(Set(catalog.songs.compactMap { $0.tags["Artist"] }).count))
        reply.line("albums", String(Set(catalog.songs.compactMap { $0.tags["Album"] }).count))
        reply.line("songs", String(catalog.songs.count))
        reply.line("uptime", String(Int(MonotonicClock.now() - service.startedAt)))
        reply.line("db_playtime", String(Int(catalog.songs.reduce(0) { $0 + $1.duration })))
        reply.line("db_update", String(Int(time(nil))))
        reply.line("playtime", "0")
    }
}
