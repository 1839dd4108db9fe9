import CrateCore
import CratePosix

/// The library folders' watch: changes settle, then an incremental scan runs.
extension Library {
    /// Starts watching the roots. `scan` starts an incremental scan (the router's, so
    /// its progress and end reach subscribers) and says whether it did.
    public func startWatching(settleSeconds: Int, rescanSeconds: Int,
                              scan: @escaping @Sendable (_ reason: String) -> Bool) throws(PosixError) {
        let settings = LibraryWatcher.Settings(roots: roots, settleSeconds: settleSeconds, rescanSeconds: rescanSeconds)
        let started = LibraryWatcher(settings: settings, logger: logger)
        try started.start(scan: scan)
        watcher.withLock { $0 = started }
    }

    public func stopWatching() { watcher.withLock { $0 }?.stop() }

    /// nil while the folders are not watched (`[library] watch = false`, or no roots).
    public var watchStatus: LibraryWatchStatus? { watcher.withLock { $0 }?.status() }
}
