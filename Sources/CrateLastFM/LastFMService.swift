import CrateCore
import CrateHTTP
import CratePosix
import Glibc
import Logging

/// Last.fm for the router: the desktop sign-in (a token the user approves in a browser,
/// then polled for a session), now-playing updates and the scrobble queue. The network is
/// only ever touched from the service's own threads (`crate-lastfm` sends, `crate-lastfm-in`
/// waits for a sign-in), so no player event, command or knob turn waits for Last.fm.
public final class LastFMService: Sendable {
    public struct Settings: Sendable {
        public var credentials: LastFMClient.Credentials
        /// The page where a token is approved.
        public var authURL: String
        public init(credentials: LastFMClient.Credentials, authURL: String) {
            self.credentials = credentials
            self.authURL = authURL
        }
    }

    struct State: Sendable {
        var sessionKey: String?
        var user: String?
        /// Last.fm refused the session (error 9): nothing is sent until a new sign-in.
        var invalid = false
        /// The sign-in under way: its token and the page to approve it at.
        var signIn: (token: String, url: String)?
        var signInGeneration = 0
        var lastError: String?
        var sent = 0
        /// The latest now-playing not yet sent (an older one is worth nothing).
        var nowPlaying: LastFMTrack?
        /// Set when there is something to send now.
        var wake = false
        /// After a temporary failure: when to try again, and the next pause.
        var retryAt: Double?
        var backoff = LastFMService.firstBackoff
        var stopping = false
    }

    /// Scrobbles per track.scrobble call (the API's limit).
    public static let batchSize = 50
    static let firstBackoff = 1.0
    static let maxBackoff = 300.0
    /// How often a sign-in asks whether the token was approved, and for how long
    /// (Last.fm's tokens are valid for 60 minutes).
    static let signInPoll = 2.0
    static let signInLifetime = 3600.0

    public let settings: Settings
    let client: LastFMClient
    let queue: LastFMQueue
    let logger: Logger
    let state = ConditionLocked(State())

    public init(settings: Settings, stateDir: String, http: HTTPClient, logger: Logger) throws(LastFMError) {
        self.settings = settings
        self.logger = logger
        client = LastFMClient(credentials: settings.credentials, http: http, logger: logger)
        queue = try LastFMQueue(stateDir: stateDir)
        let key = try queue.value("session_key"), user = try queue.value("user")
        state.withLock {
            $0.sessionKey = key
            $0.user = user
            $0.wake = key != nil
        }
    }

    // MARK: Sign-in

    /// Asks Last.fm for a token and starts waiting for the user to approve it; the page to
    /// open is in the status's `authURL`. A sign-in under way is replaced.
    public func beginLogin() throws(LastFMError) -> LastFMStatus {
        let token: String
        do throws(LastFMError) { token = try client.token() } catch {
            logger.warning("lastfm: sign-in not started: \(error)")
            state.withLock { $0.lastError = "sign-in: \(error)" }
            throw error
        }
        let url = settings.authURL + "?api_key=\(HTTPClient.percentEncode(settings.credentials.apiKey))&token=\(HTTPClient.percentEncode(token))"
        let generation = state.withLockAndBroadcast { s -> Int in
            s.signIn = (token, url)
            s.signInGeneration += 1
            s.lastError = nil
            return s.signInGeneration
        }
        logger.info("lastfm: sign-in started; waiting for the token to be approved at \(settings.authURL)")
        do {
            _ = try PosixThread.spawn(name: "crate-lastfm-in") { [self] in waitForApproval(token: token, generation: generation) }
        } catch {
            state.withLock { $0.signIn = nil; $0.lastError = "sign-in: cannot start waiting: \(error)" }
            throw .notConfigured("cannot start waiting for the sign-in: \(error)")
        }
        return status()
    }

