/// Last.fm scrobbling as `crate-admin status` and `lastfm …` show it.
public struct LastFMStatus: Sendable, Codable, Equatable {
    /// "signed-out", "signing-in" (waiting for the user to approve `authURL`),
    /// "signed-in", or "session-invalid" (Last.fm refused the session: sign in again).
    public var auth: String
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

    public init(auth: String, user: String? = nil, authURL: String? = nil, pending: Int = 0, sent: Int = 0,
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
