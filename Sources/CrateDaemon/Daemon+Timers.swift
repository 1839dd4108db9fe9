/// The daemon's periodic and start-up work: the timers are jobs of one scheduler
/// (`crate-timers`), stopped with the daemon.
extension Daemon {
    /// A sync at start (the server may have changed while the box was off) and every
    /// `[plex] sync_interval` minutes, when a server is chosen.
    func schedulePlexSyncs() {
        guard let plex = router.plexService, plex.status().server != nil else { return }
        let minutes = config.plex.syncInterval
        let router = self.router, logger = self.logger
        timers.add {
            do { try router.startPlexSync(plex) } catch { logger.warning("plex: no sync now: \(error)") }
            return minutes == 0 ? nil : Double(minutes * 60)
        }
    }

    /// A scan cut short by a stop or crash is resumed; a library with roots but no albums
    /// (first start, or a cache rebuilt after corruption) is scanned.
    func resumeScanIfNeeded() {
        guard let library = router.library, !config.library.paths.isEmpty else { return }
        do {
            let empty = try library.store.stats(lastScan: nil).albums == 0
            guard library.scanWasInterrupted || empty else { return }
            let full = !empty && library.interruptedScanWasFull
            logger.info(empty ? "library is empty: scanning" : "resuming an interrupted \(full ? "full " : "")library scan")
            try router.startScan(full: full)
        } catch {
            logger.error("could not start the start-up library scan: \(error)")
        }
    }

    /// A library a full disk kept closed at start is opened as soon as there is room
    /// (tried every `storeRetrySeconds`), then scanned and restored as at a normal start.
    func scheduleStoreRetries() {
        guard let library = router.library, library.store.unavailableReason != nil else { return }
        let retry = Double(Self.storeRetrySeconds)
        timers.add(after: retry) { [self] in
            guard library.reopenStore() else { return retry }
            logger.notice("library available again: restoring the queue and scanning")
            router.session?.storeOpened(resume: config.playback.resumeOnBoot)
            resumeScanIfNeeded()
            return nil
        }
    }

    /// Seconds between attempts to open a library a full disk kept closed.
    static let storeRetrySeconds = 2

    /// While playing, the position is saved every `save_interval` seconds (state changes
    /// save at once): a power cut loses at most that much. Plex hears where a Plex track
    /// is about every 10 s while it plays.
    func schedulePositionSaves() {
        guard let session = router.session else { return }
        let interval = Double(config.playback.saveInterval)
        let player = router.player
        timers.add(after: interval) {
            if player.status().state == .playing { session.save() }
            return interval
        }
        timers.add(after: Self.timelineSeconds) {
            if player.status().state == .playing { session.reportTimeline() }
            return Self.timelineSeconds
        }
    }

    static let timelineSeconds = 10.0

    /// Every 5 minutes the WALs are copied into the database files and truncated: user.sqlite
    /// alone then holds what the user did (a backup of it, a file copy), not its WAL.
    func scheduleCheckpoints() {
        guard let store = router.library?.store else { return }
        let logger = self.logger
        timers.add(after: Self.checkpointSeconds) {
            do { try store.checkpoint() } catch { logger.warning("checkpoint: \(error); tried again in 5 minutes") }
            return Self.checkpointSeconds
        }
    }

    static let checkpointSeconds = 300.0

    /// The box's address is read again every few seconds while the start screen shows it:
    /// on a first boot the DHCP lease often comes after crated started. The panel redraws
    /// only when the name or address changed.
    func scheduleReachChecks() {
        guard router.reach != nil else { return }
        let router = self.router
        timers.add(after: Self.reachCheckSeconds) {
            router.refreshReachOnPanel()
            return Self.reachCheckSeconds
        }
    }

    static let reachCheckSeconds = 5.0

    /// New music shows up on its own: the folders are watched and scanned once changes
    /// settle (`[library] watch`, `settle_seconds`, `rescan_seconds`).
    func startLibraryWatch() {
        let settings = config.library
        guard settings.watch, let library = router.library, !settings.paths.isEmpty else { return }
        let router = self.router, logger = self.logger
        do {
            try library.startWatching(settleSeconds: settings.settleSeconds, rescanSeconds: settings.rescanSeconds) { reason in
                guard !library.isScanning else { return false }
                do {
                    try router.startScan(full: false)
                    logger.info("watch: \(reason): library scan started")
                    return true
                } catch {
                    // Started by someone else meanwhile: asked again once that one ends.
                    logger.debug("watch: no scan now (\(error)); asking again in a second")
                    return false
                }
            }
        } catch {
            logger.error("cannot start the library watch thread: \(error); new music shows up with crate-admin library scan")
        }
    }
}
