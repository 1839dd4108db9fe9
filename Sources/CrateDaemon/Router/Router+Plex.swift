import CrateCore
import CrateLibrary
import CratePlex
import CrateWire

/// `crate-admin plex …`: sign-in, servers, syncs.
extension Router {
    func handlePlex(_ command: ControlCommand, _ request: ControlRequest) throws -> ControlReply {
        guard let plex = plexService else {
            throw RouterError(plexProblem ?? "Plex is not available (the library could not be opened)")
        }
        var reply = ControlReply(ok: true)
        switch command {
        case .plexLogin:
            reply.plex = try plex.beginLogin()
        case .plexStatus:
            break
        case .plexServers:
            reply.servers = try plex.servers()
        case .plexUse:
            guard let name = request.server, !name.isEmpty else { throw RouterError("plex-use needs 'server': a name or id") }
            _ = try plex.use(name)
            try startPlexSync(plex)
        case .plexSync:
            try startPlexSync(plex, acceptShrink: request.acceptShrink == true)
        case .plexLogout:
            try plex.logout()
        case .downloads:
            reply.downloads = plex.downloads()
        case .downloadsKeep, .downloadsUnkeep:
            let ids = try keepTargets(request, plex)
            let changed = command == .downloadsKeep ? try plex.keep(ids) : try plex.unkeep(ids)
            reply.albums = try summaries(changed, try requireLibrary()).compactMap { $0 }
            reply.downloads = plex.downloads()
        default:
            throw RouterError("\(command.rawValue) is not a Plex command")
        }
        reply.plex = reply.plex ?? plex.status()
        return reply
    }

    /// The albums a keep or unkeep names: one album, or a Plex collection's or playlist's.
    private func keepTargets(_ request: ControlRequest, _ plex: PlexService) throws -> [Int64] {
        if let album = request.album {
            guard try library?.store.album(id: album) != nil else { throw RouterError("no album with id \(album)") }
            return [album]
        }
        let (title, lists, kind) = if let collection = request.collection { (collection, try plex.collections(), "collection") }
            else { (request.playlist ?? "", try plex.playlists(), "playlist") }
        let list = try CrateMaker.list(title, in: lists, kind: kind)
        return try library?.store.albumIDs(albumKeys: list.albumKeys) ?? []
    }

    func startPlexSync(_ plex: PlexService, acceptShrink: Bool = false) throws {
        try plex.startSync(acceptShrink: acceptShrink) { [weak self] report in
            guard let self else { return }
            self.albumCache.withLock { $0.removeAll() }
            self.plexCovers?.reload()
            let text = report.error.map { report.partial ? "Plex sync held back: \($0)" : "Plex sync failed: \($0)" }
                ?? "Plex sync: \(counted(report.albums, "album")), \(counted(report.tracks, "track")) (+\(report.added) ~\(report.changed) -\(report.removed))"
            if let error = report.error {
                let expired = self.plexService?.status().auth == .expired
                self.showOnDisplay(expired ? "Plex: sign in again" : "Plex: \(error)", kind: .error, seconds: 6)
            }
            self.publish(.plexSynced, text)
            self.session?.libraryChanged()
        }
    }
}
