import CrateCore
import CrateRouter

/// The library commands: browsing by folder, listing by tag, finding, counting, updating.
extension MPDCommands {
    static let library: [MPDCommandSpec] = [
        .init("lsinfo", .read, 0, 1) { commands, args, client, reply throws(MPDError) in
            try commands.listFolder(args.first, .lsinfo, client, &reply)
        },
        .init("listall", .read, 0, 1) { commands, args, client, reply throws(MPDError) in
            try commands.listFolder(args.first, .listall, client, &reply)
        },
        .init("listallinfo", .read, 0, 1) { commands, args, client, reply throws(MPDError) in
            try commands.listFolder(args.first, .listallinfo, client, &reply)
        },
        .init("find", .read, 1, nil) { commands, args, client, reply throws(MPDError) in
            try commands.find(args, foldCase: false, add: false, client, &reply)
        },
        .init("search", .read, 1, nil) { commands, args, client, reply throws(MPDError) in
            try commands.find(args, foldCase: true, add: false, client, &reply)
        },
        .init("findadd", .control, 1, nil) { commands, args, client, reply throws(MPDError) in
            try commands.find(args, foldCase: false, add: true, client, &reply)
        },
        .init("searchadd", .control, 1, nil) { commands, args, client, reply throws(MPDError) in
            try commands.find(args, foldCase: true, add: true, client, &reply)
        },
        .init("list", .read, 1, nil) { commands, args, _, reply throws(MPDError) in
            try commands.list(args, commands.service.catalog(), &reply)
        },
        .init("count", .read, 1, nil) { commands, args, _, reply throws(MPDError) in try commands.count(args, &reply) },
        .init("update", .control, 0, 1) { commands, _, _, reply throws(MPDError) in try commands.update(full: false, &reply) },
        .init("rescan", .control, 0, 1) { commands, _, _, reply throws(MPDError) in try commands.update(full: true, &reply) },
        // Stored playlists: the box has none (albums are its unit).
        .init("listplaylists", .read, 0, 0) { _, _, _, _ in },
    ]

    /// The three folder listings: one level with tags, everything below by name, or with tags.
    enum FolderListing { case lsinfo, listall, listallinfo }

    private func listFolder(_ argument: String?, _ kind: FolderListing, _ client: MPDClientState,
                            _ reply: inout MPDReply) throws(MPDError) {
        let catalog = service.catalog()
        let uri = argument.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? ""
        if let index = catalog.byURI[uri] {
            reply.add(kind == .listall ? "file: \(uri)\n" : catalog.songs[index].lines(enabled: client.enabledTags))
            return
        }
        guard catalog.folders[uri] != nil else { throw MPDError.noExist("No such directory") }
        var listing = MPDListing(catalog: catalog, roots: service.roots, tags: kind == .listall ? nil : client.enabledTags)
        // The recursive listings name the folder asked for first, as MPD does.
        if kind != .lsinfo, !uri.isEmpty { listing.entries.append(.folder(uri)) }
        listFolder(uri, catalog, recursive: kind != .lsinfo, into: &listing.entries)
        reply.listing = listing
    }

    /// `find`/`search` (exact or case-folded), listed, or with `add` queued as whole albums.
    private func find(_ args: [String], foldCase: Bool, add: Bool, _ client: MPDClientState,
                      _ reply: inout MPDReply) throws(MPDError) {
        let catalog = service.catalog()
        var (filterArgs, options) = splitOptions(args)
        if filterArgs.isEmpty { filterArgs = args }
        let filter = try MPDFilter.parse(filterArgs, foldCase: foldCase)
        // In URI order, as MPD walks its database.
        var found = catalog.songs.indices.filter { filter.matches(catalog.songs[$0], foldCase: foldCase) }
            .sorted { catalog.songs[$0].uri < catalog.songs[$1].uri }
        if let sort = options["sort"] {
            let key = sort.hasPrefix("-") ? String(sort.dropFirst()) : sort
            let tag = MPDSong.canonicalTag(key) ?? key
            found.sort { (catalog.songs[$0].tags[tag] ?? "") < (catalog.songs[$1].tags[tag] ?? "") }
            if sort.hasPrefix("-") { found.reverse() }
        }
        if let window = options["window"] {
            let bounds = window.split(separator: ":").compactMap { Int($0) }
            let start = min(bounds.first ?? 0, found.count)
            let end = min(bounds.count > 1 ? bounds[1] : found.count, found.count)
            found = Array(found[start..<max(start, end)])
        }
        if add {
            try enqueue(catalog.albumIDs(of: found), catalog)
        } else {
            var listing = MPDListing(catalog: catalog, roots: service.roots, tags: client.enabledTags)
            listing.entries = found.map { .song($0) }
            reply.listing = listing
        }
    }

