import CrateCore
import CratePosix
import Glibc
import Logging
import Synchronization

/// New music shows up on its own: the library folders are watched (inotify) and, once
/// changes settle, an incremental scan is started; a drive mounted or unmounted under a
/// root (or as one) starts one too, and the scan takes it online or offline. Runs on a
/// thread of its own ("crate-watch"), never on the audio threads; all it does to the
/// library is ask for a scan.
public final class LibraryWatcher: Sendable {
    public struct Settings: Sendable {
        public var roots: [String]
        public var settleSeconds: Int
        /// Rescans when not every folder can be watched; 0 = never.
        public var rescanSeconds: Int
        /// A file left open for writing holds the scan back at most this long after the
        /// last change (a copy that stalled, a writer that never closes).
        public var holdSeconds: Int = 600

        public init(roots: [String], settleSeconds: Int, rescanSeconds: Int) {
            self.roots = roots
            self.settleSeconds = settleSeconds
            self.rescanSeconds = rescanSeconds
        }
    }

    let settings: Settings
    let logger: Logger
    private let shared: Mutex<LibraryWatchStatus>
    private let stopRequested = Atomic<Bool>(false)
    let wake = WakeEventFD()

    public init(settings: Settings, logger: Logger) {
        var settings = settings
        settings.roots = settings.roots.map(LibraryScanner.normalized)
        self.settings = settings
        self.logger = logger
        shared = Mutex(LibraryWatchStatus(settleSeconds: settings.settleSeconds))
    }

    /// Starts the watch thread. `scan` starts an incremental scan and says whether it did
    /// (false: one is running already; asked again a second later). `atStart`, given the
    /// mount points, names a root that changed while crated was not running (then it is
    /// scanned once settled), or nil.
    func start(scan: @escaping @Sendable (_ reason: String) -> Bool,
               atStart: @escaping @Sendable (Set<String>) -> String?) throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-watch") { [self] in
            // Walking every folder to watch it is background work, like a scan.
            do { try PosixThread.makeCurrentIdle() } catch {
                logger.warning("library watch runs at normal priority: \(error)")
            }
            WatchLoop(watcher: self, scan: scan, atStart: atStart).run()
        }
    }

    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        wake.post()
    }

    var isStopping: Bool { stopRequested.load(ordering: .acquiring) }

    public func status() -> LibraryWatchStatus { shared.withLock { $0 } }

    func update(_ change: (inout LibraryWatchStatus) -> Void) { shared.withLock { change(&$0) } }
}
