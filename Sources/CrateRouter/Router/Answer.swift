import CrateCore

/// What the router answers a `Command` with: one case per kind of answer, each carrying
/// exactly what that answer has. Front ends put it into their own words (the control
/// socket's JSON reply, an MPD response).
public enum Answer: Sendable, Equatable {
    /// The daemon's status after the command (transport, `ping`, `status`, `sleep`, …).
    case status(DaemonStatus)
    /// `playerStatus`: the player's alone, as the engine reports it.
    case player(PlayerStatus)
    case library(LibraryStats)
    case albums([AlbumSummary])
    case album(AlbumDetail)
    case artists([ArtistSummary])
    case genres([GenreSummary])
    case crate(CrateView)
    /// An opinion set: the album it was about (nil when it left the library) and the status.
    case opinion(AlbumSummary?, DaemonStatus)
    case queue(QueueView)
    /// The hand queue after a `handQueue` request, with the album a stop kept (if any).
    case handQueue(HandQueue, stoppedAlbum: Int64?)
    /// `handQueue(.remove)`: whether the album was waiting.
    case dequeued(Bool)
    /// `handQueue(.move)`: how the move went.
    case waitingMove(WaitingMove)
    case history([AlbumHistory])
    case diagnostics(Diagnostics)
    /// What an injected gesture decoded to and did, and the status after it.
    case input([InputEvent], DaemonStatus)
    /// The display as a PNG.
    case snapshot([UInt8])
    case plex(PlexAnswer)
    case userData(UserDataCopy)
    case lastfm(LastFMStatus)
    case nowPlaying(NowPlayingInfo)
    /// The cover as a JPEG.
    case cover([UInt8])
    /// The mixer's level in percent; nil with no mixer configured.
    case volume(Int?)

    /// `diagnostics`: everything an admin looks at when the box chose oddly.
    public struct Diagnostics: Sendable, Equatable {
        public var crate: CrateView
        public var queue: QueueView
        public var library: LibraryStats
        public var status: DaemonStatus
        public var plex: PlexStatus?
        public var wallet: WalletRefresh?
    }

    /// A Plex command's answer: the account, server and sync state, with what it asked for.
    public struct PlexAnswer: Sendable, Equatable {
        public var status: PlexStatus
        public var servers: [PlexServerInfo]?
        public var downloads: DownloadsStatus?
        /// Albums a keep or unkeep changed.
        public var albums: [AlbumSummary]?
    }
}

/// Why the router did not do a command, in words for the person who asked.
public struct CommandRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// Not now, but soon: asked again a moment later it may be done (a Plex cover on its way).
    public var retryLater: Bool
    /// What a front end may act on beyond the words (doctor's fix for a full disk).
    public var cause: Cause?

    /// The causes a front end tells apart without reading the message.
    public enum Cause: Sendable, Equatable {
        /// The library's files cannot be opened until there is room on their disk.
        case diskFull
    }

    public init(_ message: String, retryLater: Bool = false, cause: Cause? = nil) {
        self.message = message
        self.retryLater = retryLater
        self.cause = cause
    }

    public var description: String { message }
}
