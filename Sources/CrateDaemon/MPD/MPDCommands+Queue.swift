/// The queue commands: the album queue listed by track, changed a whole album at a time.
extension MPDCommands {
    func queueCommand(_ name: String, _ args: [String], _ client: MPDClientState,
                      _ reply: inout MPDReply) throws(MPDError) {
        let catalog = service.catalog()
        let queue = service.queue(catalog, service.router.player.status())
        func list(_ positions: some Sequence<Int>, idsOnly: Bool = false) {
            for position in positions {
                let song = catalog.songs[queue.entries[position]]
                if idsOnly {
                    reply.line("cpos", String(position))
                } else {
                    reply.add(song.lines(enabled: client.enabledTags))
                    reply.line("Pos", String(position))
                }
                reply.line("Id", String(song.trackID))
            }
        }
        switch name {
        case "playlistinfo": list(try queue.positions(args.first))
        case "playlistid":
            if let argument = args.first {
                guard let id = Int64(argument) else { throw MPDError.argument("Integer expected: \(argument)") }
                list([try queue.position(ofID: id, catalog)])
            } else {
                list(queue.entries.indices)
            }
        case "plchanges", "plchangesposid":
            guard let version = Int(args[0]) else { throw MPDError.argument("Integer expected: \(args[0])") }
            // Any change re-lists the whole queue: more than MPD sends, never less.
            if version != service.playlistVersion(queue) { list(queue.entries.indices, idsOnly: name == "plchangesposid") }
        case "add", "addid":
            guard let session = service.router.session else { throw MPDError(.system, "the library is not available") }
            guard let songs = catalog.songs(under: args[0]), !songs.isEmpty else {
                throw MPDError.noExist("No such directory")
            }
            if args.count > 1 { throw MPDError.argument("albums are queued whole, at the end of the queue") }
            try enqueue(catalog.albumIDs(of: songs), session, catalog)
            if name == "addid" { reply.line("Id", String(catalog.songs[songs[0]].trackID)) }
        case "delete", "deleteid":
            let positions: Range<Int>
            if name == "delete" {
                positions = try queue.positions(args[0])
            } else {
                guard let id = Int64(args[0]) else { throw MPDError.argument("Integer expected: \(args[0])") }
                let position = try queue.position(ofID: id, catalog)
                positions = position..<(position + 1)
            }
            let albums = catalog.albumIDs(of: positions.map { queue.entries[$0] })
            try remove(albums, queue: queue, catalog)
        case "clear":
            service.router.session?.clearQueued()
            try route(.init(cmd: .stop))
            service.noteChanges(["playlist"])
        case "move", "moveid": try moveCommand(name, args)
        case "playlistfind", "playlistsearch":
            let filter = try MPDFilter.parse(args, foldCase: name == "playlistsearch")
            list(queue.entries.indices.filter {
                filter.matches(catalog.songs[queue.entries[$0]], foldCase: name == "playlistsearch")
            })
        default: throw MPDError(.unknown, "unknown command \"\(name)\"")
        }
    }

    /// Queues each album once; one already playing or waiting stays where it is.
    func enqueue(_ albums: [Int64], _ session: AlbumSession, _ catalog: MPDCatalog) throws(MPDError) {
        for album in albums where !session.holds(album: album) {
            do {
                try session.enqueue(album, next: false, playable: catalog.localOnline.contains(album))
            } catch {
                throw MPDError(.system, "\(error)")
            }
        }
        service.noteChanges(["playlist"])
    }

    /// Takes albums out of the queue; the one playing stops (and leaves it, as `stop` does).
    private func remove(_ albums: [Int64], queue: MPDQueue, _ catalog: MPDCatalog) throws(MPDError) {
        guard let session = service.router.session else { return }
        let playing = queue.current.map { catalog.songs[queue.entries[$0]].albumID }
        let currentAlbum = session.state.withLock { $0.current }
        for album in albums {
            if album == playing || album == currentAlbum {
                try route(.init(cmd: .stop))
            } else {
                _ = session.dequeue(album: album)
            }
        }
        service.noteChanges(["playlist"])
    }
}