    /// Polls auth.getSession until the token is approved (error 14 until then), expires,
    /// or a newer sign-in, a sign-out or the daemon's stop ends the wait.
    private func waitForApproval(token: String, generation: Int) {
        let deadline = MonotonicClock.now() + Self.signInLifetime
        while MonotonicClock.now() < deadline {
            let cancelled = state.wait(timeout: Self.signInPoll) { s -> Bool? in
                s.stopping || s.signInGeneration != generation ? true : nil
            }
            if cancelled == true { return }
            do throws(LastFMError) {
                let session = try client.session(token: token)
                do {
                    try queue.setValue("session_key", session.key)
                    try queue.setValue("user", session.user)
                } catch {
                    logger.error("lastfm: signed in as \(session.user), but the session cannot be kept: \(error)")
                }
                state.withLockAndBroadcast { s in
                    guard s.signInGeneration == generation else { return }
                    s.signIn = nil
                    s.sessionKey = session.key
                    s.user = session.user
                    s.invalid = false
                    s.lastError = nil
                    s.retryAt = nil
                    s.backoff = Self.firstBackoff
                    s.wake = true
                }
                logger.info("lastfm: signed in as \(session.user)")
                return
            } catch .api(code: 14, message: _) {
                continue  // not approved yet
            } catch {
                if error.isTemporary {
                    logger.info("lastfm: sign-in: \(error); asking again")
                    continue
                }
                let why = if case .api(let code, _) = error, code == 15 || code == 4 {
                    "the sign-in link expired or was refused; run crate-admin lastfm login again"
                } else { "\(error)" }
                fail(generation, "sign-in: \(why)")
                return
            }
        }
        fail(generation, "sign-in: the link was not approved within \(Int(Self.signInLifetime / 60)) minutes")
    }

    private func fail(_ generation: Int, _ message: String) {
        logger.warning("lastfm: \(message)")
        state.withLockAndBroadcast { s in
            guard s.signInGeneration == generation else { return }
            s.signIn = nil
            s.lastError = message
        }
    }

    /// Forgets the session (and stops a sign-in); waiting scrobbles stay for the next one.
    public func logout() throws(LastFMError) {
        try queue.setValue("session_key", nil)
        try queue.setValue("user", nil)
        state.withLockAndBroadcast { s in
            s.sessionKey = nil
            s.user = nil
            s.invalid = false
            s.signIn = nil
            s.signInGeneration += 1
            s.lastError = nil
            s.nowPlaying = nil
        }
        logger.info("lastfm: signed out")
    }

    public func status() -> LastFMStatus {
        var pending = 0
        do { pending = try queue.count() } catch { logger.warning("lastfm: cannot count the waiting scrobbles: \(error)") }
        return state.withLock { s in
            let auth: LastFMAuth = s.signIn != nil ? .signingIn : s.sessionKey == nil ? .signedOut : s.invalid ? .sessionInvalid : .signedIn
            return LastFMStatus(auth: auth, user: s.user, authURL: s.signIn?.url, pending: pending, sent: s.sent,
                                lastError: s.lastError)
        }
    }

    // MARK: What is heard

    /// Tells Last.fm what plays now; best effort, dropped when it cannot be sent.
    public func nowPlaying(_ track: LastFMTrack) {
        state.withLockAndBroadcast { s in
            guard s.sessionKey != nil else { return }
            s.nowPlaying = track
        }
    }

    /// Queues a scrobble durably, then wakes the sender.
    public func scrobble(_ track: LastFMTrack) {
        do {
            try queue.append(track)
            logger.info("lastfm: scrobble queued: \(track.artist) – \(track.track)")
        } catch {
            logger.error("lastfm: scrobble of \(track.artist) – \(track.track) lost: cannot queue it: \(error)")
            state.withLock { $0.lastError = "cannot queue a scrobble: \(error)" }
            return
        }
        state.withLockAndBroadcast { $0.wake = true }
    }

    public func stop() {
        state.withLockAndBroadcast { $0.stopping = true }
    }
}
