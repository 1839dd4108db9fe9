import CratePosix
import Glibc
import Synchronization

/// The cache directory: finds, reads, atomically writes and deletes `ArtworkCacheFile`s
/// and fetched pictures. A power cut at any moment leaves either the old file, the new
/// one, or a stray temporary that the next start removes; never a half-written entry
/// under the real name. With a cap, the files together never exceed it: each write
/// deletes the least recently used files first (reads and writes count as use).
final class ArtworkDiskStore: Sendable {
    let directory: String
    /// Most bytes of files kept; nil for no limit.
    let capBytes: Int?
    private let index: Mutex<ArtworkDiskIndex>

    enum Lookup {
        case hit(RGBImage)
        case miss
        /// The file was there but unusable, and has been deleted.
        case corrupt(String)
    }

    /// Creates the directory (and its parents) and checks it can be written; with a cap,
    /// deletes the least recently used files at once when they already exceed it.
    init(directory: String, capBytes: Int? = nil) throws(ArtworkError) {
        self.directory = directory
        self.capBytes = capBytes.map { max(0, $0) }
        try Self.makeDirectories(directory)
        guard access(directory, W_OK | X_OK) == 0 else {
            throw .cacheUnavailable(path: directory, reason: "not writable: \(errnoDescription())")
        }
        index = Mutex(ArtworkDiskIndex(files: []))
        try removeStrayTemporaries()
        var files: [(name: String, bytes: Int, modified: Int64)] = []
        for name in try ArtworkDirectory.names(in: directory) {
            var info = stat()
            guard stat(directory + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            files.append((name, Int(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
        }
        index.withLock { $0 = ArtworkDiskIndex(files: files) }
        try enforceCap(newest: "")
    }

    /// Files and bytes in the directory, as the cache knows them.
    var usage: (files: Int, bytes: Int) { index.withLock { ($0.count, $0.totalBytes) } }

    /// Marks the album's entry of this size as just used (a hit in memory), so the cap
    /// takes other covers first.
    func noteUse(albumKey: String, box: ArtworkBox) {
        let name = ArtworkCacheFile.name(albumKey: albumKey, box: box)
        index.withLock { $0.touch(name) }
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
        let name = ArtworkCacheFile.name(albumKey: albumKey, box: box)
        switch entry {
        case .success(let image):
            used(name)
            return .hit(image)
        case .failure(let corrupt):
            unlink(path)
            index.withLock { $0.remove(name) }
            return .corrupt(corrupt.reason)
        }
    }

    func store(_ image: RGBImage, albumKey: String, box: ArtworkBox) throws(ArtworkError) {
        try writeFile(ArtworkCacheFile.encode(image, albumKey: albumKey), name: ArtworkCacheFile.name(albumKey: albumKey, box: box))
    }

    /// The picture fetched for the album (a Plex server's transcoded cover) as it came,
    /// nil when there is none on disk.
    func loadFetched(albumKey: String) throws(ArtworkError) -> [UInt8]? {
        let name = ArtworkCacheFile.fetchedName(albumKey: albumKey)
        let path = directory + "/" + name
        guard ArtworkDirectory.isRegularFile(path) else { return nil }
        let bytes = try ArtworkFileReader.readWhole(path: path, limit: ArtworkSource.maxBytes)
        used(name)
        return bytes
    }

    func storeFetched(_ bytes: [UInt8], albumKey: String) throws(ArtworkError) {
        try writeFile(bytes, name: ArtworkCacheFile.fetchedName(albumKey: albumKey))
    }

    /// Deletes a fetched picture that turned out unusable.
    func removeFetched(albumKey: String) {
        let name = ArtworkCacheFile.fetchedName(albumKey: albumKey)
        unlink(directory + "/" + name)
        index.withLock { $0.remove(name) }
    }

    /// In the index and on the file (its time is the order of use after a restart).
    private func used(_ name: String) {
        index.withLock { $0.touch(name) }
        stamp(directory + "/" + name)
    }

    /// Sets the file's times to now, to the nanosecond: the kernel's own stamps are only
    /// as fine as its tick, and two covers shown within one must still keep their order.
    private func stamp(_ path: String) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var times = (now, now)
        withUnsafePointer(to: &times) { pair in
            pair.withMemoryRebound(to: timespec.self, capacity: 2) { _ = utimensat(AT_FDCWD, path, $0, 0) }
        }
    }

    /// Deletes least recently used files until the directory is within the cap.
    private func enforceCap(newest: String) throws(ArtworkError) {
        guard let capBytes else { return }
        for name in index.withLock({ $0.evictions(cap: capBytes, newest: newest) }) {
            if unlink(directory + "/" + name) != 0 && errno != ENOENT {
                throw .cacheUnavailable(path: directory + "/" + name, reason: "cannot delete: \(errnoDescription())")
            }
        }
    }

    /// Written whole (`AtomicFile`: temporary file, fsync, rename, fsync the directory);
    /// then the cap.
    private func writeFile(_ bytes: [UInt8], name: String) throws(ArtworkError) {
        let final = directory + "/" + name
        do {
            try AtomicFile.write(bytes, to: final)
        } catch {
            throw .cacheUnavailable(path: directory, reason: error.description)
        }
        stamp(final)
        index.withLock { $0.record(name, bytes: bytes.count) }
        try enforceCap(newest: name)
    }

    /// Deletes every size cached for the album.
    func remove(albumKey: String) throws(ArtworkError) {
        let prefix = ArtworkCacheFile.namePrefix(albumKey: albumKey)
        try removeFiles { $0.hasPrefix(prefix) }
    }

    /// Leftovers of writes interrupted by a crash or power cut.
    private func removeStrayTemporaries() throws(ArtworkError) {
        // AtomicFile's temporaries (NAME.tmp-PID), and the NAME.PID.RANDOM.tmp of older versions.
        try removeFiles { $0.hasSuffix(".tmp") || $0.contains(".tmp-") }
    }

    private func removeFiles(where matches: (String) -> Bool) throws(ArtworkError) {
        for name in try ArtworkDirectory.names(in: directory) where matches(name) {
            if unlink(directory + "/" + name) != 0 && errno != ENOENT {
                throw .cacheUnavailable(path: directory + "/" + name, reason: "cannot delete: \(errnoDescription())")
            }
            index.withLock { $0.remove(name) }
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
