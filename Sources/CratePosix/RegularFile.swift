import Glibc

/// A regular file opened for reading at chosen offsets: what the tag reader, the cover
/// reader and the font loader all need. Opened non-blocking, so a FIFO that happens to
/// be called `*.mp3` or `cover.jpg` cannot hang the caller waiting for a writer; anything
/// but a regular file is refused.
public final class RegularFile {
    public enum OpenError: Error, Sendable, Equatable {
        case cannotOpen(errno: Int32)
        case cannotStat(errno: Int32)
        case notARegularFile(isDirectory: Bool)

        /// "cannot open: No such file or directory", "not a regular file", …
        public var reason: String {
            switch self {
            case .cannotOpen(let code): "cannot open: \(errnoDescription(code))"
            case .cannotStat(let code): "cannot stat: \(errnoDescription(code))"
            case .notARegularFile(let directory): directory ? "a directory" : "not a regular file"
            }
        }

        /// The same without the step, for messages that already say "cannot read X:".
        public var cause: String {
            switch self {
            case .cannotOpen(let code), .cannotStat(let code): errnoDescription(code)
            case .notARegularFile: reason
            }
        }
    }

    public let size: Int
    private let fd: Int32

    public init(path: String) throws(OpenError) {
        let fd = PathName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw .cannotOpen(errno: errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            throw .cannotStat(errno: code)
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notARegularFile(isDirectory: (st.st_mode & S_IFMT) == S_IFDIR)
        }
        self.fd = fd
        self.size = Int(st.st_size)
    }

    deinit { close(fd) }

    /// Up to `count` bytes from `offset`; fewer when the file ends first (it may have
    /// shrunk since it was opened). Never allocates more than the file can still give.
    public func read(at offset: Int, count: Int) throws(PosixError) -> [UInt8] {
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
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
            initialized = done
        }
        if failure != 0 { throw PosixError(call: "read", code: failure) }
        return bytes
    }

    /// Up to `count` bytes from `offset` into `buffer` (no allocation: the decoders'
    /// path); fewer at the end of the file, 0 past it.
    public func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) throws(PosixError) -> Int {
        guard offset >= 0, count > 0 else { return 0 }
        while true {
            let n = pread(fd, buffer, count, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR { throw PosixError(call: "read", code: errno) }
        }
    }
}
