/// What the daemon is and how it is doing: the router's answer to `status` (`crate-admin status`).
public struct DaemonStatus: Sendable, Codable, Equatable {
    public var version: String
    public var pid: Int
    public var uptimeSeconds: Double
    public var configPath: String?
    public var player: PlayerStatus
    /// Things an admin should know (fallback sink, refused RT priority, …).
    public var warnings: [String]
    /// The knob's mode and how buttons and encoders are read.
    public var controls: ControlsStatus?
    /// The status display.
    public var display: DisplayStatus?
    /// The snapcast rooms playing the box's stream; nil while `[snapcast]` is off.
    public var rooms: RoomsStatus?
    /// Last.fm scrobbling; nil while `[lastfm]` is off.
    public var lastfm: LastFMStatus?
    /// The covers' cache and fetches (Plex covers).
    public var artwork: ArtworkStatus?
    /// The library folders' watch; nil while `[library] watch` is off or there is no library.
    public var libraryWatch: LibraryWatchStatus?
    /// Albums auto-advance passed over this run because they could not play then
    /// (offline and not downloaded, …), with why, latest last; nil when none.
    public var skipped: [String]?
    /// The library album playing (or stopped), its artist and where it came from; nil
    /// with none (files played from outside the library).
    public var album: PlayingAlbumStatus?
    /// The sleep timer; nil while none is set.
    public var sleep: SleepTimerStatus?
    /// How a phone reaches the box (its .local name, address, the page); nil while
    /// neither the page nor the MPD port is on the network.
    public var reach: BoxReach?

    public init(
        version: String, pid: Int, uptimeSeconds: Double, configPath: String?, player: PlayerStatus,
        warnings: [String]
    ) {
        self.version = version
        self.pid = pid
        self.uptimeSeconds = uptimeSeconds
        self.configPath = configPath
        self.player = player
        self.warnings = warnings
    }
}
