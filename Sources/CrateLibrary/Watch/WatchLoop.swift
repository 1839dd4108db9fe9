import CratePosix
import Glibc
import Logging

/// The watch thread: inotify events and mount changes in, scan requests out. Its state
/// is the thread's own; `LibraryWatcher` shares only the status.
final class WatchLoop {
    private let watcher: LibraryWatcher
    private let scan: @Sendable (String) -> Bool
    private let atStart: @Sendable (Set<String>) -> String?
    private var roots: [String] { watcher.settings.roots }
    private var logger: Logger { watcher.logger }
    private var tree: WatchedTree? = nil
    /// Why nothing is watched at all (no inotify instance); nil otherwise.
    private var setupProblem: String? = nil
    private var mounts: MountTable? = nil
    private var mountPoints = Set<String>()
    private var clock: SettleClock
    /// A scan refused (one is running): asked again from then.
    private var retryAt = 0.0
    /// The fallback rescan, while not every folder is watched.
    private var nextRescan: Double? = nil
    /// The fallback rescan is due and waits for a running scan to end.
    private var rescanOwed = false

    init(watcher: LibraryWatcher, scan: @escaping @Sendable (String) -> Bool,
         atStart: @escaping @Sendable (Set<String>) -> String?) {
        self.watcher = watcher
        self.scan = scan
        self.atStart = atStart
        let settings = watcher.settings
        clock = SettleClock(settle: Double(settings.settleSeconds), holdLimit: Double(settings.holdSeconds))
    }

