import CrateAudio
import CrateControls
import CrateCore
import CrateDisplay
import CrateLastFM
import CrateLibrary
import CratePlex
import CratePosix
import FoundationEssentials
import Glibc
import Logging
import Synchronization

/// The coordinator: turns front ends' commands (`perform`, Router+Perform) into player calls and player changes into
/// events for every subscriber. The only place where the audio engine and the library
/// meet: "play album 12" becomes the library's track paths handed to the player.
public final class Router: Sendable {
    public static let version = CrateVersion.number

    public let player: any PlayerControl
    /// nil when the store could not be opened; `libraryProblem` then says why.
    public let library: Library?
    let libraryProblem: String?
    /// The album queue and crates; nil without a library.
    public let session: AlbumSession?
    public let logger: Logger
    /// The thread that owns the router's and the session's state: every entry below runs
    /// on it (RouterExecutor).
    public let executor: RouterExecutor
    /// The mixer the volume buttons and MPD move; nil when `[audio] mixer_control` is not set.
    let mixer: (any MixerControl)?
    /// Percent per volume click.
    let volumeStep: Int
    private let controls = Mutex<(any ControlsPort)?>(nil)
    private let display = Mutex<(any PanelControl)?>(nil)
    private let rooms = Mutex<(any RoomsReport)?>(nil)
    private let reachWatch = Mutex<BoxReachWatch?>(nil)
    /// Last.fm: off, running, or configured but unavailable (Router+LastFM).
    public let lastfm: LastFMLink
    /// Plex; nil without a library (then `plexProblem` says why).
    public let plexService: PlexService?
    let plexProblem: String?
    /// Plex albums' covers (thumbs and the photo transcoder); nil without Plex.
    public let plexCovers: PlexCovers?
    /// The display's covers (cache, fetches), for `status`; set once at start-up.
    public let artwork = Mutex<CachedArtwork?>(nil)
    let displayMessages = DisplayMessageBoard()
    /// Albums the display shows, by id; emptied when a scan ends.
    let albumCache = Mutex<[Int64: AlbumDetail]>([:])
    /// The last dislike made with the like button: a press soon after undoes it.
    let lastButtonDislike: RouterOwned<ButtonDislike?>
    /// Fades and pauses after a while, or at the end of the album (`sleep`, the crate menu).
    let sleepTimer: SleepTimer
    /// A loaded track's file went missing while a scan ran: scan again when it ends.
    let scanAgain = Atomic<Bool>(false)
    private let configPath: String?
    private let startedAt = MonotonicClock.now()
    private let daemonWarnings: [String]
    private let subscribers = Mutex<[Int: @Sendable (DaemonEvent) -> Void]>([:])
    private let nextSubscriber = Atomic<Int>(0)

    public init(player: any PlayerControl, library: Library?, libraryProblem: String?, session: AlbumSession?, configPath: String?,
         warnings: [String], mixer: (any MixerControl)? = nil, volumeStep: Int = 2, plex: PlexService? = nil,
         plexProblem: String? = nil, sleep: (fadeSeconds: Double, minuteSeconds: Double) = (8, 60),
         lastfm: LastFMLink? = nil, logger: Logger) {
        self.lastfm = lastfm ?? LastFMLink(state: .off, logger: logger)
        self.plexService = plex
        self.plexProblem = plexProblem
        self.plexCovers = plex.map { PlexCovers(service: $0) }
        self.mixer = mixer
        self.volumeStep = volumeStep
        self.player = player
        self.library = library
        self.libraryProblem = libraryProblem
        self.session = session
        executor = session?.executor ?? RouterExecutor()
        lastButtonDislike = RouterOwned(nil, on: executor)
        self.configPath = configPath
        self.daemonWarnings = warnings
        self.logger = logger
        sleepTimer = SleepTimer(player: player, session: session, fadeSeconds: sleep.fadeSeconds,
                                minuteSeconds: sleep.minuteSeconds, logger: logger)
        player.setEventHandler { [weak self] event, message, status in
            guard let self else { return }
            guard let kind = DaemonEvent.Kind(event) else { return trackFileMissing(message) }
            publish(kind, message, playerStatus: status)
        }
        // The panel's album rows carry the online mark: a server back online redraws them.
        plex?.whenReachableAgain { [weak self] in
            self?.albumCache.withLock { $0.removeAll() }
            self?.artwork.withLock { $0 }?.cache.retryFailedFetches()
            self?.panel?.invalidate(activity: false)
        }
        sleepTimer.whenPaused.withLock { $0 = { [weak self] in self?.showOnDisplay("Sleep timer: faded out and paused") } }
    }

    /// The buttons and knob; set once at start-up.
    var controlsService: (any ControlsPort)? { controls.withLock { $0 } }
    public func attach(_ controls: any ControlsPort) { self.controls.withLock { $0 = controls } }
    /// The status display; set once at start-up.
    public var panel: (any PanelControl)? { display.withLock { $0 } }
    public func attach(_ panel: any PanelControl) { display.withLock { $0 = panel } }
    /// The snapcast rooms; set once at start-up when `[snapcast]` is on.
    var roomsReport: (any RoomsReport)? { rooms.withLock { $0 } }
    public func attach(_ report: any RoomsReport) { rooms.withLock { $0 = report } }
    /// How to reach the box from a phone; set once at start-up when the page or MPD is on.
    public var reach: BoxReachWatch? { reachWatch.withLock { $0 } }
    public func attach(_ reach: BoxReachWatch) { reachWatch.withLock { $0 = reach } }

