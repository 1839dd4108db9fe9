import Glibc

/// Writes a whole file so readers see either the old content or the new, never half:
/// the bytes go to a temporary file in the same directory, which then replaces the
/// target with rename(2). Used for display snapshots and the Plex account files.
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
        // fsync before rename: after a power cut the name must not point at an empty file.
        if failure == nil && fsync(fd) != 0 { failure = errnoDescription() }
        if close(fd) != 0 && failure == nil { failure = errnoDescription() }
        if failure == nil && rename(temporary, path) != 0 { failure = errnoDescription() }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: failure)
        }
    }
}
