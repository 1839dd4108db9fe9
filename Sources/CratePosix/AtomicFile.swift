import Glibc

/// The box's one way to put a file it must not lose in place, so that after a crash or a
/// power cut the name holds either the old content or the new, whole, never half and
/// never empty: the bytes go to a temporary file in the same directory and are fsynced,
/// the temporary file replaces the target with rename(2), and the directory is fsynced
/// so the rename itself is on disk. Used for the Plex account files, downloaded tracks,
/// cached covers, backups and display snapshots.
public enum AtomicFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(path: path, reason: errnoDescription()) }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n > 0 {
                    done += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    failure = n < 0 ? errnoDescription() : "short write"
                    return
                }
            }
        }
        if close(fd) != 0 && failure == nil { failure = errnoDescription() }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: failure)
        }
        try commit(temporary, to: path)
    }

    /// Puts `temporary`, a file already written in full (a download, a database copy),
    /// in place of `path` durably; on failure `temporary` is removed.
    public static func commit(_ temporary: String, to path: String) throws(Failure) {
        // fsync before rename: after a power cut the name must not point at an empty file.
        let fd = open(temporary, O_RDONLY | O_CLOEXEC)
        var failure = fd < 0 ? "cannot open \(temporary): \(errnoDescription())" : nil
        if fd >= 0 {
            if fsync(fd) != 0 { failure = "cannot sync \(temporary): \(errnoDescription())" }
            close(fd)
        }
        if failure == nil && rename(temporary, path) != 0 { failure = "cannot rename \(temporary): \(errnoDescription())" }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: failure)
        }
        try syncDirectory(of: path)
    }

    /// fsyncs the directory holding `path`: a rename or a new name in it is on disk after.
    public static func syncDirectory(of path: String) throws(Failure) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, reason: "cannot open its directory: \(errnoDescription())") }
        defer { close(fd) }
        // EINVAL: a file system that cannot sync directories (some FUSE mounts); nothing to do.
        if fsync(fd) != 0 && errno != EINVAL {
            throw Failure(path: path, reason: "cannot sync its directory: \(errnoDescription())")
        }
    }
}
