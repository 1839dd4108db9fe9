import CratePosix
import Glibc

/// Reads a byte range of a regular file with `pread`, checking the range against the
/// file's real size first so a stale or hostile length never becomes an allocation.
enum ArtworkFileReader {
    /// The whole file, when it is a regular file of at most `limit` bytes.
    static func readWhole(path: String, limit: Int) throws(ArtworkError) -> [UInt8] {
        try withFile(path) { fd, size throws(ArtworkError) in
            guard size > 0 else { throw ArtworkError.empty }
            guard size <= limit else {
                throw ArtworkError.unreadable(path: path, reason: "\(size) bytes is more than the \(limit)-byte limit for a picture")
            }
            return try read(fd, path: path, offset: 0, length: size)
        }
    }

    /// Exactly `length` bytes at `offset`; an embedded picture's recorded range.
    static func readRange(path: String, offset: Int, length: Int, limit: Int) throws(ArtworkError) -> [UInt8] {
        guard length > 0 else { throw ArtworkError.badLocation(path: path, reason: "length \(length)") }
        guard length <= limit else {
            throw ArtworkError.badLocation(path: path, reason: "\(length) bytes is more than the \(limit)-byte limit")
        }
        guard offset >= 0 else { throw ArtworkError.badLocation(path: path, reason: "negative offset \(offset)") }
        return try withFile(path) { fd, size throws(ArtworkError) in
            guard offset <= size - length else {
                throw ArtworkError.badLocation(
                    path: path, reason: "bytes \(offset)..<\(offset + length) lie beyond the end of the \(size)-byte file")
            }
            return try read(fd, path: path, offset: offset, length: length)
        }
    }

    private static func withFile<R>(_ path: String,
                                    _ body: (Int32, Int) throws(ArtworkError) -> R) throws(ArtworkError) -> R {
        // O_NONBLOCK: a FIFO named cover.jpg must not hang the display waiting for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(path: path, reason: errnoDescription()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: errnoDescription()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        return try body(fd, Int(info.st_size))
    }

    private static func read(_ fd: Int32, path: String, offset: Int, length: Int) throws(ArtworkError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            var done = 0
            while done < length {
                let n = pread(fd, buffer.baseAddress! + done, length - done, off_t(offset + done))
                if n > 0 {
                    done += n
                } else if n == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
            initialized = done
        }
        if failure != 0 { throw .unreadable(path: path, reason: errnoDescription(failure)) }
        // The file shrank since it was measured (being rewritten): say so, do not decode half.
        guard bytes.count == length else {
            throw .unreadable(path: path, reason: "file ended after \(offset + bytes.count) bytes, expected \(offset + length)")
        }
        return bytes
    }
}
