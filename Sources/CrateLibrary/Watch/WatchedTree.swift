import CratePosix
import Glibc
import Logging

/// Every folder under the library roots with its inotify watch (inotify is not
/// recursive: a folder is a watch). Owned by the watch thread. When the user's watch
/// limit is reached the folders left over are counted, not watched: the watcher then
/// falls back to rescanning on a timer.
final class WatchedTree {
    let watches: FolderWatches
    private(set) var pathOf: [Int32: String] = [:]
    private var watchOf: [String: Int32] = [:]
    /// Folders found and not watched for the limit, since this tree was built.
    private(set) var unwatched = 0
    /// The first ENOSPC, for the message.
    private(set) var limitError: PosixError? = nil
    private let logger: Logger

    init(roots: [String], logger: Logger) throws(PosixError) {
        watches = try FolderWatches()
        self.logger = logger
        for root in roots { addTree(root) }
    }

    var count: Int { pathOf.count }

    func path(of watch: Int32) -> String? { pathOf[watch] }

    /// Watches `top` and every folder below it (hidden ones are not music), following
    /// symlinks as the scanner does but never around a loop.
    func addTree(_ top: String) {
        var seen = Set<[UInt]>()
        var pending = [top]
        while let folder = pending.popLast() {
            var st = stat()
            guard PathName.stat(folder, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR,
                  seen.insert([UInt(st.st_dev), UInt(st.st_ino)]).inserted else { continue }
            add(folder)
            guard let dir = PathName.opendir(folder) else {
                logger.debug("watch: cannot list \(PathName.display(folder)): \(errnoDescription())")
                continue
            }
            while let entry = readdir(dir) {
                let name = PathName.name(of: entry)
                guard !name.hasPrefix(".") else { continue }
                let type = entry.pointee.d_type
                guard type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else { continue }
                pending.append(folder == "/" ? "/" + name : folder + "/" + name)
            }
            closedir(dir)
        }
    }

    private func add(_ folder: String) {
        do {
            let watch = try watches.add(folder)
            if let old = watchOf[folder], old != watch { pathOf[old] = nil }
            pathOf[watch] = folder
            watchOf[folder] = watch
        } catch where error.code == ENOSPC {
            unwatched += 1
            if limitError == nil {
                limitError = error
                logger.error("watch: \(error): the inotify watch limit is reached, \(count) folders watched; the rest is rescanned on a timer (raise fs.inotify.max_user_watches)")
            }
        } catch {
            // Gone since it was listed, or unreadable: the scan reports what it cannot read.
            logger.debug("watch: \(error)")
        }
    }

    /// Stops watching `top` and everything below it (a folder moved away or deleted).
    func removeTree(_ top: String) {
        for (path, watch) in watchOf where path == top || path.hasPrefix(top + "/") {
            watches.remove(watch)
            watchOf[path] = nil
            pathOf[watch] = nil
        }
    }

    /// The kernel dropped a watch (IN_IGNORED: its folder deleted or unmounted).
    func forget(_ watch: Int32) {
        guard let path = pathOf.removeValue(forKey: watch) else { return }
        if watchOf[path] == watch { watchOf[path] = nil }
    }
}
