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

/// One track as Last.fm hears of it: now playing, or a scrobble.
public struct LastFMTrack: Sendable, Codable, Equatable {
    public var artist: String
    public var track: String
    public var album: String?
    public var albumArtist: String?
    public var trackNumber: Int?
    /// Seconds, whole.
    public var duration: Int?
    /// When the track started, Unix seconds (UTC); for scrobbles.
    public var timestamp: Int

    public init(artist: String, track: String, album: String?, albumArtist: String?, trackNumber: Int?,
                duration: Int?, timestamp: Int) {
        self.artist = artist
        self.track = track
        self.album = album
        self.albumArtist = albumArtist
        self.trackNumber = trackNumber
        self.duration = duration
        self.timestamp = timestamp
    }
}
