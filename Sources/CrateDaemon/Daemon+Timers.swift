import CratePosix
import Glibc

/// The daemon's background timers and start-up work, each on a thread of its own that
/// ends with the daemon's stop flag.
extension Daemon {
    /// A sync at start (the server may have changed while the box was off) and every
    /// `[plex] sync_interval` minutes, when a server is chosen.
    func startPlexSyncs() {
        guard let plex = router.plexService, plex.status().server != nil else { return }
        let minutes = config.plex.syncInterval
        let stopping = self.stopping, router = self.router, logger = self.logger
        do {
            _ = try PosixThread.spawn(name: "crate-plex-tick") {
                var waited = 0
                while !stopping.isSet {
                    if waited == 0 {
                        do { try router.startPlexSync(plex) } catch { logger.warning("plex: no sync now: \(error)") }
                    }
                    sleep(1)
                    waited += 1
                    if minutes == 0 { if waited > 0 { return } }
                    if waited >= minutes * 60 { waited = 0 }
                }
            }
        } catch {
            logger.error("cannot start the Plex sync timer: \(error)")
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
    func startStoreRetries() {
        guard let library = router.library, library.store.unavailableReason != nil else { return }
        let stopping = self.stopping, logger = self.logger
        do {
            _ = try PosixThread.spawn(name: "crate-store-retry") { [self] in
                var waited = 0
                while !stopping.isSet {
                    sleep(1)
                    waited += 1
                    guard waited >= Self.storeRetrySeconds else { continue }
                    waited = 0
                    guard library.reopenStore() else { continue }
                    logger.notice("library available again: restoring the queue and scanning")
                    router.session?.storeOpened(resume: config.playback.resumeOnBoot)
                    resumeScanIfNeeded()
                    return
                }
            }
        } catch {
            logger.error("cannot start retrying the library database: \(error); restart crated once there is room")
        }
    }

    /// Seconds between attempts to open a library a full disk kept closed.
    static let storeRetrySeconds = 2

    /// While playing, the position is saved every `save_interval` seconds (state changes
    /// save at once): a power cut loses at most that much.
    func startPositionSaver() {
        guard let session = router.session else { return }
        let interval = config.playback.saveInterval
        let stopping = self.stopping
        let player = router.player
        do {
            _ = try PosixThread.spawn(name: "crate-save") {
                var waited = 0
                while !stopping.isSet {
                    sleep(1)
                    waited += 1
                    // Plex hears where a Plex track is about every 10 s while it plays.
                    if waited % 10 == 0, player.status().state == .playing { session.reportTimeline() }
                    guard waited >= interval else { continue }
                    waited = 0
                    if player.status().state == .playing { session.save() }
                }
            }
        } catch {
            logger.error("cannot start the position saver: \(error); positions are saved on state changes only")
        }
    }

    /// Every 5 minutes the WALs are copied into the database files and truncated: user.sqlite
    /// alone then holds what the user did (a backup of it, a file copy), not its WAL.
    func startCheckpoints() {
        guard let store = router.library?.store else { return }
        let stopping = self.stopping, logger = self.logger
        do {
            _ = try PosixThread.spawn(name: "crate-checkpoint") {
                var waited = 0
                while !stopping.isSet {
                    sleep(1)
                    waited += 1
                    guard waited >= 300 else { continue }
                    waited = 0
                    do { try store.checkpoint() } catch { logger.warning("checkpoint: \(error); tried again in 5 minutes") }
                }
            }
        } catch {
            logger.error("cannot start the checkpoint timer: \(error); the WALs are checkpointed on stop only")
        }
    }

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
