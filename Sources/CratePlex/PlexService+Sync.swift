import CrateCore
import FoundationEssentials
import CratePosix

/// Syncs and the status they leave.
extension PlexService {
    /// Starts a sync of the chosen server on the `crate-plex-sync` thread (idle priority).
    /// `acceptShrink` applies a listing the shrink guard would hold back.
    public func startSync(acceptShrink: Bool = false,
                          finished: @escaping @Sendable (PlexSyncReport) -> Void = { _ in }) throws(PlexError) {
        guard let server = try account.server() else {
            throw .notConfigured("no server chosen: crate-admin plex servers, then crate-admin plex use NAME")
        }
        guard state.withLockAndBroadcast({ s -> Bool in
            guard !s.syncing else { return false }
            s.syncing = true
            return true
        }) else { throw .notConfigured("a sync is already running") }
        do {
            _ = try PosixThread.spawn(name: "crate-plex-sync") { [self] in
                do { try PosixThread.makeCurrentIdle() } catch { logger.warning("plex sync at normal priority: \(error)") }
                finished(runSync(server, acceptShrink: acceptShrink))
            }
        } catch {
            state.withLock { $0.syncing = false }
            throw .badResponse("cannot start the sync: \(error)")
        }
    }

    /// Runs one sync on this thread (tests, benchmarks, the background thread).
    @discardableResult
    public func syncNow() throws(PlexError) -> PlexSyncReport {
        guard let server = try account.server() else { throw .notConfigured("no server chosen") }
        state.withLock { $0.syncing = true }
        let report = runSync(server, acceptShrink: false)
        if let error = report.error { throw .badResponse(error) }
        return report
    }

    private func runSync(_ server: PlexAccount.Server, acceptShrink: Bool) -> PlexSyncReport {
        var sync = PlexSync(client: client, store: store, server: server, walletPlaylist: settings.walletPlaylist,
                            logger: logger)
        sync.maxShrinkPercent = settings.maxShrinkPercent
        sync.acceptShrink = acceptShrink
        var report: PlexSyncReport
        do {
            report = try sync.run(cancel: stopFlag)
            state.withLockAndBroadcast { $0.expired = false; $0.problem = nil }
            noteAnswered(server)  // also sends the write-backs that waited
        } catch {
            report = PlexSyncReport(completed: false, seconds: 0)
            report.error = error.description
            if case .incomplete = error {
                report.partial = true
                report.error = error.description + "; nothing was removed or changed"
            }
            var refused = false
            if case .unauthorized = error {
                refused = tokenRefusedAgain { () throws(PlexError) in
                    _ = try client.send("GET", server.uri, "/library/sections", token: server.accessToken, retry: .none,
                                        totalTimeout: Self.probeTimeout)
                }
                if !refused { report.error = (report.error ?? "") + Self.tokenStillWorks }
            }
            logger.error("plex sync of \(server.name) failed: \(report.error ?? "")")
            state.withLockAndBroadcast { s in
                s.problem = report.error
                if refused { s.expired = true }
            }
            // Anything but silence is an answer: a 503 or a refused token means the server is there.
            if error.isUnreachable { noteUnreachable(server) } else { noteAnswered(server) }
        }
        state.withLockAndBroadcast { $0.syncing = false; $0.lastSync = report }
        return report
    }

    /// What a sync's error adds when the token that was refused works when asked again.
    static let tokenStillWorks = "; asked again, the token is accepted: still signed in, the next sync tries again"

    /// A 401 is believed only when asking again (`recheck`) is refused too: one refusal
    /// (a server restarting, a proxy's hiccup) must not leave "sign in again" behind while
    /// the token works. Any other outcome of the recheck keeps the sign-in.
    func tokenRefusedAgain(_ recheck: () throws(PlexError) -> Void) -> Bool {
        do {
            try recheck()
            logger.notice("plex: a request was refused (401), but the token is accepted when asked again")
            return false
        } catch {
            if case .unauthorized = error { return true }
            logger.warning("plex: a request was refused (401); asking again did not settle it (\(error)): still signed in")
            return false
        }
    }

    /// Everything `crate-admin plex status` shows.
    public func status() -> PlexStatus {
        let s = state.withLock { $0 }
        var status = PlexStatus(auth: .signedOut)
        do {
            if let token = try account.token() {
                status.auth = s.expired ? .expired : .signedIn
                status.username = token.username
            }
            if let server = try account.server() {
                status.server = PlexServerInfo(name: server.name, machineIdentifier: server.machineIdentifier,
                                               uris: [server.uri])
                let counts = try store.counts(root: PlexPaths.root(server.machineIdentifier))
                status.albums = counts.albums
                status.tracks = counts.tracks
                status.unplayable = try store.unplayableRemoteAlbums(server: server.machineIdentifier)
                    .map { "\($0.artist) — \($0.title): \($0.reason)" }
            }
        } catch {
            status.problem = "\(error)"
        }
        if let pin = s.pin {
            status.auth = .signingIn
            status.pinCode = pin.code
            status.link = Self.linkURL
        }
        status.reachable = s.reachable
        status.syncing = s.syncing
        status.lastSync = s.lastSync
        if status.problem == nil { status.problem = s.problem }
        return status
    }
}

extension PlexService {
    /// The chosen server's collections, as the last sync found them.
    public func collections() throws(PlexError) -> [PlexAlbumList] { try lists(PlexPaths.collectionsStateKey) }

    /// The chosen server's audio playlists, as albums, as the last sync found them.
    public func playlists() throws(PlexError) -> [PlexAlbumList] { try lists(PlexPaths.playlistsStateKey) }

    private func lists(_ key: (String) -> String) throws(PlexError) -> [PlexAlbumList] {
        guard let server = try account.server() else { return [] }
        do {
            guard let text = try store.scanState(key(server.machineIdentifier)) else { return [] }
            return try JSONDecoder().decode([PlexAlbumList].self, from: Data(text.utf8))
        } catch {
            throw .badResponse("the stored Plex lists cannot be read: \(error)")
        }
    }
}
