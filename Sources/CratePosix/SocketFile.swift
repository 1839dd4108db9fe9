import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The socket's place in the file system: its directory, a stale file left by a daemon
/// that crashed, and telling our socket file apart from one that replaced it.
public enum SocketFile {
    /// Device and inode of a file, to recognise the socket we bound.
    public struct Identity: Equatable, Sendable {
        public var device: UInt64
        public var inode: UInt64
    }

    public static func identity(of path: String) -> Identity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Makes `path` free for `bind`: creates missing parent directories and removes a
    /// socket file nobody answers on. Throws if a daemon answers, or if the file is not
    /// a socket (never delete what we did not create).
    public static func prepare(path: String, logger: Logger) throws(SocketSetupError) {
        try createParentDirectories(of: path)

        var info = stat()
        if lstat(path, &info) != 0 {
            let code = errno
            if code == ENOENT { return }
            throw .system(action: "inspect existing control socket", path: path, errno: code)
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path: path) }
        guard let address = UnixSocketAddress(path) else {
            throw .pathTooLong(path: path, limit: UnixSocketAddress.maxPathBytes)
        }
        switch Result(catching: { () throws(PosixError) in try SocketIO.connect(to: address) }) {
        case .success(let fd):
            close(fd)
            throw .alreadyRunning(path: path)
        case .failure(let error) where error.code == ECONNREFUSED:
            break  // Nobody listens: a daemon died without cleaning up. Safe to replace.
        case .failure(let error) where error.code == ENOENT:
            return  // Removed between lstat and connect.
        case .failure(let error) where error.code == EAGAIN:
            throw .alreadyRunning(path: path)  // The listen backlog is full: alive, just busy.
        case .failure(let error):
            throw .system(action: "probe existing control socket", path: path, errno: error.code)
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .system(action: "remove stale control socket", path: path, errno: errno)
        }
        logger.notice("removed stale control socket left by a previous daemon", metadata: ["socket": "\(path)"])
    }

    /// `mkdir -p` for the socket's directory. The socket's own mode decides who may
    /// connect, so the directory only needs to be searchable.
    public static func createParentDirectories(of path: String) throws(SocketSetupError) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let parent = String(path[..<slash])
        guard !parent.isEmpty else { return }
        var current = parent.hasPrefix("/") ? "" : "."
        for component in parent.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 {
                let code = errno
                if code == EEXIST { continue }
                throw .system(action: "create directory for control socket", path: current, errno: code)
            }
        }
    }
}
