import CratePosix
import Glibc

/// The cache directory: finds, reads, atomically writes and deletes `ArtworkCacheFile`s.
/// A power cut at any moment leaves either the old file, the new one, or a stray
/// temporary that the next start removes; never a half-written entry under the real name.
struct ArtworkDiskStore: Sendable {
    let directory: String

    enum Lookup {
        case hit(RGBImage)
        case miss
        /// The file was there but unusable, and has been deleted.
        case corrupt(String)
    }

    /// Creates the directory (and its parents) and checks it can be written.
    init(directory: String) throws(ArtworkError) {
        self.directory = directory
        try Self.makeDirectories(directory)
        guard access(directory, W_OK | X_OK) == 0 else {
            throw .cacheUnavailable(path: directory, reason: "not writable: \(errnoDescription())")
        }
        try removeStrayTemporaries()
    }

    func path(albumKey: String, box: ArtworkBox) -> String {
        directory + "/" + ArtworkCacheFile.name(albumKey: albumKey, box: box)
    }

    func load(albumKey: String, box: ArtworkBox) throws(ArtworkError) -> Lookup {
        let path = path(albumKey: albumKey, box: box)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return .miss }
            throw .cacheUnavailable(path: path, reason: errnoDescription())
        }
        var info = stat()
        let header = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            ? readUpTo(fd, ArtworkCacheFile.headerSize) : []
        // Read exactly what the header promises (bounded by the box), never a stray huge file.
        var entry: Result<RGBImage, ArtworkCacheFile.CorruptEntry> = .failure(.init("bad header"))
        if let size = ArtworkCacheFile.expectedSize(header: header[...], box: box) {
            entry = size == Int(info.st_size)
                ? ArtworkCacheFile.decode(header + readUpTo(fd, size - header.count), albumKey: albumKey, box: box)
                : .failure(.init("\(info.st_size) bytes, expected \(size)"))
        }
        close(fd)
        switch entry {
        case .success(let image): return .hit(image)
        case .failure(let corrupt):
            unlink(path)
            return .corrupt(corrupt.reason)
        }
    }

    /// Temporary file, fsync, rename over the real name, fsync the directory.
    func store(_ image: RGBImage, albumKey: String, box: ArtworkBox) throws(ArtworkError) {
        let final = path(albumKey: albumKey, box: box)
        let temporary = final + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let bytes = ArtworkCacheFile.encode(image, albumKey: albumKey)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cacheUnavailable(path: directory, reason: "cannot create \(temporary): \(errnoDescription())") }
        var failure: String?
        if let problem = writeAll(fd, bytes) {
            failure = "cannot write \(temporary): \(problem)"
        } else if fsync(fd) != 0 {
            failure = "cannot sync \(temporary): \(errnoDescription())"
        }
        close(fd)
        if failure == nil, rename(temporary, final) != 0 {
            failure = "cannot rename \(temporary) to \(final): \(errnoDescription())"
        }
        if let failure {
            unlink(temporary)
            throw .cacheUnavailable(path: directory, reason: failure)
        }
        // The rename itself must survive a power cut too.
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    /// Deletes every size cached for the album.
    func remove(albumKey: String) throws(ArtworkError) {
        let prefix = ArtworkCacheFile.namePrefix(albumKey: albumKey)
        try removeFiles { $0.hasPrefix(prefix) }
    }

    /// Leftovers of writes interrupted by a crash or power cut.
    private func removeStrayTemporaries() throws(ArtworkError) {
        try removeFiles { $0.hasSuffix(".tmp") }
    }

    private func removeFiles(where matches: (String) -> Bool) throws(ArtworkError) {
        for name in try ArtworkDirectory.names(in: directory) where matches(name) {
            if unlink(directory + "/" + name) != 0 && errno != ENOENT {
                throw .cacheUnavailable(path: directory + "/" + name, reason: "cannot delete: \(errnoDescription())")
            }
        }
    }

    private func readUpTo(_ fd: Int32, _ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, initialized in
            var done = 0
            while done < count {
                let n = read(fd, buffer.baseAddress! + done, count - done)
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
            initialized = done
        }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else {
                    return n < 0 ? errnoDescription() : "short write"
                }
            }
            return nil
        }
    }

    /// `mkdir -p`: every missing component, each checked to be a directory.
    private static func makeDirectories(_ path: String) throws(ArtworkError) {
        guard !path.isEmpty else { throw .cacheUnavailable(path: path, reason: "empty path") }
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw .cacheUnavailable(path: path, reason: "cannot create \(prefix): \(errnoDescription())")
            }
            var info = stat()
            guard stat(prefix, &info) == 0 else {
                throw .cacheUnavailable(path: path, reason: "cannot create \(prefix): \(errnoDescription())")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .cacheUnavailable(path: path, reason: "\(prefix) is not a directory")
            }
        }
    }
}
