import CrateFormats

/// What the panel should show, in plain values: the router fills it from the player,
/// the session and the controls; the screens draw it. Nothing here knows albums as
/// the library does or audio as the player does.
public struct DisplayContent: Sendable, Equatable {
    public enum Screen: Sendable, Equatable {
        /// Starting up, or nothing loaded: the product name and a line of text.
        case boot(detail: String)
        case nowPlaying(NowPlaying)
        case browse(Browse)
        case dial(Dial)
        /// A list the knob moves through: the crate menu, the album's tracks.
        case list(ListScreen)

        /// The screens that keep a line with what plays at their foot (PlayingFooter).
        public var keepsPlayingInSight: Bool {
            switch self {
            case .browse, .list: true
            case .boot, .nowPlaying, .dial: false
            }
        }

        /// Its name in `crate-admin display status`.
        public var name: String {
            switch self {
            case .boot: "start"
            case .nowPlaying: "now-playing"
            case .browse: "browse"
            case .dial: "dial"
            case .list(let list): list.name
            }
        }
    }

    public var screen: Screen
    /// A short message over the screen ("Disliked", "Scanning 42 %", an error).
    public var message: Message?
    /// A source the box plays from cannot be reached (a mark in the corner).
    public var offline: Bool
    /// What plays (or is paused), for the footer of the browse and list screens; nil
    /// with nothing loaded or stopped.
    public var playing: NowPlaying?
    /// How to reach the box from a phone (BoxReach.panelLines), under the start screen's
    /// detail; empty when nothing but the knob reaches it. Not drawn on other screens.
    public var reach: [String]

    public init(screen: Screen, message: Message? = nil, offline: Bool = false, playing: NowPlaying? = nil,
                reach: [String] = []) {
        self.screen = screen
        self.reach = reach
        self.message = message
        self.offline = offline
        self.playing = playing
    }
}

/// Where a cover comes from: the album's key (for the cache) and a track file to read
/// an embedded picture from or to look beside for cover.jpg.
public struct ArtworkReference: Sendable, Equatable, Hashable {
    public var albumKey: String
    public var trackPath: String
    /// The picture embedded in `trackPath` as the library recorded it while scanning;
    /// nil lets `CachedArtwork` read the track's tag itself (once per album).
    public var embedded: ArtworkLocation?
    /// A cover fetched from a server (a Plex album's); `trackPath` is then not read.
    public var remote: RemoteArtwork?
    /// The album in words ("Artist — Title"), for messages about its cover: the key is
    /// internal (a Plex cover's names a server and ids).
    public var name: String?
    public init(albumKey: String, trackPath: String) {
        self.albumKey = albumKey
        self.trackPath = trackPath
    }
    public init(albumKey: String, trackPath: String, embedded: ArtworkLocation?) {
        self.albumKey = albumKey
        self.trackPath = trackPath
        self.embedded = embedded
    }
    public init(albumKey: String, remote: RemoteArtwork) {
        self.albumKey = albumKey
        self.trackPath = ""
        self.remote = remote
    }
    // ArtworkLocation is not Hashable; equal references still hash alike without it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(albumKey)
        hasher.combine(trackPath)
    }
}

/// How the player is doing, as a mark on the screen.
public enum PlaybackMark: Sendable, Equatable {
    case playing, paused, buffering, stopped
    case error(String)
}

public struct NowPlaying: Sendable, Equatable {
    public var artist: String
    public var album: String
    public var trackTitle: String
    /// 1-based.
    public var trackNumber: Int
    public var trackCount: Int
    /// Seconds into the track when the content was made; the display interpolates from
    /// `elapsedAt` while `mark` is `.playing`.
    public var elapsed: Double
    /// CLOCK_MONOTONIC seconds at which `elapsed` was true.
    public var elapsedAt: Double
    /// nil while unknown.
    public var duration: Double?
    public var mark: PlaybackMark
    public var art: ArtworkReference?
    /// The snapcast rooms, at the end of the status row: "3 rooms", "kitchen dropped out";
    /// nil while multi-room is off. `roomsProblem` draws it in the error colour.
    public var rooms: String? = nil
    public var roomsProblem = false
    /// The album's like or dislike, a badge on the cover; nil for neither.
    public var opinion: OpinionMark? = nil
    /// "Next: Artist — Album", the album that follows; nil when none does.
    public var upNext: String? = nil
    /// The sleep timer, at the end of the status row: "Sleep 14:32", "Sleep: end of album";
    /// nil while none is set.
    public var sleep: String? = nil
    /// The same in fewer letters ("14:32", "Zz end"), drawn where `sleep` would be cut: the time
    /// left is what matters on a narrow row.
    public var sleepShort: String? = nil

    public init(artist: String, album: String, trackTitle: String, trackNumber: Int, trackCount: Int,
                elapsed: Double, elapsedAt: Double, duration: Double?, mark: PlaybackMark, art: ArtworkReference?) {
        self.artist = artist
        self.album = album
        self.trackTitle = trackTitle
        self.trackNumber = trackNumber
        self.trackCount = trackCount
        self.elapsed = elapsed
        self.elapsedAt = elapsedAt
        self.duration = duration
        self.mark = mark
        self.art = art
    }

    /// Seconds into the track at `now` (monotonic seconds), never past the duration.
    public func elapsed(at now: Double) -> Double {
        guard mark == .playing else { return elapsed }
        let moved = elapsed + max(0, now - elapsedAt)
        return duration.map { min(moved, $0) } ?? moved
    }
}

/// One album as the browse screen shows it.
public struct AlbumCard: Sendable, Equatable {
    public var artist: String
    public var title: String
    public var year: Int?
    public var art: ArtworkReference?
    /// The album's like or dislike, a badge on the cover; nil for neither.
    public var opinion: OpinionMark?
    public init(artist: String, title: String, year: Int? = nil, art: ArtworkReference? = nil,
                opinion: OpinionMark? = nil) {
        self.artist = artist
        self.title = title
        self.year = year
        self.art = art
        self.opinion = opinion
    }
}

public struct Browse: Sendable, Equatable {
    /// The crate the knob is in: "Crate", a genre, "More by …", "Favorites", "CDs".
    public var crateName: String
    /// 0-based position of `current` in the crate, and the crate's size.
    public var index: Int
    public var count: Int
    public var previous: AlbumCard?
    public var current: AlbumCard
    public var next: AlbumCard?
    public init(crateName: String, index: Int, count: Int, previous: AlbumCard?, current: AlbumCard, next: AlbumCard?) {
        self.crateName = crateName
        self.index = index
        self.count = count
        self.previous = previous
        self.current = current
        self.next = next
    }
}

public struct Dial: Sendable, Equatable {
    /// The five positions' names, in knob order.
    public var positions: [String]
    /// The position under the knob (not yet confirmed).
    public var selected: Int
    /// The position the crate was made with.
    public var confirmed: Int
    /// A line under each name saying what the position means, where the panel has room.
    public var descriptions: [String]
    public init(positions: [String], selected: Int, confirmed: Int, descriptions: [String] = []) {
        self.positions = positions
        self.selected = selected
        self.confirmed = confirmed
        self.descriptions = descriptions
    }
}

public struct Message: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case info, error }
    public var text: String
    public var kind: Kind
    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
