import ArgumentParser
import CrateCore
import CrateWire

struct DownloadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "downloads", abstract: "The offline cache of Plex tracks: what it holds, what is downloading, what is kept.",
        subcommands: [DownloadsShowCommand.self, DownloadsKeepCommand.self, DownloadsUnkeepCommand.self],
        defaultSubcommand: DownloadsShowCommand.self)
}

struct DownloadsShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "The cache's size, the downloads under way and the albums kept offline.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .downloads)) { reply throws(AdminError) in
                guard let d = reply.downloads else { return }
                let mb = HumanFormat.size
                Output.line("cache:   \(counted(d.files, "track")), \(mb(d.bytes)) of \(mb(d.capBytes))")
                if let kept = d.kept { Output.line("kept:    " + DownloadsShowCommand.kept(kept)) }
                for transfer in d.active {
                    let total = transfer.totalBytes.map { " of \(mb($0)) (\(transfer.bytes * 100 / max($0, 1)) %)" } ?? ""
                    Output.line("fetching: \(transfer.track): \(mb(transfer.bytes))\(total)")
                }
                if d.active.isEmpty { Output.line("fetching: nothing") }
                Output.line("waiting for the server: \(d.pendingWriteBacks) ratings/scrobbles")
            }
        }
    }

    /// "2 albums, 310 MB, all downloaded", or what is missing, or that they do not fit.
    static func kept(_ kept: DownloadsStatus.Kept) -> String {
        let state = kept.full ?? (kept.missingTracks == 0 ? "all downloaded" : "\(counted(kept.missingTracks, "track")) still to download")
        return "\(counted(kept.albums, "album")), \(HumanFormat.size(kept.bytes)), \(state)"
    }
}

/// What `keep` and `unkeep` name: one album, or a Plex list's albums.
struct KeepTarget: ParsableArguments {
    @Argument(help: "A library album id (crate-admin albums lists them).")
    var album: Int64?
    @Option(help: ArgumentHelp("Every album of this Plex collection (by title, any case).", valueName: "name"))
    var collection: String?
    @Option(help: ArgumentHelp("Every album of this Plex audio playlist (by title, any case).", valueName: "name"))
    var playlist: String?

    func validate() throws {
        guard [album != nil, collection != nil, playlist != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("name one album id, or --collection NAME, or --playlist NAME")
        }
    }

    func request(_ command: ControlCommand) -> ControlRequest {
        ControlRequest(cmd: command, album: album, collection: collection, playlist: playlist)
    }
}

/// `keep` and `unkeep`: the albums changed, then the kept albums' state.
private func keepRequest(_ target: KeepTarget, _ command: ControlCommand, _ connection: ConnectionOptions, verb: String) throws {
    try reportingFailures {
        try connection.perform(target.request(command)) { reply throws(AdminError) in
            let albums = reply.albums ?? []
            if albums.isEmpty { Output.line("\(verb): nothing (none of them was \(command == .downloadsKeep ? "a Plex album" : "kept"))") }
            for album in albums { Output.line("\(verb): \(album.artist) — \(album.title)") }
            if let kept = reply.downloads?.kept { Output.line("kept:    " + DownloadsShowCommand.kept(kept)) }
        }
    }
}

struct DownloadsKeepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep", abstract: "Keep Plex albums offline: downloaded now, never evicted.",
        discussion: """
            The album (or every album of the collection or playlist) is downloaded into the \
            offline cache in the background and never evicted, so it plays with the server \
            or the network gone. Kept albums count against [plex] cache_mb: a keep that would \
            not fit is refused and says so (nothing is evicted for it). Local albums are always \
            offline: keeping one is refused. The choice survives restarts.
            """)
    @OptionGroup var target: KeepTarget
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws { try keepRequest(target, .downloadsKeep, connection, verb: "kept offline") }
}

struct DownloadsUnkeepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unkeep", abstract: "Let kept albums go: their files stay until the cache needs the room.")
    @OptionGroup var target: KeepTarget
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws { try keepRequest(target, .downloadsUnkeep, connection, verb: "no longer kept") }
}
