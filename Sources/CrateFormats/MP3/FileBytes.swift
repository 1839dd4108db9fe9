import CratePosix
import Glibc

/// An open regular file, read with `pread` at chosen offsets and in bounded pieces:
/// the scanner looks at the start and the end of a file, never all of it.
final class FileBytes {
    let path: String
    let size: Int
    private let file: RegularFile

    init(path: String) throws(FormatReadError) {
        self.path = path
        do {
            file = try RegularFile(path: path)
        } catch {
            if case .notARegularFile = error { throw FormatReadError(path: path, reason: "not an MP3 file (\(error.reason))") }
            throw FormatReadError(path: path, reason: error.reason)
        }
        size = file.size
    }

    /// Up to `count` bytes from `offset`; fewer at the end of the file. Never allocates
    /// more than what the file can still give.
    func read(at offset: Int, count: Int) throws(FormatReadError) -> [UInt8] {
        do {
            return try file.read(at: offset, count: count)
        } catch {
            throw FormatReadError(path: path, reason: "read failed: \(error.message)")
        }
    }
}
