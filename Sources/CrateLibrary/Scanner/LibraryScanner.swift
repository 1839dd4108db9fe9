import CrateCore
import CratePosix
import Glibc
import Logging

/// One scan of the configured library roots into the store. Incremental by default:
/// a folder whose MP3s all have the stored size and mtime is not read again. Changes go
/// to the store in batches, each its own transaction, so an interrupted scan keeps what
/// it did and the next scan continues from there (finished folders are then unchanged).
/// Nothing is deleted unless its root was walked completely: a missing or unmounted root
/// only marks its albums offline.
struct LibraryScanner {
    static let batchSize = 500
    let store: LibraryStore
    let roots: [String]
    let logger: Logger

    func run(full: Bool, cancelled: () -> Bool, progress: (ScanProgress) -> Void) -> ScanReport {
        let started = MonotonicClock.now()
        var report = ScanReport(full: full, startedAt: Double(time(nil)))
        var lastProgress = 0.0
        // Takes the counts as arguments: `report` is being written by `scan` while it calls this.
        func tick(_ seen: Int, _ done: Int, _ path: String?, force: Bool = false) {
            let now = MonotonicClock.now()
            guard force || now - lastProgress > 0.2 else { return }
            lastProgress = now
            progress(ScanProgress(filesSeen: seen, filesDone: done, filesTotal: nil, currentPath: path))
        }
        let scanRoots = ScanRoots.of(configured: roots, store: store, logger: logger)
        for root in scanRoots {
            if cancelled() { report.completed = false; break }
            do {
                let nested = Set(scanRoots.filter { $0.hasPrefix(root + "/") })
                if !(try scan(root: root, nested: nested, full: full, report: &report, cancelled: cancelled,
                              tick: { tick($0, $1, $2) })) {
                    report.completed = false
                    break
                }
            } catch {
                logger.error("library scan of \(root) failed: \(error)")
                report.skipped.append(SkippedFile(path: root, reason: "scan failed: \(error)"))
                report.completed = false
            }
        }
        tick(report.filesSeen, report.filesRead + report.filesUnchanged, nil, force: true)
        report.seconds = MonotonicClock.now() - started
        do {
            let stats = try store.stats(lastScan: nil)
            report.albums = stats.albums
            report.tracks = stats.tracks
        } catch {
            logger.error("library scan: could not count albums after the scan: \(error)")
        }
        return report
    }

    /// Scans one root. Returns false when interrupted.
    private func scan(root: String, nested: Set<String>, full: Bool, report: inout ScanReport, cancelled: () -> Bool,
                      tick: (Int, Int, String?) -> Void) throws -> Bool {
        let stamps = try store.stamps(root: root)
        if let reason = Self.offlineReason(root: root, knownFiles: stamps.count) {
            logger.warning("library root \(root) is offline (\(reason)); its albums are kept and marked offline")
            try store.setRoot(root, online: false)
            report.offlineRoots.append(root)
            return true
        }
        let reader = FolderReader(root: root)
        // What the store has and the walk has not seen yet: left over at the end = gone.
        var unseen = stamps, unreadable: [String] = [], skipped: [SkippedFile] = []
        var batch: [FileRecord] = [], deletions: [String] = []
        var failure: (any Error)? = nil
        func flush() {
            guard failure == nil, !(batch.isEmpty && deletions.isEmpty) else { return }
            do {
                try store.apply(upserts: batch, deletions: deletions, isKnown: { stamps[$0] != nil })
            } catch { failure = error }
            batch.removeAll(keepingCapacity: true)
            deletions.removeAll()
        }
        let walked = DirectoryWalker.walk(root: root, skipping: nested) { event in
            if cancelled() || failure != nil { return false }
            switch event {
            case .unreadable(let path, let reason):
                skipped.append(SkippedFile(path: path, reason: reason))
                unreadable.append(path)
            case .folder(let folder):
                report.filesSeen += folder.files.count
                var changed = full
                for entry in folder.files {
                    let stored = unseen.removeValue(forKey: entry.path)
                    if stored != FileStamp(size: entry.size, mtimeNanos: entry.mtimeNanos) { changed = true }
                }
                guard changed else {
                    report.filesUnchanged += folder.files.count
                    break
                }
                let result = reader.read(folder)
                report.filesRead += folder.files.count
                batch += result.records
                let kept = Set(result.records.map(\.path))
                for problem in result.skipped {
                    skipped.append(SkippedFile(path: problem.path, reason: problem.reason, kept: problem.kept))
                    // Unplayable now: a stored copy of it would offer a track that cannot play.
                    if !kept.contains(problem.path), stamps[problem.path] != nil { deletions.append(problem.path) }
                }
                if batch.count >= Self.batchSize { flush() }
                tick(report.filesSeen, report.filesRead + report.filesUnchanged, folder.path)
            }
            return true
        }
        flush()
        if let failure { throw failure }
        guard walked else { return false }
        // The whole tree was seen: what the store has and the disk does not is gone,
        // except under folders that could not be read this time, or that a drive mounted
        // below the root holds (scanned, and taken offline, as a root of its own).
        let gone = unseen.keys.filter { path in
            !unreadable.contains { path.hasPrefix($0 + "/") || path == $0 } && !nested.contains { path.hasPrefix($0 + "/") }
        }
        if !gone.isEmpty {
            try store.apply(upserts: [], deletions: Array(gone))
            report.filesRemoved += gone.count
        }
        try store.setRoot(root, online: true)
        try store.setSkipped(skipped, under: root)
        report.skipped += skipped
        return true
    }

    /// Why a root cannot be scanned now, or nil. An empty folder where files used to be
    /// is an unmounted drive or share (its mount point left behind), not a deleted library.
    static func offlineReason(root: String, knownFiles: Int) -> String? {
        var st = stat()
        guard stat(root, &st) == 0 else { return errnoDescription() }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return "not a folder" }
        guard knownFiles > 0 else { return nil }
        guard let dir = opendir(root) else { return errnoDescription() }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let first = entry.pointee.d_name.0
            if first != UInt8(ascii: ".") { return nil }
        }
        return "the folder is empty: not mounted?"
    }

    static func normalized(_ root: String) -> String {
        var path = root
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
