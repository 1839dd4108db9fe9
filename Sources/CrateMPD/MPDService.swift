import CrateCore
import CrateLibrary
import CratePosix
import CrateRouter
import Logging
import Synchronization

/// What every MPD client shares: the router it drives (through its commands and events
/// only), the catalog of the library, the queue's version number, and the idle events
/// waiting for the poll loop.
final class MPDService: Sendable {
    let router: Router
    /// Read for the catalog only: MPD's database is the library's albums and tracks.
    let library: Library?
    let roots: [String]
    let password: String?
    let logger: Logger
    /// The catalog and the library's scan generation it was read under.
    private let catalogCache = Mutex<(catalog: MPDCatalog, generation: Int)?>(nil)
    /// The playlist version and the queue it was given for.
    private let playlistState = Mutex<(version: Int, signature: [Int])>((1, []))
    /// Subsystems changed since the poll loop last looked.
    private let changes = Mutex<Set<String>>([])
    let startedAt = MonotonicClock.now()

    init(router: Router, library: Library?, roots: [String], password: String?, logger: Logger) {
        self.router = router
        self.library = library
        self.roots = roots
        self.password = password
        self.logger = logger
    }

    /// Posted when there are changes for the poll loop to deliver.
    private let wake = Mutex<WakeEventFD?>(nil)

    /// The router's events as MPD idle subsystems, delivered by the poll loop `wake` wakes.
    func subscribe(wake: WakeEventFD) -> EventSubscription {
        self.wake.withLock { $0 = wake }
        return router.subscribe { [weak self] event in
            guard let self else { return }
            var changed: Set<String> = []
            switch event.event {
            case .state, .seek, .trackError: changed = ["player"]
            case .track: changed = ["player"]
            case .output: changed = ["output"]
            case .scanFinished, .plexSynced:
                self.catalogCache.withLock { $0 = nil }
                changed = ["database", "update"]
            case .scanStarted: changed = ["update"]
            case .scanProgress: return
            case .mixer: changed = ["mixer"]
            // What a press does arrives as its own events (the player's, the mixer's).
            case .input: return
            }
            self.noteChanges(changed)
        }
    }

    /// Any thread: the subsystems changed; the poll loop tells idle clients.
    func noteChanges(_ changed: Set<String>) {
        changes.withLock { $0.formUnion(changed) }
        wake.withLock { $0 }?.post()
    }

    /// Whether a change was noted since the poll loop last took them.
    var hasChanges: Bool { changes.withLock { !$0.isEmpty } }

    /// The poll thread: what changed since last asked, the queue included (it is compared
    /// here rather than on the event thread, which must not wait for the library).
    func takeChanges() -> Set<String> {
        var changed = changes.withLock { pending in
            defer { pending = [] }
            return pending
        }
        if playlistMoved() { changed.insert("playlist") }
        return changed
    }

    /// The library as MPD's database, read again once a scan has ended (a client asking
    /// right after must not get the catalog of the scan's first half) or Plex synced.
    func catalog() -> MPDCatalog {
        guard let library else { return MPDCatalog() }
        // Taken before reading: a scan ending meanwhile leaves this copy stale, not current.
        let generation = library.scanGeneration
        if let cached = catalogCache.withLock({ $0 }), cached.generation == generation { return cached.catalog }
        do {
            let built = try MPDCatalog(library: library, roots: roots)
            catalogCache.withLock { $0 = (built, generation) }
            return built
        } catch {
            logger.error("mpd: cannot read the library: \(error)")
            return MPDCatalog()
        }
    }

    /// One command through the router, as every front end gives it; a refusal is MPD's
    /// system error in the router's words.
    func perform(_ command: Command) throws(MPDError) -> Answer {
        do throws(CommandRefusal) { return try router.perform(command) } catch {
            throw MPDError(.system, error.message)
        }
    }

    /// The player's status, as the engine reports it.
    func playerStatus() throws(MPDError) -> PlayerStatus {
        guard case .player(let status) = try perform(.playerStatus) else { throw MPDError.unexpectedAnswer }
        return status
    }

    /// Reads or edits the hand queue; the queue after it, with the album a stop kept.
    @discardableResult
    func handQueue(_ request: Command.HandQueueRequest) throws(MPDError) -> (queue: HandQueue, stoppedAlbum: Int64?) {
        guard case .handQueue(let queue, let stopped) = try perform(.handQueue(request)) else {
            throw MPDError.unexpectedAnswer
        }
        return (queue, stopped)
    }

    func queue(_ catalog: MPDCatalog, _ player: PlayerStatus) throws(MPDError) -> MPDQueue {
        MPDQueue(catalog: catalog, handQueue: try handQueue(.show(playerIndex: player.currentIndex)).queue, player: player)
    }

    /// The catalog and the queue as the player stands now.
    func queue(_ catalog: MPDCatalog) throws(MPDError) -> MPDQueue {
        try queue(catalog, try playerStatus())
    }

    /// The playlist version for the queue as it is now, moved on if the queue changed.
    func playlistVersion(_ queue: MPDQueue) -> Int {
        note(queue).version
    }

    /// Whether the queue changed since its version was last given out.
    private func playlistMoved() -> Bool {
        do {
            return note(try queue(catalog())).moved
        } catch {
            // The version stays until the next change is seen.
            logger.warning("mpd: cannot read the queue to see whether it changed: \(error)")
            return false
        }
    }

    /// Moves the version on when `queue` differs from the one it was last given for.
    private func note(_ queue: MPDQueue) -> (version: Int, moved: Bool) {
        playlistState.withLock { state in
            guard state.signature != queue.signature else { return (state.version, false) }
            state.version += 1
            state.signature = queue.signature
            return (state.version, true)
        }
    }
}
