/// Where the Plex sign-in stands; the raw value is the wire's name.
public enum PlexAuth: String, Sendable, Codable, Equatable {
    case signedOut = "signed-out"
    /// A PIN is waiting to be entered.
    case signingIn = "signing-in"
    case signedIn = "signed-in"
    /// The server or plex.tv refused the token: sign in again.
    case expired
}

/// Plex as `crate-admin plex status` shows it.
public struct PlexStatus: Sendable, Codable, Equatable {
    public var auth: PlexAuth
    public var username: String?
    /// While signing in: the code to enter at `link`.
    public var pinCode: String?
    public var link: String?
    public var server: PlexServerInfo?
    /// nil before the first contact.
    public var reachable: Bool?
    public var albums: Int
    public var tracks: Int
    /// Albums on the server this box cannot play (other codecs), with the reason.
    public var unplayable: [String]
    public var syncing: Bool
    public var lastSync: PlexSyncReport?
    /// The last problem (unreachable, refused, bad answer), if the last attempt failed.
    public var problem: String?

    public init(auth: PlexAuth, username: String? = nil, pinCode: String? = nil, link: String? = nil,
                server: PlexServerInfo? = nil, reachable: Bool? = nil, albums: Int = 0, tracks: Int = 0,
                unplayable: [String] = [], syncing: Bool = false, lastSync: PlexSyncReport? = nil, problem: String? = nil) {
        self.auth = auth
        self.username = username
        self.pinCode = pinCode
        self.link = link
        self.server = server
        self.reachable = reachable
        self.albums = albums
        self.tracks = tracks
        self.unplayable = unplayable
        self.syncing = syncing
        self.lastSync = lastSync
        self.problem = problem
    }
}

public struct PlexServerInfo: Sendable, Codable, Equatable {
    public var name: String
    public var machineIdentifier: String
    /// The connections plex.tv lists, best first; the one in use when chosen.
    public var uris: [String]
    public init(name: String, machineIdentifier: String, uris: [String]) {
        self.name = name
        self.machineIdentifier = machineIdentifier
        self.uris = uris
    }
}

/// What one sync did.
public struct PlexSyncReport: Sendable, Codable, Equatable {
    public var completed: Bool
    public var seconds: Double
    public var sections: Int = 0
    public var albums: Int = 0
    public var tracks: Int = 0
    public var added: Int = 0
    public var changed: Int = 0
    public var removed: Int = 0
    public var unplayableAlbums: Int = 0
    /// Items the server sent without what they need (a ratingKey, a part), with why.
    public var skipped: [String] = []
    public var error: String?
    /// The listing was incomplete (fewer items than the server's `totalSize`) or shrank
    /// past the guard: nothing was removed, and `error` says why.
    public var partial: Bool = false
    public init(completed: Bool, seconds: Double) {
        self.completed = completed
        self.seconds = seconds
    }
}

/// `crate-admin downloads`: the offline cache of Plex tracks.
public struct DownloadsStatus: Sendable, Codable, Equatable {
    public struct Transfer: Sendable, Codable, Equatable {
        /// "Artist — Album: Track" when known, else the track's key.
        public var track: String
        public var bytes: Int
        public var totalBytes: Int?
        public init(track: String, bytes: Int, totalBytes: Int?) {
            self.track = track
            self.bytes = bytes
            self.totalBytes = totalBytes
        }
    }

    /// The albums kept offline (`downloads keep`): never evicted, counted in `capBytes`.
    public struct Kept: Sendable, Codable, Equatable {
        public var albums: Int
        /// Their tracks' size as the server lists it.
        public var bytes: Int
        /// Their tracks not downloaded yet.
        public var missingTracks: Int
        /// Set when they do not fit `cache_mb`: what is wrong and what to do.
        public var full: String?
        public init(albums: Int, bytes: Int, missingTracks: Int, full: String? = nil) {
            self.albums = albums
            self.bytes = bytes
            self.missingTracks = missingTracks
            self.full = full
        }
    }

    public var files: Int
    public var bytes: Int
    public var capBytes: Int
    public var active: [Transfer]
    /// Ratings and scrobbles waiting for the server.
    public var pendingWriteBacks: Int
    /// nil when no album is kept.
    public var kept: Kept?
    public init(files: Int, bytes: Int, capBytes: Int, active: [Transfer], pendingWriteBacks: Int) {
        self.files = files
        self.bytes = bytes
        self.capBytes = capBytes
        self.active = active
        self.pendingWriteBacks = pendingWriteBacks
    }
}
