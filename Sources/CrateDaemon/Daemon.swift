import CrateAudio
import CrateConfig
import CrateControls
import CrateControlSocket
import CrateCore
import CrateDisplay
import CrateHTTP
import CrateLastFM
import CrateLibrary
import CrateMPD
import CratePlex
import CratePosix
import CrateRooms
import CrateRouter
import Glibc
import Logging

/// The whole daemon, assembled from a configuration: player, router, control socket.
public final class Daemon: Sendable {
    public let config: CrateConfig
    public let router: Router
    private let player: Player
    private let server: ControlServer
    /// The MPD front end; nil while `[mpd] listen` is empty.
    private let mpd: MPDServer?
    private let controls: ControlsService
    private let display: DisplayService
    /// The snapcast rooms' watcher; nil while multi-room is off.
    private let rooms: RoomsWatcher?
    let logger: Logger
    let stopping = StopFlag()
    /// The periodic work: Plex syncs, position saves, checkpoints, a full disk's retries.
    let timers = DaemonScheduler()

    /// Builds everything; nothing listens until `start()`.
    public init(config: CrateConfig, configPath: String?, logger: Logger) {
        self.config = config
        self.logger = logger
        var warnings: [String] = []
        var limits = ControlServer.Limits(maxClients: config.control.maxClients,
                                          requestTimeout: Double(config.control.requestTimeout))
        do {
            // Before anything opens files: the soft limit is often 1024 under a far higher hard one.
            let descriptors = try DescriptorLimit.raiseToHard()
            limits = limits.fitting(descriptorLimit: descriptors)
            logger.info("open file limit \(descriptors); up to \(limits.maxClients) control clients")
            if limits.maxClients < config.control.maxClients {
                let problem = "[control] max_clients lowered from \(config.control.maxClients) to \(limits.maxClients): "
                    + "the open file limit is \(descriptors) (raise LimitNOFILE)"
                logger.warning("\(problem)")
                warnings.append(problem)
            }
        } catch {
            logger.error("cannot raise the open file limit: \(error)")
        }
        if let problem = Self.prepareStateDir(config.stateDir) {
            logger.error("\(problem)")
            warnings.append(problem)
        }
        let audio = config.audio
        player = Player(
            settings: AudioOutputSettings(
                device: audio.device, rtPriority: audio.rtPriority, periodFrames: audio.periodFrames,
                periods: audio.periods, bufferSeconds: audio.bufferSeconds,
                clockPaced: audio.effectivePacing == .clock, sampleFormat: audio.sampleFormat,
                replayGain: ReplayGainMode(rawValue: audio.replayGain) ?? .off,
                snapcast: config.snapcast.stream.map {
                    SnapcastStream(host: $0.host, port: $0.port, sampleRate: config.snapcast.format.sampleRate,
                                   bitsPerSample: config.snapcast.format.bitsPerSample)
                }),
            logger: logger)
        var library: Library? = nil, libraryProblem: String? = nil
        do {
            library = try Library(stateDir: config.stateDir, roots: config.library.paths, logger: logger)
        } catch {
            // status shows the words; the log keeps the failing statement too.
            libraryProblem = "library unavailable: \(error.userMessage)"
            logger.error("library unavailable: \(error)")
        }
        var plex: PlexService? = nil, plexProblem: String? = nil
        if let library {
            do {
                var settings = PlexService.Settings(tvURL: config.plex.tvURL, serverURL: config.plex.serverURL,
                                                   pageSize: config.plex.pageSize, version: Router.version,
                                                   cacheBytes: config.plex.cacheMB << 20,
                                                   dislikeRating: config.plex.dislikeRating,
                                                   walletPlaylist: config.plex.walletPlaylist)
                settings.downloadAhead = config.plex.downloadAhead
                settings.stallTimeout = Double(config.plex.stallTimeout)
                settings.maxShrinkPercent = config.plex.maxShrinkPercent
                plex = try PlexService(stateDir: config.stateDir, settings: settings, store: library.store,
                                       http: HTTPClient(logger: logger), logger: logger)
            } catch {
                plexProblem = "Plex unavailable: \(error)"
                logger.error("\(plexProblem!)")
            }
        }
        var sources: TrackSourceBook? = nil
        if let plex {
            // Plex tracks: the cached copy, or a stream decoded as it arrives; looked up
            // before the session hands them to the player, answered from memory after.
            let book = TrackSourceBook(logger: logger) { path in
                switch plex.trackSource(for: path) {
                case nil: nil
                case .file(let file)?: .file(file)
                case .unavailable(let reason)?: .unavailable(reason)
                case .stream(let url, let headers, let bytes, let stall)?:
                    .stream(StreamRequest(url: url, headers: headers, expectedBytes: bytes, stallTimeout: stall))
                }
            }
            player.setTrackResolver { path in book.source(for: path) }
            sources = book
        }
        var session: AlbumSession? = nil
        if let library {
            var maker = CrateMaker(library: library, size: config.crate.size, walletPath: config.crate.wallet, plex: plex)
            maker.walletPlaylist = config.plex.walletPlaylist
            let made = AlbumSession(library: library, player: player, maker: maker, plex: plex, sources: sources,
                                    logger: logger)
            // A loaded track whose folder was renamed opens at its new place; Plex tracks
            // from their copy or stream.
            player.setTrackResolver { [book = sources] path in made.movedTracks.source(for: path) ?? book?.source(for: path) }
            session = made
        }
        let mixer = audio.mixerControl.map { ALSAMixer(device: audio.effectiveMixerDevice, control: $0) }
        // Last.fm names a heard track from the library.
        let albums = library.map { library -> LastFMFeed.AlbumLookup in { try library.store.album(id: $0) } }
        router = Router(player: player, library: library, libraryProblem: libraryProblem, session: session,
                        configPath: configPath, warnings: warnings, mixer: mixer,
                        volumeStep: config.controls.volumeStep, plex: plex, plexProblem: plexProblem,
                        sleep: (config.playback.sleepFadeSeconds, config.playback.sleepMinuteSeconds),
                        lastfm: LastFMLink(config, album: albums, logger: logger),
                        logger: logger)
        controls = ControlsService(config: config.controls, handler: router, logger: logger)
        router.attach(controls)
        display = Self.makeDisplay(config, router: router, logger: logger)
        router.attach(display)
        rooms = RoomsWatcher(config.snapcast, logger: logger) { [weak router = self.router] in router?.panel?.invalidate(activity: false) }
        if let rooms { router.attach(rooms) }
        // The start screen says where to open the page (or point an MPD app) when there is one.
        if config.web.listen != nil || !config.mpd.listen.isEmpty {
            router.attach(BoxReachWatch(webListen: config.web.listen, mpdListen: config.mpd.listen))
        }
        server = ControlServer(path: config.control.socket, mode: config.control.socketMode, handler: router,
                               logger: logger, limits: limits)
        mpd = config.mpd.listen.isEmpty ? nil
            : MPDServer(router: router, library: library, roots: config.library.paths, config: config.mpd, logger: logger)
    }

