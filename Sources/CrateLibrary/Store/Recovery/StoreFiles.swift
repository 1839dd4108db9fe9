import CratePosix
import Glibc

/// The few file-system operations the store needs around its database files.
enum StoreFiles {
    /// `mkdir -p`: the state directory and any missing parents (mode 0750: the store's
    /// files are the crate user's business).
    static func ensureDirectory(_ path: String) throws(LibraryStoreError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .directory(path: path, reason: "not a directory") }
            return
        }
        let parent = parentPath(path)
        if parent != path && !parent.isEmpty { try ensureDirectory(parent) }
        guard mkdir(path, 0o750) == 0 || errno == EEXIST else {
            throw .directory(path: path, reason: errnoDescription())
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Renames a damaged database and its -wal/-shm companions to
    /// `<path>.corrupt-<unix time>` (plus a counter if that is taken) and returns the new
    /// name. The -wal goes along because SQLite finds it by name: the moved copy stays a
    /// complete, openable snapshot of what was there.
    static func moveAside(_ path: String) throws(LibraryStoreError) -> String {
        let base = "\(path).corrupt-\(time(nil))"
        var target = base
        var counter = 1
        while exists(target) {
            counter += 1
            target = "\(base)-\(counter)"
        }
        for suffix in ["", "-wal", "-shm"] where exists(path + suffix) {
            guard rename(path + suffix, target + suffix) == 0 else {
                throw .recoveryFailed(file: path, reason: "cannot move it aside: \(errnoDescription())")
            }
        }
        return target
    }

    /// Copies `path` to `<path>.damaged-<unix time>` (a counter added if taken) and returns
    /// the copy's name; the original stays for SQLite to read what it can.
    static func copyAside(_ path: String) throws(LibraryStoreError) -> String {
        var target = "\(path).damaged-\(time(nil))"
        var counter = 1
        while exists(target) {
            counter += 1
            target = "\(path).damaged-\(time(nil))-\(counter)"
        }
        do {
            let file = try RegularFile(path: path)
            try AtomicFile.write(try file.read(at: 0, count: file.size), to: target, mode: 0o600)
        } catch {
            throw .recoveryFailed(file: path, reason: "cannot copy the damaged WAL aside: \(error)")
        }
        return target
    }

    /// The size in bytes, or nil when the file does not exist.
    static func size(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// The whole file, or nil when it cannot be read.
    static func contents(_ path: String) -> [UInt8]? {
        do {
            let file = try RegularFile(path: path)
            return try file.read(at: 0, count: file.size)
        } catch {
            return nil
        }
    }

    /// True for a file that exists with zero bytes and no WAL with content beside it: SQLite
    /// would silently take it for a new, empty database.
    static func isEmptyDatabase(_ path: String) -> Bool {
        size(path) == 0 && (size(path + "-wal") ?? 0) == 0
    }

    /// Less than this is free: a write that failed there failed for want of room.
    static let fullBelow: UInt64 = 1 << 20

    /// True when the file system holding `path` has (next to) no room left for crated.
    static func isFull(directoryOf path: String) -> Bool {
        var info = statvfs()
        guard statvfs(parentPath(path), &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < fullBelow
    }

    static func remove(_ path: String) {
        unlink(path)
    }

    /// Wall-clock seconds since the epoch, for `added_at` and `checked_at`.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private static func parentPath(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
