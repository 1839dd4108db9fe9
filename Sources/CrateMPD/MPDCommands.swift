import CrateCore
import CrateFormats
import CratePosix
import CrateRouter
import Glibc

/// Runs one MPD command against the service: the table says whether the client may and
/// with how many arguments; connection and capability commands are here, playback,
/// queue, library and artwork in the extensions, each family with its table entries.
struct MPDCommands {
    let service: MPDService

    /// Every command the server knows, by name. Unlisted names are unknown commands.
    static let table: [String: MPDCommandSpec] = Dictionary(
        uniqueKeysWithValues: (connection + playback + queue + library + artwork).map { ($0.name, $0) })

    func run(_ name: String, _ args: [String], _ client: inout MPDClientState) throws(MPDError) -> MPDReply {
        guard let spec = Self.table[name] else { throw MPDError(.unknown, "unknown command \"\(name)\"") }
        do throws(MPDError) {
            guard client.authorized || spec.permission == .read else {
                throw MPDError(.permission, "you don't have permission for \"\(name)\"")
            }
            try spec.checkArguments(args.count)
            var reply = MPDReply()
            try spec.handler(self, args, &client, &reply)
            return reply
        } catch {
            var error = error
            error.command = name
            throw error
        }
    }

    static let connection: [MPDCommandSpec] = [
        .init("ping", .read, 0, 0) { _, _, _, _ in },
        .init("clearerror", .read, 0, 0) { _, _, _, _ in },
        // idle and noidle are the connection's own (MPDClient); listed for `commands`.
        .init("idle", .read, 0, nil) { _, _, _, _ in },
        .init("noidle", .read, 0, 0) { _, _, _, _ in },
        .init("close", .read, 0, 0) { _, _, _, reply in reply.close = true },
        .init("password", .read, 1, 1) { commands, args, client, _ throws(MPDError) in
            guard let password = commands.service.password, args[0] == password else {
                throw MPDError(.password, "incorrect password")
            }
            client.authorized = true
        },
        .init("commands", .read, 0, 0) { _, _, client, reply in listCommands(allowed: true, client, &reply) },
        .init("notcommands", .read, 0, 0) { _, _, client, reply in listCommands(allowed: false, client, &reply) },
        .init("tagtypes", .read, 0, nil) { _, args, client, reply throws(MPDError) in try tagTypes(args, &client, &reply) },
        .init("binarylimit", .read, 1, 1) { _, args, client, _ throws(MPDError) in
            guard let limit = Int(args[0]), limit >= 64 else { throw MPDError.argument("Value too small") }
            client.binaryLimit = min(limit, client.maxBinaryChunk)
        },
        .init("urlhandlers", .read, 0, 0) { _, _, _, _ in },
        .init("decoders", .read, 0, 0) { _, _, _, reply in decoders(&reply) },
        .init("outputs", .read, 0, 0) { commands, _, _, reply throws(MPDError) in try commands.outputs(&reply) },
        .init("status", .read, 0, 0) { commands, _, _, reply throws(MPDError) in try commands.status(&reply) },
        .init("currentsong", .read, 0, 0) { commands, _, client, reply throws(MPDError) in
            try commands.currentSong(client, &reply)
        },
        .init("stats", .read, 0, 0) { commands, _, _, reply in commands.stats(&reply) },
        .init("replay_gain_status", .read, 0, 0) { _, _, _, reply in reply.line("replay_gain_mode", "off") },
    ]

    /// `commands` and `notcommands`: what this client may run now, and what not.
    private static func listCommands(allowed: Bool, _ client: MPDClientState, _ reply: inout MPDReply) {
        for (name, spec) in table.sorted(by: { $0.key < $1.key })
        where (client.authorized || spec.permission == .read) == allowed {
            reply.line("command", name)
        }
    }

    /// The formats of the format registry, as MPD's decoder plugins.
    private static func decoders(_ reply: inout MPDReply) {
        for format in FormatRegistry.all {
            reply.line("plugin", format.name)
            for suffix in format.suffixes { reply.line("suffix", suffix) }
            for type in format.mimeTypes { reply.line("mime_type", type) }
        }
    }

    /// The one output the player writes to, of its kind (card, snapcast stream, nowhere).
    private func outputs(_ reply: inout MPDReply) throws(MPDError) {
        let output = try service.playerStatus().output
        reply.line("outputid", "0")
        reply.line("outputname", output.device)
        reply.line("plugin", (output.kind ?? .alsa).rawValue)
        reply.line("outputenabled", "1")
    }

    private static func tagTypes(_ args: [String], _ client: inout MPDClientState, _ reply: inout MPDReply) throws(MPDError) {
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

    func status(_ reply: inout MPDReply) throws(MPDError) {
        let player = try service.playerStatus()
        let catalog = service.catalog()
        let queue = try service.queue(catalog, player)
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

    /// The mixer's level; nil with no mixer, or one that cannot be read (logged).
    func volume() -> Int? {
        do throws(MPDError) {
            guard case .volume(let level) = try service.perform(.volume) else { throw MPDError.unexpectedAnswer }
            return level
        } catch {
            service.logger.warning("mpd: cannot read the volume: \(error.message)")
            return nil
        }
    }

    private func currentSong(_ client: MPDClientState, _ reply: inout MPDReply) throws(MPDError) {
        let catalog = service.catalog()
        let queue = try service.queue(catalog)
        guard let position = queue.current else { return }
        let song = catalog.songs[queue.entries[position]]
        reply.add(song.lines(enabled: client.enabledTags))
        reply.line("Pos", String(position))
        reply.line("Id", String(song.trackID))
    }

    private func stats(_ reply: inout MPDReply) {
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
