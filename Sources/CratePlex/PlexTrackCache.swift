import CrateFormats
import CrateHTTP
import CrateLibrary
import CratePosix
import Glibc
import Logging

/// Plex tracks kept on the box's own storage, so albums play when the server or the
/// network is gone. A file is only ever complete: it is downloaded to `NAME.part`
/// (resumed with a Range request after a cut), its size checked against the server's,
/// fsynced, and renamed into place. Least-recently-played files go first when the cache
/// grows past its cap; files of the albums playing and coming up, and of the albums kept
/// offline, are never evicted.
public final class PlexTrackCache: Sendable {
    public let directory: String
    let capBytes: Int
    let client: PlexClient
    let logger: Logger
    /// Downloads under way, by track key: bytes so far and the total when known.
    let active = ConditionLocked<[String: (bytes: Int, total: Int?)]>([:])
    /// The files of the albums kept offline (`downloads keep`): never evicted.
    let kept = ConditionLocked<Set<String>>([])

    init(directory: String, capBytes: Int, client: PlexClient, logger: Logger) {
        self.directory = directory
        self.capBytes = capBytes
        self.client = client
        self.logger = logger
    }

    /// Where a complete copy of the track is (or would be). The suffix is the part's own
    /// when Crate plays it (the decoder goes by content anyway), so the cache reads as files.
    public func file(for location: RemoteTrackLocation) -> String {
        let suffix = PlexPart.fileExtension(of: location.partKey)?.lowercased()
        let name = suffix.map { FormatRegistry.isAudioFileName("." + $0) } == true ? suffix! : "audio"
        return "\(directory)/\(location.server)/\(location.ratingKey)-\(Self.stamp(location.partKey)).\(name)"
    }

    /// The complete copy, or nil.
    public func cached(_ location: RemoteTrackLocation) -> String? {
        let path = file(for: location)
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? path : nil
    }

    /// Downloads the track unless it is cached; returns the complete file.
    @discardableResult
    public func fetch(_ location: RemoteTrackLocation, from server: PlexAccount.Server,
                      cancel: CancelToken? = nil) throws(PlexError) -> String {
        if let done = cached(location) {
            touch(done)
            return done
        }
        let target = file(for: location)
        try makeDirectory(directory)
        try makeDirectory(directory + "/" + location.server)
        let partial = target + ".part"
        var attempts = 0
        while true {
            attempts += 1
            do {
                try download(location, server: server, to: partial, cancel: cancel)
                break
            } catch {
                // A cut connection resumes where it stopped; anything else, or too many cuts, fails.
                guard error.isUnreachable, attempts < 4, !(cancel?.isCancelled ?? false) else { throw error }
                logger.warning("plex: download of \(location.ratingKey) interrupted (\(error)); resuming")
                usleep(UInt32(200_000 * attempts))
            }
        }
        do {
            try AtomicFile.commit(partial, to: target)
        } catch {
            throw .badResponse("cannot move \(partial) into place: \(error.reason)")
        }
        evictIfNeeded(keeping: [target])
        return target
    }

    private func download(_ location: RemoteTrackLocation, server: PlexAccount.Server, to partial: String,
                          cancel: CancelToken?) throws(PlexError) {
        let fd = open(partial, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .badResponse("cannot write \(partial): \(errnoDescription())") }
        defer { close(fd) }
        var have = Int(lseek(fd, 0, SEEK_END))
        active.withLock { $0[location.ratingKey] = (have, location.size) }
        defer { active.withLock { $0[location.ratingKey] = nil } }
        var request = HTTPRequest(url: PlexClient.url(server.uri, location.partKey, [("download", "1")]),
                                  headers: client.device.headers + [("X-Plex-Token", server.accessToken)])
        request.rangeStart = have > 0 ? have : nil
        var expected: Int? = location.size
        var writeFailure: Int32 = 0
        let result: (status: Int, headers: [String: String])
        do {
            result = try client.http.stream(request, cancel: cancel, onResponse: { status, headers in
                if status == 200 && have > 0 {  // the server ignored the Range: start over
                    _ = ftruncate(fd, 0)
                    have = 0
                }
                if status == 200, let length = headers["content-length"].flatMap(Int.init) { expected = length }
                if status == 206, let range = headers["content-range"], let total = range.split(separator: "/").last.flatMap({ Int($0) }) {
                    expected = total
                }
                return status == 200 || status == 206
            }, onData: { bytes in
                let written = write(fd, bytes.baseAddress, bytes.count)
                if written != bytes.count { writeFailure = errno; return false }
                have += written
                active.withLock { $0[location.ratingKey]?.bytes = have }
                return true
            })
        } catch {
            throw error.kind == .cancelled ? .badResponse("download of track \(location.ratingKey) cancelled")
                : .unreachable("download of track \(location.ratingKey): \(error.message)")
        }
        if writeFailure != 0 { throw .badResponse("cannot write \(partial): \(errnoDescription(writeFailure))") }
        switch result.status {
        case 200, 206: break
        case 401: throw .unauthorized("the server refused the token for track \(location.ratingKey) (401)")
        case 403: throw .badResponse("the server forbids downloads (403): allow them for this user in Plex")
        default: throw .badResponse("track \(location.ratingKey): the server answered \(result.status)")
        }
        guard fsync(fd) == 0 else { throw .badResponse("cannot flush \(partial): \(errnoDescription())") }
        var st = stat()
        fstat(fd, &st)
        if let expected, Int(st.st_size) != expected {
            throw .unreachable("track \(location.ratingKey) arrived with \(st.st_size) of \(expected) bytes")
        }
    }

