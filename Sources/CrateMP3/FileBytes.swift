import CratePosix
import Glibc

/// An open regular file, read with `pread` at chosen offsets and in bounded pieces:
/// the scanner looks at the start and the end of a file, never all of it.
final class FileBytes {
    let path: String
    let size: Int
    private let fd: Int32

    init(path: String) throws(MP3ReadError) {
        self.path = path
        // O_NONBLOCK: opening a FIFO that happens to be called *.mp3 must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw MP3ReadError(path: path, reason: "cannot open: \(errnoDescription())") }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = "cannot stat: \(errnoDescription())"
            close(fd)
            throw MP3ReadError(path: path, reason: reason)
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            let kind = (st.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw MP3ReadError(path: path, reason: "not an MP3 file (\(kind))")
        }
        self.fd = fd
        self.size = Int(st.st_size)
    }

    deinit { close(fd) }

    /// Up to `count` bytes from `offset`; fewer at the end of the file. Never allocates
    /// more than what the file can still give.
    func read(at offset: Int, count: Int) throws(MP3ReadError) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted > 0, offset >= 0 else { return [] }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var done = 0
            while done < wanted {
                let n = pread(fd, buffer.baseAddress! + done, wanted - done, off_t(offset + done))
                if n > 0 {
                    done += n
                } else if n == 0 {
                    break  // The file shrank under us: return what there is.
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
            initialized = done
        }
        if failure != 0 {
            throw MP3ReadError(path: path, reason: "read failed: \(errnoDescription(failure))")
        }
        return bytes
    }
}
