import CrateCore
import CrateLibrary
import CratePlex

/// `crate-admin plex …`: sign-in, servers, syncs.
extension Router {
    func performPlex(_ request: Command.PlexRequest) throws -> Answer {
        guard let plex = plexService else {
            throw RouterError(plexProblem ?? "Plex is not available (the library could not be opened)")
        }
        var answer = Answer.PlexAnswer(status: plex.status())
        switch request {
        case .login:
            answer.status = try plex.beginLogin()
            return .plex(answer)
        case .status:
            break
        case .servers:
            answer.servers = try plex.servers()
        case .use(let name):
            _ = try plex.use(name)
            try startPlexSync(plex)
        case .sync(let acceptShrink):
            try startPlexSync(plex, acceptShrink: acceptShrink)
        case .logout:
            try plex.logout()
        case .downloads:
            answer.downloads = plex.downloads()
        case .keep(let target), .unkeep(let target):
            let ids = try keepTargets(target, plex)
            let changed = if case .keep = request { try plex.keep(ids) } else { try plex.unkeep(ids) }
            answer.albums = try summaries(changed, try requireLibrary()).compactMap { $0 }
            answer.downloads = plex.downloads()
        }
        answer.status = plex.status()
        return .plex(answer)
    }

    /// The albums a keep or unkeep names: one album, or a Plex collection's or playlist's.
    private func keepTargets(_ target: Command.KeepTarget, _ plex: PlexService) throws -> [Int64] {
        let (title, lists, kind): (String, [PlexAlbumList], String)
        switch target {
        case .album(let album):
            guard try library?.store.album(id: album) != nil else { throw RouterError("no album with id \(album)") }
            return [album]
        case .collection(let collection): (title, lists, kind) = (collection, try plex.collections(), "collection")
        case .playlist(let playlist): (title, lists, kind) = (playlist, try plex.playlists(), "playlist")
        }
        let list = try CrateMaker.list(title, in: lists, kind: kind)
        return try library?.store.albumIDs(albumKeys: list.albumKeys) ?? []
    }

    public func startPlexSync(_ plex: PlexService, acceptShrink: Bool = false) throws {
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