    /// Marks a file as just played (its mtime), for least-recently-played eviction.
    public func touch(_ path: String) {
        if utimes(path, nil) != 0 { logger.warning("plex cache: cannot touch \(path): \(errnoDescription())") }
    }

    /// Complete files and their total size.
    public func usage() -> (files: Int, bytes: Int) {
        let all = entries()
        return (all.count, all.reduce(0) { $0 + $1.size })
    }

    /// Deletes least-recently-played files until the cache fits its cap, sparing `keeping`
    /// and the kept albums' files (which count against the cap all the same).
    /// A `.part` counts too: one left by a power cut or a failed download is resumed only
    /// if its track is fetched again, and until then it takes space like any file (each
    /// cut mid-download would otherwise leave one the cap never sees). Downloads under
    /// way keep theirs.
    public func evictIfNeeded(keeping: Set<String>) {
        let downloading = active.withLock { Set($0.keys) }
        let keeping = keeping.union(kept.withLock { $0 })
        var all = entries(withPartials: true).sorted { $0.mtime < $1.mtime }
        var total = all.reduce(0) { $0 + $1.size }
        while total > capBytes, let oldest = all.first {
            all.removeFirst()
            guard !keeping.contains(oldest.path), !Self.isPartial(oldest.path, of: downloading) else { continue }
            if unlink(oldest.path) == 0 {
                total -= oldest.size
                logger.info("plex cache: evicted \(oldest.path) (cache at \(total >> 20) MB of \(capBytes >> 20) MB)")
            } else {
                logger.error("plex cache: cannot evict \(oldest.path): \(errnoDescription())")
            }
        }
    }

    /// Whether `path` is the `.part` of one of the tracks in `keys` (named "<ratingKey>-...").
    private static func isPartial(_ path: String, of keys: Set<String>) -> Bool {
        guard path.hasSuffix(".part"), let name = path.split(separator: "/").last,
              let key = name.split(separator: "-").first else { return false }
        return keys.contains(String(key))
    }

    /// Complete files; with `withPartials`, the `.part` files of downloads too.
    private func entries(withPartials: Bool = false) -> [(path: String, size: Int, mtime: Int)] {
        var out: [(String, Int, Int)] = []
        guard let top = opendir(directory) else { return [] }
        defer { closedir(top) }
        while let server = readdir(top) {
            let name = withUnsafeBytes(of: server.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let folder = directory + "/" + name
            guard let dir = opendir(folder) else { continue }
            while let entry = readdir(dir) {
                let file = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let whole = withPartials && file.hasSuffix(".part") ? String(file.dropLast(5)) : file
                guard FormatRegistry.isAudioFileName(whole) || whole.hasSuffix(".audio") else { continue }
                var st = stat()
                if stat(folder + "/" + file, &st) == 0 { out.append((folder + "/" + file, Int(st.st_size), st.st_mtim.tv_sec)) }
            }
            closedir(dir)
        }
        return out
    }

    private func makeDirectory(_ path: String) throws(PlexError) {
        if mkdir(path, 0o750) != 0 && errno != EEXIST {
            throw .badResponse("cannot create \(path): \(errnoDescription())")
        }
    }

    /// A short, file-name-safe digest of the part key: a changed file on the server gets
    /// a new name here, so a stale copy is never played.
    static func stamp(_ partKey: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in partKey.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
