import CrateCore

/// Transport, options and volume, through the router's own entry points.
extension MPDCommands {
    func playback(_ name: String, _ args: [String], _ reply: inout MPDReply) throws(MPDError) {
        let player = service.router.player.status()
        switch name {
        case "play", "playid":
            let catalog = service.catalog()
            let queue = service.queue(catalog, player)
            if let argument = args.first, argument != "-1" {
                guard let number = Int(argument) else { throw MPDError.argument("Integer expected: \(argument)") }
                let position = name == "play" ? number : try queue.position(ofID: Int64(number), catalog)
                guard position >= 0, position < queue.entries.count else { throw MPDError.argument("Bad song index") }
                try start(catalog.songs[queue.entries[position]], seconds: 0)
            } else if player.state == .paused, queue.current != nil {
                try route(ControlRequest(cmd: .resume))
            } else if player.state == .idle, service.router.session?.stoppedAlbum != nil {
                // After a stop: the stopped album, from the start of its track.
                try route(ControlRequest(cmd: .play))
            } else if queue.current == nil || player.state == .idle {
                guard let first = queue.entries.first else { return }
                try start(catalog.songs[queue.current.map { queue.entries[$0] } ?? first], seconds: 0)
            }
        case "pause":
            let command: ControlCommand = switch args.first {
            case "1": .pause
            case "0": .resume
            case nil: .toggle
            default: throw MPDError.argument("Boolean (0/1) expected: \(args[0])")
            }
            if player.state == .idle { return }
            try route(ControlRequest(cmd: command))
        case "stop": try route(ControlRequest(cmd: .stop))
        case "next": try route(ControlRequest(cmd: .next))
        case "previous": try route(ControlRequest(cmd: .prev))
        case "seek", "seekid":
            let catalog = service.catalog()
            let queue = service.queue(catalog, player)
            guard let number = Int(args[0]) else { throw MPDError.argument("Integer expected: \(args[0])") }
            guard let seconds = Double(args[1]), seconds >= 0 else { throw MPDError.argument("Number expected: \(args[1])") }
            let position = name == "seek" ? number : try queue.position(ofID: Int64(number), catalog)
            guard position >= 0, position < queue.entries.count else { throw MPDError.argument("Bad song index") }
            if position == queue.current {
                try route(ControlRequest(cmd: .seek, seconds: seconds))
            } else {
                try start(catalog.songs[queue.entries[position]], seconds: seconds)
            }
        case "seekcur":
            var text = args[0]
            let relative = text.first == "+" || text.first == "-"
            if text.first == "+" { text.removeFirst() }
            guard let value = Double(text) else { throw MPDError.argument("Number expected: \(args[0])") }
            guard player.currentIndex != nil, player.state != .idle else { throw MPDError(.playerSync, "Not playing") }
            try route(ControlRequest(cmd: .seek, seconds: max(0, relative ? player.position + value : value)))
        case "random", "shuffle":
            if name == "random", args[0] == "0" { return }
            throw MPDError.argument("albums play in their own order: Crate does not shuffle tracks")
        case "repeat", "single":
            if args[0] == "0" { return }
            throw MPDError.argument("the box plays on from its crate after the queue; \(name) is always off")
        case "consume":
            if args[0] == "1" { return }
            throw MPDError.argument("a played album always leaves the queue; consume is always on")
        case "crossfade":
            if args[0] == "0" { return }
            throw MPDError.argument("albums play gapless: Crate does not crossfade")
        case "getvol":
            guard let volume = volume() else { throw MPDError(.system, "No mixer") }
            reply.line("volume", String(volume))
        case "setvol", "volume":
            guard let value = Int(args[0]) else { throw MPDError.argument("Integer expected: \(args[0])") }
            guard let mixer = service.router.mixer, let current = volume() else { throw MPDError(.system, "No mixer") }
            let target = name == "setvol" ? value : current + value
            guard (0...100).contains(target) else { throw MPDError.argument("Invalid volume value") }
            do { _ = try mixer.change(byPercent: target - current) } catch {
                throw MPDError(.system, "problems setting volume: \(error)")
            }
            service.noteChanges(["mixer"])
        default: throw MPDError(.unknown, "unknown command \"\(name)\"")
        }
    }

    /// Plays the album of `song` from that track: albums always play as a whole.
    func start(_ song: MPDSong, seconds: Double) throws(MPDError) {
        guard let session = service.router.session else { throw MPDError(.system, "the library is not available") }
        do {
            try session.play(album: song.albumID, track: song.indexInAlbum, seconds: seconds)
        } catch {
            throw MPDError(.system, "\(error)")
        }
    }

    /// One request through the router, as the JSON socket would send it.
    func route(_ request: ControlRequest) throws(MPDError) {
        let reply = service.router.handle(request)
        guard reply.ok else { throw MPDError(.system, reply.error ?? "\(request.cmd) failed") }
    }
}
