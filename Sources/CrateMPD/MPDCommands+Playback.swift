import CrateCore
import CrateRouter

/// Transport, options and volume, through the router's own entry points.
extension MPDCommands {
    static let playback: [MPDCommandSpec] = [
        .init("play", .control, 0, 1) { commands, args, _, _ throws(MPDError) in try commands.play(args.first, byID: false) },
        .init("playid", .control, 0, 1) { commands, args, _, _ throws(MPDError) in try commands.play(args.first, byID: true) },
        .init("pause", .control, 0, 1) { commands, args, _, _ throws(MPDError) in try commands.pause(args.first) },
        .init("stop", .control, 0, 0) { commands, _, _, _ throws(MPDError) in try commands.route(.stop) },
        .init("next", .control, 0, 0) { commands, _, _, _ throws(MPDError) in try commands.route(.nextTrack) },
        .init("previous", .control, 0, 0) { commands, _, _, _ throws(MPDError) in try commands.route(.previousTrack) },
        .init("seek", .control, 2, 2) { commands, args, _, _ throws(MPDError) in try commands.seek(args, byID: false) },
        .init("seekid", .control, 2, 2) { commands, args, _, _ throws(MPDError) in try commands.seek(args, byID: true) },
        .init("seekcur", .control, 1, 1) { commands, args, _, _ throws(MPDError) in try commands.seekCurrent(args[0]) },
        // Options the box does not have: off (or on, for consume) is accepted, the rest refused.
        .init("random", .control, 1, 1) { _, args, _, _ throws(MPDError) in if args[0] != "0" { throw noShuffle } },
        .init("shuffle", .control, 0, 1) { _, _, _, _ throws(MPDError) in throw noShuffle },
        .init("repeat", .control, 1, 1) { _, args, _, _ throws(MPDError) in try alwaysOff("repeat", args[0]) },
        .init("single", .control, 1, 1) { _, args, _, _ throws(MPDError) in try alwaysOff("single", args[0]) },
        .init("consume", .control, 1, 1) { _, args, _, _ throws(MPDError) in
            if args[0] != "1" { throw MPDError.argument("a played album always leaves the queue; consume is always on") }
        },
        .init("crossfade", .control, 1, 1) { _, args, _, _ throws(MPDError) in
            if args[0] != "0" { throw MPDError.argument("albums play gapless: Crate does not crossfade") }
        },
        .init("getvol", .read, 0, 0) { commands, _, _, reply throws(MPDError) in
            guard let volume = commands.volume() else { throw MPDError(.system, "No mixer") }
            reply.line("volume", String(volume))
        },
        .init("setvol", .control, 1, 1) { commands, args, _, _ throws(MPDError) in try commands.setVolume(args[0], relative: false) },
        .init("volume", .control, 1, 1) { commands, args, _, _ throws(MPDError) in try commands.setVolume(args[0], relative: true) },
    ]

    private static let noShuffle = MPDError.argument("albums play in their own order: Crate does not shuffle tracks")

    private static func alwaysOff(_ name: String, _ argument: String) throws(MPDError) {
        if argument != "0" {
            throw MPDError.argument("the box plays on from its crate after the queue; \(name) is always off")
        }
    }

    /// `play [POS]` / `playid [ID]`: that song's album from that song; without one, resume
    /// a pause, take a stopped album up again, or start the queue.
    private func play(_ argument: String?, byID: Bool) throws(MPDError) {
        let player = try service.playerStatus()
        let catalog = service.catalog()
        let queue = try service.queue(catalog, player)
        if let argument, argument != "-1" {
            guard let number = Int(argument) else { throw MPDError.argument("Integer expected: \(argument)") }
            let position = byID ? try queue.position(ofID: Int64(number), catalog) : number
            guard position >= 0, position < queue.entries.count else { throw MPDError.argument("Bad song index") }
            try start(catalog.songs[queue.entries[position]], seconds: 0)
        } else if player.state == .paused, queue.current != nil {
            try route(.resume)
        } else if player.state == .idle, try service.handQueue(.show(playerIndex: nil)).stoppedAlbum != nil {
            // After a stop: the stopped album, from the start of its track.
            try route(.play(.stoppedAlbum))
        } else if queue.current == nil || player.state == .idle {
            guard let first = queue.entries.first else { return }
            try start(catalog.songs[queue.current.map { queue.entries[$0] } ?? first], seconds: 0)
        }
    }

    private func pause(_ argument: String?) throws(MPDError) {
        let command: Command = switch argument {
        case "1": .pause
        case "0": .resume
        case nil: .toggle
        default: throw MPDError.argument("Boolean (0/1) expected: \(argument ?? "")")
        }
        if try service.playerStatus().state == .idle { return }
        try route(command)
    }

    /// `seek POS SECONDS` / `seekid ID SECONDS`: within the song playing, or that song's
    /// album from there.
    private func seek(_ args: [String], byID: Bool) throws(MPDError) {
        let catalog = service.catalog()
        let queue = try service.queue(catalog)
        guard let number = Int(args[0]) else { throw MPDError.argument("Integer expected: \(args[0])") }
        guard let seconds = Double(args[1]), seconds >= 0 else { throw MPDError.argument("Number expected: \(args[1])") }
        let position = byID ? try queue.position(ofID: Int64(number), catalog) : number
        guard position >= 0, position < queue.entries.count else { throw MPDError.argument("Bad song index") }
        if position == queue.current {
            try route(.seek(seconds))
        } else {
            try start(catalog.songs[queue.entries[position]], seconds: seconds)
        }
    }

    /// `seekcur [+-]SECONDS`: absolute, or relative to the position.
    private func seekCurrent(_ argument: String) throws(MPDError) {
        let player = try service.playerStatus()
        var text = argument
        let relative = text.first == "+" || text.first == "-"
        if text.first == "+" { text.removeFirst() }
        guard let value = Double(text) else { throw MPDError.argument("Number expected: \(argument)") }
        guard player.currentIndex != nil, player.state != .idle else { throw MPDError(.playerSync, "Not playing") }
        try route(.seek(max(0, relative ? player.position + value : value)))
    }

    /// `setvol PERCENT` / `volume CHANGE`.
    private func setVolume(_ argument: String, relative: Bool) throws(MPDError) {
        guard let value = Int(argument) else { throw MPDError.argument("Integer expected: \(argument)") }
        guard let current = volume() else { throw MPDError(.system, "No mixer") }
        let target = relative ? current + value : value
        guard (0...100).contains(target) else { throw MPDError.argument("Invalid volume value") }
        do throws(MPDError) { _ = try service.perform(.changeVolume(byPercent: target - current)) } catch {
            throw MPDError(.system, "problems setting volume: \(error.message)")
        }
    }

    /// Plays the album of `song` from that track: albums always play as a whole.
    func start(_ song: MPDSong, seconds: Double) throws(MPDError) {
        try route(.play(.song(album: song.albumID, index: song.indexInAlbum, seconds: seconds)))
    }

    /// One command through the router, as every front end gives it.
    func route(_ command: Command) throws(MPDError) {
        _ = try service.perform(command)
    }
}