    func run() {
        var mountedNow = Set<String>()
        do {
            let table = try MountTable()
            mountedNow = try table.mountPoints()
            mountPoints = relevant(mountedNow)
            mounts = table
        } catch {
            logger.error("watch: mounts are not followed (\(error)); a drive mounted under a library folder shows up at the next crate-admin library scan")
        }
        rebuild()
        if let changed = atStart(mountedNow) {
            logger.info("watch: \(PathName.display(changed)) changed while crated was not running; scanning it once settled")
            clock.changed(changed, at: MonotonicClock.now())
        }
        logger.info("watch: watching \(tree?.count ?? 0) library folders; changes are scanned \(watcher.settings.settleSeconds) s after they settle")
        while !watcher.isStopping {
            var fds = [pollfd(fd: watcher.wake.fd, events: Int16(POLLIN), revents: 0)]
            if let tree { fds.append(pollfd(fd: tree.watches.fd, events: Int16(POLLIN), revents: 0)) }
            if let mounts { fds.append(pollfd(fd: mounts.fd, events: Int16(POLLPRI), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), timeout(at: MonotonicClock.now())) < 0 && errno != EINTR {
                logger.error("watch: poll: \(errnoDescription()); trying again in a second")
                sleep(1)
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == watcher.wake.fd { watcher.wake.drain() }
                else if entry.fd == tree?.watches.fd { readEvents() }
                else if entry.fd == mounts?.fd { mountsChanged() }
            }
            settleAndScan(at: MonotonicClock.now())
            publish()
        }
    }

    /// Milliseconds poll() may sleep: until the changes settle, a refused scan is asked
    /// again, or the fallback rescan is due; -1 (until woken) when nothing waits.
    private func timeout(at now: Double) -> Int32 {
        var wait: Double? = rescanOwed ? retryAt - now : clock.wait(at: now).map { max($0, retryAt - now) }
        if let due = nextRescan { wait = min(wait ?? .infinity, due - now) }
        guard let wait else { return -1 }
        return Int32(min(max(0, wait) * 1000 + 1, 3_600_000))
    }

    private func readEvents() {
        guard let tree else { return }
        let now = MonotonicClock.now()
        let events: [FolderWatches.Event]
        do { events = try tree.watches.read() } catch {
            logger.error("watch: \(error); watching every folder anew")
            rebuild()
            clock.changed(roots.first ?? "/", at: now)
            return
        }
        for event in events {
            if event.has(IN_Q_OVERFLOW) {
                // Changes were lost: which folders are new is not known, so all are watched anew.
                logger.warning("watch: too many changes at once (the inotify queue overflowed); watching every folder anew")
                rebuild()
                clock.changed(roots.first ?? "/", at: now)
                return
            }
            if event.has(IN_IGNORED) { tree.forget(event.watch); continue }
            guard let folder = tree.path(of: event.watch) else { continue }
            guard !event.name.isEmpty else {
                // The folder itself deleted, moved or unmounted: its parent (or the mount table) says more.
                clock.changed(folder, at: now)
                continue
            }
            let path = folder == "/" ? "/" + event.name : folder + "/" + event.name
            if event.isFolder {
                if event.has(IN_MOVED_FROM) || event.has(IN_DELETE) { tree.removeTree(path) }
                // A new folder, or a tree moved in: watched before its files are scanned.
                if event.has(IN_CREATE) || event.has(IN_MOVED_TO) { tree.addTree(path) }
            }
            if event.has(IN_MODIFY) {
                clock.writing(path, at: now)
            } else if event.has(IN_CLOSE_WRITE) || event.has(IN_DELETE) || event.has(IN_MOVED_FROM) {
                clock.finished(path, at: now)
            } else {
                clock.changed(path, at: now)
            }
        }
    }

    private func mountsChanged() {
        guard let table = mounts else { return }
        let now: Set<String>
        do { now = relevant(try table.mountPoints()) } catch {
            logger.error("watch: \(error); mounts are no longer followed")
            mounts = nil
            return
        }
        guard now != mountPoints else { return }
        let changed = now.symmetricDifference(mountPoints).sorted()
        mountPoints = now
        logger.info("watch: mounted or unmounted under the library: \(changed.joined(separator: ", ")); watching anew")
        // Folders appeared or vanished under the watches: start over (a mount hides the
        // folder watched below it), and scan so the drive goes online or offline.
        rebuild()
        clock.changed(changed[0], at: MonotonicClock.now())
    }

    /// Mount points that matter: a root, anything below one, or a folder above one (a
    /// drive mounted at /mnt/usb holding the root /mnt/usb/music).
    private func relevant(_ points: Set<String>) -> Set<String> {
        points.filter { point in
            point != "/" && roots.contains { root in
                point == root || point.hasPrefix(root + "/") || root.hasPrefix(point + "/")
            }
        }
    }

    /// Watches every folder anew. The old instance is closed first so its watches no
    /// longer count against the limit.
    private func rebuild() {
        tree = nil
        do {
            tree = try WatchedTree(roots: roots, logger: logger)
            setupProblem = nil
        } catch {
            setupProblem = "library folders are not watched (\(error): fs.inotify.max_user_instances reached?)"
            logger.error("watch: \(setupProblem!)")
        }
        let seconds = watcher.settings.rescanSeconds
        nextRescan = isDegraded && seconds > 0 ? MonotonicClock.now() + Double(seconds) : nil
        publish()
    }

    private var isDegraded: Bool { setupProblem != nil || (tree?.unwatched ?? 0) > 0 }

    private func settleAndScan(at now: Double) {
        if let due = nextRescan, now >= due {
            // Watch again first: a limit raised meanwhile ends the fallback.
            rebuild()
            rescanOwed = true
        }
        let settled = clock.isSettled(at: now)
        guard settled || rescanOwed, now >= retryAt else { return }
        let path = settled ? clock.firstPath ?? roots.first ?? "/" : roots.first ?? "/"
        let reason = settled ? "changes under \(PathName.display(path)) settled" : "the timed rescan (not every folder is watched)"
        guard scan(reason) else {
            retryAt = now + 1
            return
        }
        if settled { clock.pickedUp() }
        rescanOwed = false
        pickedUp(path)
    }

    private func pickedUp(_ path: String) {
        watcher.update {
            $0.lastChangeAt = Double(time(nil))
            $0.lastChangePath = PathName.display(path)
            $0.rescans += 1
        }
    }

    private func publish() {
        let seconds = watcher.settings.rescanSeconds
        let problem = setupProblem.map { $0 + fallback(seconds) } ?? tree.flatMap { tree in
            tree.limitError.map { _ in
                let limit = FolderWatches.watchLimit().map { " = \($0)" } ?? ""
                return "only \(tree.count) of \(tree.count + tree.unwatched) library folders are watched: "
                    + "the inotify watch limit (fs.inotify.max_user_watches\(limit)) is reached"
                    + fallback(seconds) + "; raise it: echo fs.inotify.max_user_watches=524288 | "
                    + "sudo tee /etc/sysctl.d/90-crate.conf && sudo sysctl --system"
            }
        }
        let count = tree?.count ?? 0, unwatched = tree?.unwatched ?? 0, pending = clock.isPending
        watcher.update {
            $0.folders = count
            $0.unwatchedFolders = unwatched
            $0.pending = pending
            $0.problem = problem
            $0.rescanSeconds = problem != nil && seconds > 0 ? seconds : nil
        }
    }

    private func fallback(_ seconds: Int) -> String {
        seconds > 0 ? "; the library is rescanned every \(seconds) s instead"
            : "; new music shows up with crate-admin library scan ([library] rescan_seconds = 0)"
    }
}
