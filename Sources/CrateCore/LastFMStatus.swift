/// Where the Last.fm sign-in stands; the raw value is the wire's name.
public enum LastFMAuth: String, Sendable, Codable, Equatable {
    case signedOut = "signed-out"
    /// Waiting for the user to approve `LastFMStatus.authURL`.
    case signingIn = "signing-in"
    case signedIn = "signed-in"
    /// Last.fm refused the session: sign in again.
    case sessionInvalid = "session-invalid"
}

/// Last.fm scrobbling as `crate-admin status` and `lastfm …` show it.
public struct LastFMStatus: Sendable, Codable, Equatable {
    public var auth: LastFMAuth
    /// The Last.fm user name, once signed in.
    public var user: String?
    /// While signing in: the page to open and approve.
    public var authURL: String?
    /// Scrobbles kept in lastfm.sqlite, waiting to be sent.
    public var pending: Int
    /// Scrobbles Last.fm accepted since crated started.
    public var sent: Int
    /// The last failure (sign-in, sending), with what was being done; nil after a success.
    public var lastError: String?

    public init(auth: LastFMAuth, user: String? = nil, authURL: String? = nil, pending: Int = 0, sent: Int = 0,
                lastError: String? = nil) {
        self.auth = auth
        self.user = user
        self.authURL = authURL
        self.pending = pending
        self.sent = sent
        self.lastError = lastError
    }
}
