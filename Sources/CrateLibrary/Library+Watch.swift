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
        try started.start(scan: scan, atStart: { [self] mounts in rootAwaitingScan(mounted: mounts) })
        watcher.withLock { $0 = started }
    }

    /// What changed while crated was not running that a scan must see: a root whose drive
    /// came or went (mounted at boot, unplugged while off), a drive mounted below a root
    /// and not known yet. nil when nothing; then no scan is started (an empty library is
    /// scanned at start anyway).
    func rootAwaitingScan(mounted: Set<String>) -> String? {
        let known: [LibraryRootStatus]
        do { known = try store.stats(lastScan: nil).roots } catch {
            logger.error("watch: the known roots cannot be read (\(error)); a drive mounted before the start shows up at the next scan")
            return nil
        }
        let scanned = Set(ScanRoots.of(configured: roots, known: known.map(\.path), mounted: []))
        if let moved = known.first(where: { root in
            scanned.contains(root.path)
                && root.online != (LibraryScanner.offlineReason(root: root.path, knownFiles: root.albums) == nil)
        }) {
            return moved.path
        }
        let paths = scanned.union(known.map(\.path))
        return ScanRoots.of(configured: roots, known: [], mounted: mounted).first { !paths.contains($0) }
    }

    public func stopWatching() { watcher.withLock { $0 }?.stop() }

    /// nil while the folders are not watched (`[library] watch = false`, or no roots).
    public var watchStatus: LibraryWatchStatus? { watcher.withLock { $0 }?.status() }
}
