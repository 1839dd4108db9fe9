import CratePosix
import Glibc

/// Reads a byte range of a regular file with `pread`, checking the range against the
/// file's real size first so a stale or hostile length never becomes an allocation.
enum ArtworkFileReader {
    /// The whole file, when it is a regular file of at most `limit` bytes.
    static func readWhole(path: String, limit: Int) throws(ArtworkError) -> [UInt8] {
        try withFile(path) { file, size throws(ArtworkError) in
            guard size > 0 else { throw ArtworkError.empty }
            guard size <= limit else {
                throw ArtworkError.unreadable(path: path, reason: "\(size) bytes is more than the \(limit)-byte limit for a picture")
            }
            return try read(file, path: path, offset: 0, length: size)
        }
    }

    /// Exactly `length` bytes at `offset`; an embedded picture's recorded range.
    static func readRange(path: String, offset: Int, length: Int, limit: Int) throws(ArtworkError) -> [UInt8] {
        guard length > 0 else { throw ArtworkError.badLocation(path: path, reason: "length \(length)") }
        guard length <= limit else {
            throw ArtworkError.badLocation(path: path, reason: "\(length) bytes is more than the \(limit)-byte limit")
        }
        guard offset >= 0 else { throw ArtworkError.badLocation(path: path, reason: "negative offset \(offset)") }
        return try withFile(path) { file, size throws(ArtworkError) in
            guard offset <= size - length else {
                throw ArtworkError.badLocation(
                    path: path, reason: "bytes \(offset)..<\(offset + length) lie beyond the end of the \(size)-byte file")
            }
            return try read(file, path: path, offset: offset, length: length)
        }
    }

    private static func withFile<R>(_ path: String,
                                    _ body: (RegularFile, Int) throws(ArtworkError) -> R) throws(ArtworkError) -> R {
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch {
            throw .unreadable(path: path, reason: error.cause)
        }
        return try body(file, file.size)
    }

    private static func read(_ file: RegularFile, path: String, offset: Int, length: Int) throws(ArtworkError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try file.read(at: offset, count: length)
        } catch {
            throw .unreadable(path: path, reason: error.message)
        }
        // The file shrank since it was measured (being rewritten): say so, do not decode half.
        guard bytes.count == length else {
            throw .unreadable(path: path, reason: "file ended after \(offset + bytes.count) bytes, expected \(offset + length)")
        }
        return bytes
    }
}