    public func start() throws(ControlServerError) {
        do {
            try controls.start()
        } catch {
            logger.error("cannot start the controls: \(error); buttons, knob and crate-admin input do not work")
        }
        do {
            try display.start()
        } catch {
            logger.error("cannot start the display thread: \(error); the box plays without a display")
        }
        try server.start()
        _ = mpd?.start()
        logger.info("crated \(Router.version) ready; control socket \(config.control.socket)")
        resumeScanIfNeeded()
        scheduleStoreRetries()
        startLibraryWatch()
        router.session?.restore(resume: config.playback.resumeOnBoot)
        schedulePositionSaves()
        scheduleCheckpoints()
        schedulePlexSyncs()
        scheduleReachChecks()
        do { try timers.start() } catch {
            logger.error("""
                cannot start the timers thread: \(error); positions are saved on state changes only, \
                Plex syncs on crate-admin plex sync, the WALs checkpointed on stop
                """)
        }
        do { try rooms?.start(stopping: stopping) } catch {
            logger.error("cannot start the rooms thread: \(error); status shows no snapcast rooms")
        }
        do { try router.plexService?.startWriteBacks() } catch {
            logger.error("cannot start sending Plex write-backs: \(error)")
        }
        router.plexService?.resumeKeeping()
        router.lastfm.start()
    }

