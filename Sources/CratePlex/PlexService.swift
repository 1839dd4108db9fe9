import CrateCore
import CrateHTTP
import CratePosix
import Glibc
import Logging
import Synchronization

/// Plex for the router: sign-in by PIN, the server in use, and background syncs. Every
/// call that talks to the network runs on the caller's thread with timeouts, or on the
/// `crate-plex` thread (sign-in polling, syncs) at idle priority.
public final class PlexService: Sendable {
    public struct Settings: Sendable {
        /// plex.tv's base URL (tests point it at 127.0.0.1).
        public var tvURL: String
        /// A server URL to use instead of the one plex.tv lists (a fixed LAN address).
        public var serverURL: String?
        public var pageSize: Int
        public var version: String
        /// Most bytes of tracks kept for offline play.
        public var cacheBytes: Int
        /// The rating a dislike is written back as (0…10; Plex shows half stars).
        public var dislikeRating: Int
        /// The audio playlist whose tracks stand for the CDs wallet's albums.
        public var walletPlaylist: String
        /// Albums of the queue and crate fetched ahead of play.
        public var downloadAhead: Int = 2
        /// Seconds a stream may stay silent before its track fails.
        public var stallTimeout: Double = 20
        /// The shrink guard: a sync whose listing loses more than this share of the
        /// server's albums (and more than 20 of them) is held back; 100 = off.
        public var maxShrinkPercent: Int = 25
        public init(tvURL: String, serverURL: String?, pageSize: Int, version: String, cacheBytes: Int = 4 << 30,
                    dislikeRating: Int = 2, walletPlaylist: String = "CDs") {
            self.walletPlaylist = walletPlaylist
            self.dislikeRating = dislikeRating
            self.cacheBytes = cacheBytes
            self.tvURL = tvURL
            self.serverURL = serverURL
            self.pageSize = pageSize
            self.version = version
        }
    }

    struct State: Sendable {
        var pin: (id: String, code: String, expires: Double)?
        var syncing = false
        var reachable: Bool?
        var expired = false
        var problem: String?
        var lastSync: PlexSyncReport?
        /// While the server is away: when the next reachability probe is due, and the
        /// backoff after it.
        var nextProbe: Double?
        var probeDelay = PlexService.firstProbeDelay
    }

    public static let linkURL = "https://plex.tv/link"
    public let settings: Settings
    let account: PlexAccount
    let client: PlexClient
    let store: any PlexCatalogStore
    let logger: Logger
    let state = ConditionLocked(State())
    let stopFlag = CancelFlag()
    let cache: PlexTrackCache
    let prefetchGeneration = Atomic<Int>(0)
    /// Bumped when the kept albums change: the newest keep download takes over.
    let keepGeneration = Atomic<Int>(0)
    /// Set when a write-back is queued or the server goes away, to wake the push thread.
    let pushWake = ConditionLocked(false)
    /// Told when the server answers again after being away (the router's album cache).
    let reachableAgain = ConditionLocked<[@Sendable () -> Void]>([])

    public init(stateDir: String, settings: Settings, store: any PlexCatalogStore, http: HTTPClient,
                logger: Logger) throws(PlexError) {
        self.settings = settings
        self.store = store
        self.logger = logger
        account = PlexAccount(stateDir: stateDir)
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        let device = PlexDevice(clientIdentifier: try account.clientIdentifier(), version: settings.version,
                                deviceName: String(cString: name))
        client = PlexClient(http: http, device: device, pageSize: settings.pageSize, logger: logger)
        cache = PlexTrackCache(directory: stateDir + "/plex-cache", capBytes: settings.cacheBytes, client: client,
                               logger: logger)
    }

    public func stop() {
        stopFlag.set()
        pushWake.withLockAndBroadcast { $0 = true }
    }

    // MARK: sign-in

    /// Asks plex.tv for a PIN and starts polling for it in the background; the user enters
    /// the code at plex.tv/link on a phone or computer.
    public func beginLogin() throws(PlexError) -> PlexStatus {
        let pin = try client.json("POST", settings.tvURL, "/api/v2/pins", query: [("strong", "true")], token: nil)
        let decoded: PlexPin
        do { decoded = try PlexPin(json: pin) } catch { throw .badResponse("plex.tv's PIN answer: \(error)") }
        let expires = MonotonicClock.now() + Double(decoded.expiresIn ?? 900)
        state.withLock { $0.pin = (decoded.id, decoded.code, expires); $0.problem = nil }
        do {
            _ = try PosixThread.spawn(name: "crate-plex") { [self] in pollPin(decoded.id, until: expires) }
        } catch {
            throw .signInFailed("cannot start polling for the PIN: \(error)")
        }
        logger.info("plex: sign-in started; enter \(decoded.code) at \(Self.linkURL)")
        return status()
    }

    private func pollPin(_ id: String, until expires: Double) {
        while !stopFlag.isSet && MonotonicClock.now() < expires {
            sleep(1)
            guard state.withLock({ $0.pin?.id == id }) else { return }  // a newer sign-in took over
            do {
                let body = try client.json("GET", settings.tvURL, "/api/v2/pins/\(id)", token: nil)
                guard let token = try PlexPin(json: body).authToken, !token.isEmpty else { continue }
                let user = try PlexUser(json: try client.json("GET", settings.tvURL, "/api/v2/user", token: token))
                try account.save(PlexAccount.Token(token: token, username: user.username))
                state.withLock { $0.pin = nil; $0.expired = false; $0.problem = nil }
                logger.info("plex: signed in as \(user.username ?? "?")")
                return
            } catch {
                logger.warning("plex: waiting for the PIN: \(error)")
                state.withLock { $0.problem = "\(error)" }
            }
        }
        state.withLock { s in
            guard s.pin?.id == id else { return }
            s.pin = nil
            s.problem = "the PIN expired before it was entered; run crate-admin plex login again"
        }
    }

    /// Forgets the token and the server. The server's albums stay in the library, offline.
    public func logout() throws(PlexError) {
        let server = try account.server()
        try account.forget()
        if let server { markOnline(PlexPaths.root(server.machineIdentifier), false) }
        state.withLock { $0 = State() }
        logger.info("plex: signed out")
    }

    func markOnline(_ root: String, _ online: Bool) {
        do { try store.setRoot(root, online: online) } catch {
            logger.error("plex: cannot mark \(root) \(online ? "online" : "offline"): \(error)")
        }
    }
}