    /// Reads the box's name and address again when the start screen shows (where the panel
    /// tells them), redrawing only when they changed: a DHCP lease after the start.
    public func refreshReachOnPanel() {
        guard let reach, let panel, panel.status().screen == "start" else { return }
        if reach.refresh() { panel.invalidate(activity: false) }
    }

    /// Every event may change what the panel shows; a gesture also wakes a dimmed panel.
    private func updateDisplay(for event: DaemonEvent) {
        switch event.event {
        case .scanProgress:
            if let progress = event.scanProgress, progress.filesSeen > 0 {
                let percent = progress.filesDone * 100 / progress.filesSeen
                displayMessages.show(Message("Scanning \(percent) %"), seconds: 2)
            }
        case .scanFinished:
            albumCache.withLock { $0.removeAll() }
            displayMessages.clear()
        case .trackError:
            if let message = event.message { displayMessages.show(Message(message, kind: .error), seconds: 5) }
        default: break
        }
        panel?.invalidate(activity: event.event == .input)
    }

    public func subscribe(_ sink: @escaping @Sendable (DaemonEvent) -> Void) -> EventSubscription {
        let id = nextSubscriber.add(1, ordering: .relaxed).newValue
        subscribers.withLock { $0[id] = sink }
        return EventSubscription { [weak self] in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
    }

    public func status() -> DaemonStatus {
        executor.run { statusHere() }
    }

    private func statusHere() -> DaemonStatus {
        var playerStatus = player.status()
        nameTracks(&playerStatus)
        var warnings = daemonWarnings
        let output = playerStatus.output
        if let message = output.message { warnings.append(message) }
        if let refusal = output.realtimeMessage { warnings.append(refusal) }
        if let libraryProblem { warnings.append(libraryProblem) }
        if let waiting = library?.store.unavailableReason { warnings.append("library unavailable: \(waiting)") }
        // A rebuilt cache, salvaged user data, a damaged WAL: said until the next start.
        warnings += library?.store.notes ?? []
        warnings += session?.notesForStatus ?? []
        let failed = playerStatus.tracks.filter { $0.error != nil }.count
        if failed > 0 { warnings.append("\(counted(failed, "track")) of the current list could not be played in full") }
        let cursor = session?.state.access { $0.crate.cursor }
        let controls = controlsService?.status(browseIndex: cursor)
        if let problem = controls?.problem { warnings.append("controls: \(problem)") }
        if let plex = plexService?.status(), plex.auth != .signedOut {
            if plex.auth == .expired { warnings.append("plex: the token was refused; sign in again with crate-admin plex login") }
            else if plex.reachable == false { warnings.append("plex: \(plex.server?.name ?? "the server") cannot be reached; its albums are offline") }
        }
        let display = panel?.status()
        if let problem = display?.problem { warnings.append("display: \(problem)") }
        var status = DaemonStatus(
            version: Self.version, pid: Int(getpid()), uptimeSeconds: MonotonicClock.now() - startedAt,
            configPath: configPath, player: playerStatus, warnings: warnings)
        status.controls = controls
        status.display = display
        addArtwork(to: &status)
        addLastFM(to: &status)
        if let watch = library?.watchStatus {
            status.libraryWatch = watch
            if let problem = watch.problem { status.warnings.append("library watch: \(problem)") }
        }
        if let full = plexService?.keptDownloads()?.full { status.warnings.append("plex: \(full)") }
        if let skipped = session?.skippedForStatus, !skipped.isEmpty { status.skipped = skipped }
        status.album = playingAlbumStatus()
        status.sleep = sleepTimer.status()
        if let reach {
            // Read fresh: the page's Box tab and crate-admin status say where the box is now.
            if reach.refresh() { panel?.invalidate(activity: false) }
            status.reach = reach.current
        }
        if let shown = roomsForStatus() {
            status.rooms = shown.rooms
            status.warnings += shown.warnings
        }
        return status
    }

    /// `playerStatus`: the player's as its event happened (else as it is now).
    /// On the executor, whichever thread the event came from (the player's events thread,
    /// a scan, a gesture): subscribers hear events in the order the state took them.
    func publish(_ kind: DaemonEvent.Kind, _ message: String?, progress: ScanProgress? = nil,
                 report: ScanReport? = nil, input: InputEvent? = nil, playerStatus: PlayerStatus? = nil) {
        executor.run { publishHere(kind, message, progress: progress, report: report, input: input, playerStatus: playerStatus) }
    }

    private func publishHere(_ kind: DaemonEvent.Kind, _ message: String?, progress: ScanProgress?,
                             report: ScanReport?, input: InputEvent?, playerStatus: PlayerStatus?) {
        let status = playerStatus ?? player.status()
        if progress == nil && report == nil && input == nil {
            session?.playerChanged(kind, status)
            feedLastFM(kind, status)
        }
        let event = DaemonEvent(event: kind, message: message, status: status, scanProgress: progress,
                                scanReport: report, input: input)
        updateDisplay(for: event)
        for sink in subscribers.withLock({ Array($0.values) }) { sink(event) }
    }
}
