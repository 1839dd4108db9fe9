import CrateConfig
import CrateCore
import CrateHTTP
import Logging
import Synchronization

/// Last.fm in crated: built from `[lastfm]`, started after the control socket, stopped
/// with the rest. The router hands it every player event and asks it for `status` and
/// the `lastfm` commands; the service and the feed stay behind it.
public final class LastFMLink: Sendable {
    public enum State: Sendable {
        /// `[lastfm]` has no API key.
        case off
        case on(LastFMService, LastFMFeed)
        /// Configured but not running; says why.
        case unavailable(String)
    }

    private let state: Mutex<State>
    private let logger: Logger

    public init(state: State, logger: Logger) {
        self.state = Mutex(state)
        self.logger = logger
    }

    /// Last.fm as `config` has it: scrobbles wait in `state_dir/lastfm.sqlite`; `album`
    /// names a played track from the library (nil: the library could not be opened).
    public convenience init(_ config: CrateConfig, album: LastFMFeed.AlbumLookup?, logger: Logger) {
        self.init(state: Self.connect(config.lastfm, stateDir: config.stateDir, album: album, logger: logger), logger: logger)
    }

    private static func connect(_ settings: CrateConfig.LastFM, stateDir: String, album: LastFMFeed.AlbumLookup?,
                                logger: Logger) -> State {
        guard let key = settings.apiKey, let secret = settings.apiSecret else { return .off }
        guard let album else { return .unavailable("lastfm: unavailable: the library could not be opened") }
        do {
            let service = try LastFMService(
                settings: LastFMService.Settings(
                    credentials: LastFMClient.Credentials(apiKey: key, apiSecret: secret, apiRoot: settings.apiRoot),
                    authURL: settings.authURL),
                stateDir: stateDir, http: HTTPClient(logger: logger, maxConnections: 1), logger: logger)
            let feed = LastFMFeed(service: service, album: album, minTrackSeconds: settings.minTrackSeconds, logger: logger)
            return .on(service, feed)
        } catch {
            logger.error("lastfm: cannot open \(stateDir)/lastfm.sqlite: \(error); nothing is scrobbled")
            return .unavailable("lastfm: unavailable: cannot open \(stateDir)/lastfm.sqlite: \(error)")
        }
    }

    /// Starts the service's and the feed's threads; a failure leaves Last.fm unavailable, saying why.
    public func start() {
        guard case .on(let service, let feed) = state.withLock({ $0 }) else { return }
        do {
            try service.start()
            try feed.start()
        } catch {
            logger.error("lastfm: cannot start its threads: \(error); nothing is scrobbled")
            state.withLock { $0 = .unavailable("lastfm: unavailable: cannot start its threads: \(error)") }
        }
    }

    public func stop() {
        guard case .on(let service, let feed) = state.withLock({ $0 }) else { return }
        feed.stop()
        service.stop()
    }

    /// A player event for the scrobbler; `albumID` (the library album playing) is only
    /// asked for while Last.fm runs.
    public func observe(_ kind: DaemonEvent.Kind, _ status: PlayerStatus, albumID: () -> Int64?) {
        guard case .on(_, let feed) = state.withLock({ $0 }) else { return }
        feed.observe(kind, status, albumID: albumID())
    }

    // MARK: `crate-admin lastfm …`

    /// `lastfm login`: the page to approve the sign-in at is in the status's `authURL`.
    public func login() throws(LastFMError) -> LastFMStatus {
        try running().beginLogin()
    }

    public func logout() throws(LastFMError) -> LastFMStatus {
        let service = try running()
        try service.logout()
        return service.status()
    }

    public func status() throws(LastFMError) -> LastFMStatus {
        try running().status()
    }

    /// The service, or why a command cannot have it.
    private func running() throws(LastFMError) -> LastFMService {
        switch state.withLock({ $0 }) {
        case .off:
            throw .notConfigured("Last.fm is off: set [lastfm] api_key and api_secret in the config (see crate-admin lastfm --help)")
        case .unavailable(let why): throw .notConfigured(why)
        case .on(let service, _): return service
        }
    }

    // MARK: crated's `status`

    /// Last.fm's part of crated's status (nil while off), and a warning for what needs the
    /// user: Last.fm unavailable, a refused session, scrobbles that cannot be sent.
    public func report() -> (status: LastFMStatus?, warnings: [String]) {
        switch state.withLock({ $0 }) {
        case .off: return (nil, [])
        case .unavailable(let why): return (nil, [why])
        case .on(let service, _):
            let lastfm = service.status()
            if lastfm.auth == .sessionInvalid {
                return (lastfm, ["lastfm: the session was refused; sign in again with crate-admin lastfm login"])
            } else if lastfm.pending > 0, let error = lastfm.lastError {
                return (lastfm, ["lastfm: \(lastfm.pending) scrobble(s) waiting (\(error))"])
            }
            return (lastfm, [])
        }
    }
}