    /// `count FILTER [group TAG]`: songs and playtime, per value of TAG when grouped.
    private func count(_ args: [String], _ reply: inout MPDReply) throws(MPDError) {
        let (filterArgs, options) = splitOptions(args)
        let filter = try MPDFilter.parse(filterArgs, foldCase: false)
        let found = service.catalog().songs.filter { filter.matches($0, foldCase: false) }
        guard let group = options["group"] else { return counts(found, &reply) }
        guard let tag = MPDSong.canonicalTag(group) else { throw MPDError.argument("Unknown tag type: \(group)") }
        let byValue = Dictionary(grouping: found) { $0.tags[tag] ?? "" }
        for value in byValue.keys.sorted() {
            reply.line(tag, value)
            counts(byValue[value]!, &reply)
        }
    }

    /// `update` / `rescan`: a scan of the library folders (new and changed files, or all).
    private func update(full: Bool, _ reply: inout MPDReply) throws(MPDError) {
        // A scan already running is the one the client gets to follow.
        do throws(MPDError) { _ = try service.perform(.scan(full: full)) } catch {
            throw MPDError(.system, "cannot start a library scan: \(error.message)")
        }
        reply.line("updating_db", "1")
    }

    private func counts(_ songs: [MPDSong], _ reply: inout MPDReply) {
        reply.line("songs", String(songs.count))
        reply.line("playtime", String(Int(songs.reduce(0) { $0 + $1.duration }.rounded())))
    }

    /// `list TAG [filter] [group TAG]…`: unique values, grouped the way MPD 0.21+ prints them.
    private func list(_ args: [String], _ catalog: MPDCatalog, _ reply: inout MPDReply) throws(MPDError) {
        guard let tag = MPDSong.canonicalTag(args[0]) ?? (args[0].lowercased() == "file" ? "file" : nil) else {
            throw MPDError.argument("Unknown tag type: \(args[0])")
        }
        var rest = Array(args.dropFirst())
        var groups: [String] = []
        while rest.count >= 2, rest[rest.count - 2].lowercased() == "group" {
            guard let group = MPDSong.canonicalTag(rest[rest.count - 1]) else {
                throw MPDError.argument("Unknown tag type: \(rest[rest.count - 1])")
            }
            groups.insert(group, at: 0)
            rest.removeLast(2)
        }
        // MPD before 0.21: `list album ARTIST` means the albums of that artist.
        if rest.count == 1, tag == "Album", !rest[0].hasPrefix("(") { rest = ["Artist", rest[0]] }
        let filter = try MPDFilter.parse(rest, foldCase: false)
        let value: (MPDSong, String) -> String = { song, name in name == "file" ? song.uri : song.tags[name] ?? "" }
        var rows = Set<[String]>()
        for song in catalog.songs where filter.matches(song, foldCase: false) {
            rows.insert(groups.map { value(song, $0) } + [value(song, tag)])
        }
        var printed: [String] = []
        for row in rows.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            for (depth, group) in groups.enumerated() where printed.count <= depth || printed[depth] != row[depth] {
                printed = Array(row[..<depth])
                reply.line(group, row[depth])
                printed.append(row[depth])
            }
            printed = Array(row.dropLast())
            if !row.last!.isEmpty { reply.line(tag, row.last!) }
        }
    }

    /// Splits trailing `sort X`, `window A:B` and `group X` from the filter arguments.
    private func splitOptions(_ args: [String]) -> ([String], [String: String]) {
        var rest = args
        var options: [String: String] = [:]
        while rest.count >= 2, ["sort", "window", "group", "position"].contains(rest[rest.count - 2].lowercased()) {
            options[rest[rest.count - 2].lowercased()] = rest[rest.count - 1]
            rest.removeLast(2)
        }
        return (rest, options)
    }

    /// A folder's entries in MPD's order: its sub-folders (each followed by its own, when
    /// `recursive`), then its songs.
    private func listFolder(_ uri: String, _ catalog: MPDCatalog, recursive: Bool, into entries: inout [MPDListing.Entry]) {
        guard let folder = catalog.folders[uri] else { return }
        for sub in folder.folders {
            entries.append(.folder(sub))
            if recursive { listFolder(sub, catalog, recursive: true, into: &entries) }
        }
        entries += folder.songs.map { .song($0) }
    }
}
