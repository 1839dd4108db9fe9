import CrateRouter
/// The queue commands: the album queue listed by track, changed a whole album at a time.
extension MPDCommands {
    static let queue: [MPDCommandSpec] = [
        .init("playlistinfo", .read, 0, 1) { commands, args, client, reply throws(MPDError) in
            let view = try commands.queueView()
            view.list(try view.queue.positions(args.first), client, &reply)
        },
        .init("playlistid", .read, 0, 1) { commands, args, client, reply throws(MPDError) in
            let view = try commands.queueView()
            guard let argument = args.first else { return view.list(view.queue.entries.indices, client, &reply) }
            guard let id = Int64(argument) else { throw MPDError.argument("Integer expected: \(argument)") }
            view.list([try view.queue.position(ofID: id, view.catalog)], client, &reply)
        },
        .init("plchanges", .read, 1, 2) { commands, args, client, reply throws(MPDError) in
            try commands.changes(since: args[0], idsOnly: false, client, &reply)
        },
        .init("plchangesposid", .read, 1, 2) { commands, args, client, reply throws(MPDError) in
            try commands.changes(since: args[0], idsOnly: true, client, &reply)
        },
        .init("add", .control, 1, 2) { commands, args, _, reply throws(MPDError) in try commands.add(args, id: false, &reply) },
        .init("addid", .control, 1, 2) { commands, args, _, reply throws(MPDError) in try commands.add(args, id: true, &reply) },
        .init("delete", .control, 1, 1) { commands, args, _, _ throws(MPDError) in
            let view = try commands.queueView()
            try commands.remove(try view.queue.positions(args[0]), view)
        },
        .init("deleteid", .control, 1, 1) { commands, args, _, _ throws(MPDError) in
            let view = try commands.queueView()
            guard let id = Int64(args[0]) else { throw MPDError.argument("Integer expected: \(args[0])") }
            let position = try view.queue.position(ofID: id, view.catalog)
            try commands.remove(position..<(position + 1), view)
        },
        .init("clear", .control, 0, 0) { commands, _, _, _ throws(MPDError) in
            try commands.service.handQueue(.clear)
            try commands.route(.stop)
            commands.service.noteChanges(["playlist"])
        },
        .init("move", .control, 2, 2) { commands, args, _, _ throws(MPDError) in try commands.move(args, byID: false) },
        .init("moveid", .control, 2, 2) { commands, args, _, _ throws(MPDError) in try commands.move(args, byID: true) },
        .init("playlistfind", .read, 2, nil) { commands, args, client, reply throws(MPDError) in
            try commands.queueFind(args, foldCase: false, client, &reply)
        },
        .init("playlistsearch", .read, 2, nil) { commands, args, client, reply throws(MPDError) in
            try commands.queueFind(args, foldCase: true, client, &reply)
        },
    ]

    /// The catalog and the queue as the listing commands see them, taken once per command.
    struct QueueView {
        let catalog: MPDCatalog
        let queue: MPDQueue

        func list(_ positions: some Sequence<Int>, idsOnly: Bool = false, _ client: MPDClientState,
                  _ reply: inout MPDReply) {
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
    }

    func queueView() throws(MPDError) -> QueueView {
        let catalog = service.catalog()
        return QueueView(catalog: catalog, queue: try service.queue(catalog))
    }

    /// `plchanges VERSION`: any change re-lists the whole queue (more than MPD sends, never less).
    private func changes(since argument: String, idsOnly: Bool, _ client: MPDClientState,
                         _ reply: inout MPDReply) throws(MPDError) {
        guard let version = Int(argument) else { throw MPDError.argument("Integer expected: \(argument)") }
        let view = try queueView()
        if version != service.playlistVersion(view.queue) {
            view.list(view.queue.entries.indices, idsOnly: idsOnly, client, &reply)
        }
    }

    /// `add URI` / `addid URI`: the albums of the songs under URI, whole, at the end.
    private func add(_ args: [String], id: Bool, _ reply: inout MPDReply) throws(MPDError) {
        let catalog = service.catalog()
        guard let songs = catalog.songs(under: args[0]), !songs.isEmpty else {
            throw MPDError.noExist("No such directory")
        }
        if args.count > 1 { throw MPDError.argument("albums are queued whole, at the end of the queue") }
        try enqueue(catalog.albumIDs(of: songs), catalog)
        if id { reply.line("Id", String(catalog.songs[songs[0]].trackID)) }
    }

    private func queueFind(_ args: [String], foldCase: Bool, _ client: MPDClientState,
                           _ reply: inout MPDReply) throws(MPDError) {
        let filter = try MPDFilter.parse(args, foldCase: foldCase)
        let view = try queueView()
        view.list(view.queue.entries.indices.filter {
            filter.matches(view.catalog.songs[view.queue.entries[$0]], foldCase: foldCase)
        }, client, &reply)
    }

    /// Queues each album once; one already playing or waiting stays where it is.
    func enqueue(_ albums: [Int64], _ catalog: MPDCatalog) throws(MPDError) {
        try service.handQueue(.append(albums, knownPlayable: catalog.localOnline.intersection(albums)))
        service.noteChanges(["playlist"])
    }

    /// Takes the albums of the songs at `positions` out of the queue; the one playing stops
    /// (and leaves it, as `stop` does).
    private func remove(_ positions: Range<Int>, _ view: QueueView) throws(MPDError) {
        let albums = view.catalog.albumIDs(of: positions.map { view.queue.entries[$0] })
        let playing = view.queue.current.map { view.catalog.songs[view.queue.entries[$0]].albumID }
        let currentAlbum = try service.handQueue(.show(playerIndex: nil)).queue.current
        for album in albums {
            if album == playing || album == currentAlbum {
                try route(.stop)
            } else {
                _ = try service.perform(.handQueue(.remove(album)))
            }
        }
        service.noteChanges(["playlist"])
    }
}
