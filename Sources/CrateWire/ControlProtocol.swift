import CrateCore

/// The control socket speaks newline-delimited JSON: one request object per line,
/// answered by one reply object per line, in order. A `subscribe` request is answered
/// once and then the connection carries one `DaemonEvent` per line until it closes.
/// The full protocol is documented in docs/PROTOCOL.md.
public enum ControlProtocol {
    /// Bumped when a request or reply changes incompatibly.
    public static let version = 1
    /// Requests longer than this are refused (and the connection closed).
    public static let maxRequestBytes = 64 * 1024
}

/// The commands the daemon understands.
public enum ControlCommand: String, Sendable, Codable, CaseIterable {
    case ping, status, play, pause, resume, toggle, next, prev, stop, seek, subscribe
    case libraryScan = "library-scan"
    case libraryStats = "library-stats"
    case albums, album, artists, genres
    case crate
    case crateRegenerate = "crate-regenerate"
    case dial, like, dislike, unlike, queue
    case queueAdd = "queue-add"
    case queueNext = "queue-next"
    case nextAlbum = "next-album"
    case prevAlbum = "prev-album"
    case history, diagnostics
    /// Simulated input: `gesture` (press, long, turn) on `control`, `detents` for a turn.
    case input
    /// A PNG of what the display shows, base64 in `snapshot`.
    case displaySnapshot = "display-snapshot"
    /// Plex: sign in by PIN, list and choose servers, sync, sign out.
    case plexLogin = "plex-login"
    case plexStatus = "plex-status"
    case plexServers = "plex-servers"
    case plexUse = "plex-use"
    case plexSync = "plex-sync"
    case plexLogout = "plex-logout"
    /// The offline cache of Plex tracks: usage and downloads under way.
    case downloads
    /// Keep Plex albums offline (downloaded, never evicted), or let them go: `album`, or
    /// every album of `collection` or `playlist`. Answered with `albums` and `downloads`.
    case downloadsKeep = "downloads-keep"
    case downloadsUnkeep = "downloads-unkeep"
    /// user.sqlite (likes, dislikes, plays, the saved queue): a consistent copy to
    /// `paths[0]`, or that file checked and swapped in. Answered with `userData`.
    case backup, restore
    /// What plays now with album, artist and title (`nowPlaying`); `cover: true` adds the
    /// cover's bytes. For now-playing screens elsewhere (snapserver's control script).
    case nowPlaying = "now-playing"
    /// One library album's cover (`cover`), by `album` id, scaled to `size` (a
    /// `CoverSize`) as a JPEG, from the display's artwork cache (a Plex album's from its
    /// server, fetched once): for crate-web. Nothing but an album id names the picture.
    case cover
    /// Last.fm: start the desktop sign-in (answered with `lastfm.authURL` to approve),
    /// the account and scrobble queue, sign out.
    case lastfmLogin = "lastfm-login"
    case lastfmStatus = "lastfm-status"
    case lastfmLogout = "lastfm-logout"
    /// The sleep timer: `sleep` is "<N>m", "end-of-album" or "off"; answered with `status`.
    case sleep
}

public struct ControlRequest: Sendable, Codable, Equatable {
    public var cmd: String
    /// `play`: files, or one folder whose MP3s form an album in track order.
    public var paths: [String]?
    /// `seek`: seconds from the start of the current track.
    public var seconds: Double?
    /// `play` and `album`: a library album id (instead of `paths` for `play`).
    public var album: Int64?
    /// `library-scan`: read every file again, not only new and changed ones.
    public var full: Bool?
    /// `albums`: only this super-genre or sub-category, only this artist.
    public var genre: String?
    public var artist: String?
    /// `crate`: the CDs wallet crate.
    public var wallet: Bool?
    /// `crate`: back to the Crate Wall (the whole library at the dial's weights), from any
    /// other crate; the dial alone keeps a genre crate in its genre.
    public var wall: Bool?
    /// `dial`: the position to turn to ("my-crate" … "mystery", or 1…5).
    public var position: String?
    /// `input`: `press`, `long` or `turn`; the control's name; signed clicks for a turn.
    public var gesture: String?
    public var control: String?
    public var detents: Int?
    /// `plex-use`: the server's name or machine identifier.
    public var server: String?
    /// `crate`: a Plex collection, or a Plex audio playlist's albums, by title.
    public var collection: String?
    public var playlist: String?
    /// `plex-sync`: apply a listing even when it has far fewer albums than the library
    /// (the shrink guard otherwise holds it back).
    public var acceptShrink: Bool?
    /// `now-playing`: include the cover's bytes.
    public var cover: Bool?
    /// `crate`: several genres at once, an OR of them (one name is the same as `genre`).
    public var genres: [String]?
    /// `crate`: the Favorites crate (liked albums, most recently liked first).
    public var favorites: Bool?
    /// `play` with `album`: start at this track, 1-based.
    public var track: Int?
    /// `play` with `album`: load it paused at its start, to play on `toggle`.
    public var paused: Bool?
    /// `sleep`: "15m", "30m", "60m", any "<N>m", "end-of-album" or "off" (SleepSetting).
    public var sleep: String?
    /// `cover`: the size to answer in, a `CoverSize` ("thumb" or "large").
    public var size: String?
    /// `crate`: grow a Wall or genre crate by a batch of albums not offered before, as
    /// the knob does when it turns past the last album.
    public var grow: Bool?

