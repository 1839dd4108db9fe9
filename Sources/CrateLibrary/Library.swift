import CrateCore
import CratePosix
import Logging
import Synchronization

/// The library domain's face to the router: the store for questions, a background scan
/// for answers to "what music is there". Knows nothing of audio.
public final class Library: Sendable {
    public let store: LibraryStore
    let roots: [String]
    let logger: Logger
    private let scanning = Atomic<Bool>(false)
    private let scansEnded = Atomic<Int>(0)
    private let cancelRequested = Atomic<Bool>(false)
    private let lastReport = Mutex<ScanReport?>(nil)
    /// The folders' watch (Library+Watch); nil until started.
    let watcher = Mutex<LibraryWatcher?>(nil)

    /// Opens (or rebuilds) the store in `stateDir`. `roots` are the `[library] paths`.
    public init(stateDir: String, roots: [String], logger: Logger) throws(LibraryStoreError) {
        store = try LibraryStore.open(directory: stateDir, logger: logger)
        self.roots = roots
        self.logger = logger
        lastReport.withLock { $0 = Self.loadReport(store, logger) }
    }

    public var isScanning: Bool { scanning.load(ordering: .acquiring) }
    /// How many scans have ended: moves on before the scan's report is visible, so a
    /// copy of the library made under an older count is known to be stale at once, before
    /// the scan-finished event reaches anyone.
    public var scanGeneration: Int { scansEnded.load(ordering: .acquiring) }

    /// Opens a store a full disk kept closed (see `LibraryStore.retryOpening`), and reads
    /// the last scan's report from it. True once it is open.
    public func reopenStore() -> Bool {
        guard store.retryOpening() else { return false }
        lastReport.withLock { $0 = Self.loadReport(store, logger) }
        return true
    }

    /// True when the last scan was cut short (daemon stopped, crashed): the next start
    /// should resume it.
    public var scanWasInterrupted: Bool {
        do { return try store.scanState(Self.inProgressKey) != nil } catch {
            logger.error("cannot read the scan state: \(error)")
            return false
        }
    }

    /// Whether the scan cut short was a full one (every file re-read), so it is resumed
    /// as one: resuming it as incremental would skip the files it had not reached.
    public var interruptedScanWasFull: Bool {
        do { return try store.scanState(Self.inProgressKey) == Self.fullScanMarker } catch {
            logger.error("cannot read the scan state: \(error)")
            return false
        }
    }

    /// Starts a scan on its own idle-priority thread. Refused while one is running.
    public func startScan(full: Bool, progress: @escaping @Sendable (ScanProgress) -> Void,
                          finished: @escaping @Sendable (ScanReport) -> Void) throws(LibraryError) {
        guard !scanning.exchange(true, ordering: .acquiringAndReleasing) else {
            throw LibraryError("a library scan is already running")
        }
        cancelRequested.store(false, ordering: .releasing)
        let scanner = LibraryScanner(store: store, roots: roots, logger: logger)
        do {
            _ = try PosixThread.spawn(name: "crate-scan") { [self] in
                do { try PosixThread.makeCurrentIdle() } catch {
                    logger.warning("library scan runs at normal priority: \(error)")
                }
                let report = runScan(scanner, full: full, progress: progress)
                finished(report)
                releaseMemory()
            }
        } catch {
            scanning.store(false, ordering: .releasing)
            throw LibraryError("cannot start the scan: \(error)")
        }
    }

    /// Asks a running scan to stop after the folder it is reading.
    public func cancelScan() { cancelRequested.store(true, ordering: .releasing) }

    public var lastScan: ScanReport? { lastReport.withLock { $0 } }

    public func stats() throws -> LibraryStats {
        try store.stats(lastScan: lastScan)
    }

    static let inProgressKey = "scan-in-progress"
    /// The in-progress marker's value for a full scan ("1", any other, is incremental).
    static let fullScanMarker = "full"
    static let lastReportKey = "last-scan-report"

    private func runScan(_ scanner: LibraryScanner, full: Bool,
                         progress: @escaping @Sendable (ScanProgress) -> Void) -> ScanReport {
        defer { scanning.store(false, ordering: .releasing) }
        // Durable: a power cut mid-scan must find the marker, or the scan is never resumed.
        do { try store.setScanState(Self.inProgressKey, full ? Self.fullScanMarker : "1", durable: true) } catch {
            logger.error("cannot mark the scan as started: \(error)")
        }
        logger.info("library scan started (\(full ? "full" : "incremental")) over \(roots)")
        let report = scanner.run(full: full, cancelled: { cancelRequested.load(ordering: .acquiring) },
                                 progress: progress)
        do {
            if report.completed { try store.setScanState(Self.inProgressKey, nil) }
            try store.setScanState(Self.lastReportKey, try ScanReportJSON.encode(report))
        } catch {
            logger.error("cannot record the scan's outcome: \(error)")
        }
        scansEnded.add(1, ordering: .releasing)
        lastReport.withLock { $0 = report }
        logger.info("library scan \(report.completed ? "finished" : "interrupted"): \(report.filesSeen) files seen, \(report.filesRead) read, \(report.skipped.count(where: { !$0.kept })) skipped, \(report.skipped.count(where: \.kept)) kept with a problem, \(report.albums) albums, \(report.offlineRoots.count) roots offline, \(report.seconds) s")
        return report
    }

    /// Once the scan and what its end set off are done (`finished` has the crate rows read
    /// again on the router's thread, the old copy freed), SQLite's cached pages and the
    /// freed heap pages of every thread's malloc arena go back to the system. Trimmed any
    /// earlier, each rescan of a large library left the crate rows' old copy and the
    /// scan's path table resident, and idle RSS climbed scan after scan.
    private func releaseMemory() {
        do { try store.releaseCacheMemory() } catch {
            logger.warning("could not free SQLite's cached pages after the scan: \(error)")
        }
        Memory.returnFreePages()
    }

    private static func loadReport(_ store: LibraryStore, _ logger: Logger) -> ScanReport? {
        do {
            guard let text = try store.scanState(lastReportKey) else { return nil }
            return try ScanReportJSON.decode(text)
        } catch {
            logger.warning("the last scan report could not be read (\(error)); it is shown as none")
            return nil
        }
    }
}

/// A request the library could not carry out, with the reason for the admin.
public struct LibraryError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