    /// Nil when the daemon goes round: the engine thread answers and the control socket
    /// accepts. Otherwise what is stuck; the service manager's watchdog then restarts us.
    public func healthProblem() -> String? {
        do { try player.ping() } catch { return "audio engine: \(error)" }
        return server.isAccepting ? nil : "the control socket no longer accepts clients"
    }

    /// One line for `systemctl status`: what plays, or why nothing does.
    public func summary() -> String {
        let status = player.status()
        if case .error(let reason) = status.state { return "error: \(reason)" }
        if status.output.waitingForDevice == true, let why = status.output.message { return why }
        let track = status.currentTrack.map { _ in " track \(status.currentIndex! + 1)/\(status.tracks.count)" } ?? ""
        return "\(status.state.name)\(track); output \(status.output.device)"
    }

    public func stop() {
        stopping.set()
        timers.stop()
        router.session?.saveAndWait()
        router.library?.stopWatching()
        router.library?.cancelScan()
        server.stop()
        mpd?.stop()
        controls.stop()
        display.stop()
        router.artwork.withLock { $0 }?.fetches?.stop()
        router.plexService?.stop()
        router.lastfm.stop()
        player.shutdown()
        // Last: checkpointed and closed, the database files are complete on their own.
        router.library?.store.close()
        logger.info("crated stopped")
    }

    /// The status display: the panel of `[display] device`, or an off-screen one whose
    /// frames only snapshots see. Covers are cached under `state_dir/artwork`.
    private static func makeDisplay(_ config: CrateConfig, router: Router, logger: Logger) -> DisplayService {
        let d = config.display
        let settings = DisplaySettings(device: d.device, width: d.width, height: d.height,
                                       rotation: Rotation(degrees: d.rotation) ?? .degrees0,
                                       dimAfter: Double(d.dimAfter), blankAfter: Double(d.blankAfter))
        let cache: ArtworkCache
        do {
            cache = try ArtworkCache(directory: config.stateDir + "/artwork", memoryCapacity: 16,
                                     capBytes: d.artworkCacheMB << 20, logger: logger)
        } catch {
            logger.error("display: covers are not cached on disk: \(error)")
            cache = ArtworkCache(memoryCapacity: 16, logger: logger)
        }
        // Plex covers: fetched on their own thread; the screen is drawn again when one arrives.
        let fetches = router.plexCovers.map { covers in
            ArtworkFetchQueue(cache: cache, fetcher: PlexCoverFetcher(covers: covers), logger: logger) { [weak router] _ in
                router?.panel?.invalidate(activity: false)
            }
        }
        let artwork = CachedArtwork(cache: cache, fetches: fetches) { reference, error in
            let album = reference.name ?? reference.remote.map { "\(reference.albumKey) (\($0))" } ?? reference.trackPath
            logger.warning("display: no cover for \(album): \(error.userMessage)")
        }
        router.artwork.withLock { $0 = artwork }
        let fonts = FontLibrary(directory: d.fonts)
        for failure in fonts.failures { logger.warning("display: font not usable: \(failure)") }
        let renderer = ScreenRenderer(fonts: fonts, artwork: artwork)
        return DisplayService(settings: settings, logger: logger,
                              draw: { content, canvas, now in
                                  artwork.panelSize(width: canvas.width, height: canvas.height)
                                  renderer.render(content, into: &canvas, now: now)
                              },
                              content: { [weak router] in router?.displayContent() ?? DisplayContent(screen: .boot(detail: "")) })
    }

    /// Creates `state_dir` if needed. Returns a problem to report, or nil.
    private static func prepareStateDir(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0 {
            return (st.st_mode & S_IFMT) == S_IFDIR ? nil : "state_dir \(path) exists but is not a folder"
        }
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o750) != 0 && errno != EEXIST {
                return "cannot create state_dir \(path): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }
}

/// The rooms watcher answers the router's one question about the rooms.
extension RoomsWatcher: RoomsReport {}