    public init(cmd: ControlCommand, paths: [String]? = nil, seconds: Double? = nil, album: Int64? = nil,
                full: Bool? = nil, genre: String? = nil, artist: String? = nil, wallet: Bool? = nil,
                position: String? = nil, gesture: String? = nil, control: String? = nil, detents: Int? = nil,
                server: String? = nil, collection: String? = nil, playlist: String? = nil,
                acceptShrink: Bool? = nil, cover: Bool? = nil, genres: [String]? = nil, favorites: Bool? = nil,
                track: Int? = nil, paused: Bool? = nil, sleep: String? = nil, size: CoverSize? = nil,
                grow: Bool? = nil) {
        self.size = size?.rawValue
        self.grow = grow
        self.sleep = sleep
        self.genres = genres
        self.favorites = favorites
        self.track = track
        self.paused = paused
        self.cover = cover
        self.acceptShrink = acceptShrink
        self.playlist = playlist
        self.server = server
        self.collection = collection
        self.gesture = gesture
        self.control = control
        self.detents = detents
        self.wallet = wallet
        self.position = position
        self.cmd = cmd.rawValue
        self.paths = paths
        self.seconds = seconds
        self.album = album
        self.full = full
        self.genre = genre
        self.artist = artist
    }
}

/// Why a request was refused, where a client acts on it beyond showing `error`.
public enum RefusalCause: String, Sendable, Codable, Equatable {
    /// The library's files wait for room on their disk (freed space opens them by itself).
    case diskFull = "disk-full"
}

public struct ControlReply: Sendable, Codable, Equatable {
    public var ok: Bool
    public var error: String?
    public var status: DaemonStatus?
    /// Library answers: whichever the command asked for.
    public var albums: [AlbumSummary]?
    public var album: AlbumDetail?
    public var artists: [ArtistSummary]?
    public var genres: [GenreSummary]?
    public var library: LibraryStats?
    public var crate: CrateView?
    public var queue: QueueView?
    public var history: [AlbumHistory]?
    /// `input`: what the injected gesture decoded to and what it did.
    public var input: [InputEvent]?
    /// `display-snapshot`: a PNG of the display, base64-encoded.
    public var snapshot: String?
    /// `plex-*`: the account, server and sync state; `plex-servers`: the servers.
    public var plex: PlexStatus?
    public var servers: [PlexServerInfo]?
    public var downloads: DownloadsStatus?
    /// `backup`, `restore`: the file and what it holds.
    public var userData: UserDataCopy?
    /// `now-playing`: album, artist, title and position (and the cover when asked).
    public var nowPlaying: NowPlayingInfo?
    /// `cover`: the album's picture.
    public var cover: CoverImage?
    /// `cover`, refused for now: the picture is being fetched from its Plex server; the
    /// same request a moment later finds it (or says why it cannot be had).
    public var pending: Bool?
    /// With `ok` false, when the refusal has a cause a client can act on.
    public var cause: RefusalCause?
    /// `lastfm-*`: the account, a sign-in under way, the scrobble queue.
    public var lastfm: LastFMStatus?
    /// `diagnostics`: the CDs wallet's last refresh.
    public var wallet: WalletRefresh?

    public init(ok: Bool, error: String? = nil, status: DaemonStatus? = nil) {
        self.ok = ok
        self.error = error
        self.status = status
    }

    public static func failure(_ message: String) -> ControlReply { ControlReply(ok: false, error: message) }
}
