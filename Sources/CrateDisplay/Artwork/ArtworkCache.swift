import CrateFormats
import CratePosix
import Logging
import Synchronization

/// Display-sized covers by album: a few in memory, all on disk (`<state_dir>/artwork`),
/// decoded from the album's source only on a miss. Safe to share between threads.
///
/// Disk problems never cost the picture: a directory that cannot be created is an error
/// from `init` (the caller can fall back to `init(memoryCapacity:)`), and a later
/// failure to read or write an entry is logged and kept in `diskProblem` for `status`
/// while the freshly decoded image is still returned.
public final class ArtworkCache: Sendable {
    /// How long an I/O failure (a folder on a disk not yet mounted) is remembered before
    /// the sources are tried again. Failures in the picture data are remembered until
    /// `forget(albumKey:)`: decoding a broken 5 MB JPEG on every redraw helps nobody.
    public static let retryInterval: Double = 30

    public let directory: String?
    let disk: ArtworkDiskStore?
    let limits: ArtworkDecoder.Limits
    let logger: Logger?
    let state: Mutex<State>

    struct State {
        var recent: ArtworkMemoryLRU
        /// Albums known to have no cover, for the process lifetime.
        var withoutArt: Set<String> = []
        var failures: [String: (error: ArtworkError, retryAt: Double?)] = [:]
        var diskProblem: ArtworkError?
        /// The latest failure, "album: error" (its name when known, else its key), for `status`.
        var lastFailure: String?
        /// Albums' names by key, as the screens' references give them (bounded).
        var names: [String: String] = [:]
        /// Fetched pictures when there is no disk (a few, most recent last).
        var fetchedInMemory: [(albumKey: String, bytes: [UInt8])] = []
        var fetched = 0
        var fetchFailures = 0
        var lastFetchMilliseconds: Double?
    }

    /// A cache backed by `directory`, created if missing, whose files together stay under
    /// `capBytes` (nil: no cap), least recently used covers leaving first. Throws
    /// `.cacheUnavailable` when it cannot be created or written.
    public init(directory: String, memoryCapacity: Int = 8, capBytes: Int? = nil,
                limits: ArtworkDecoder.Limits = .standard, logger: Logger? = nil) throws(ArtworkError) {
        self.disk = try ArtworkDiskStore(directory: directory, capBytes: capBytes)
        self.directory = directory
        self.limits = limits
        self.logger = logger
        self.state = Mutex(State(recent: ArtworkMemoryLRU(capacity: memoryCapacity)))
    }

    /// A cache without a disk: every process start decodes again.
    public init(memoryCapacity: Int = 8, limits: ArtworkDecoder.Limits = .standard, logger: Logger? = nil) {
        self.disk = nil
        self.directory = nil
        self.limits = limits
        self.logger = logger
        self.state = Mutex(State(recent: ArtworkMemoryLRU(capacity: memoryCapacity)))
    }

    /// The last disk read or write failure, nil once a write succeeds again.
    public var diskProblem: ArtworkError? { state.withLock { $0.diskProblem } }

    /// The album's cover fitted into `size` (aspect kept; the caller centres it), or nil
    /// when the album has no cover. `albumKey` is any stable text naming the album;
    /// `artwork` is the embedded picture the library recorded for `trackPath` (nil: none).
    /// Throws when a cover exists but cannot be read or decoded.
    public func image(forAlbumKey albumKey: String, trackPath: String, artwork: ArtworkLocation?,
                      size: ArtworkBox) throws(ArtworkError) -> RGBImage? {
        let box = try size.validated()
        let key = ArtworkMemoryLRU.Key(albumKey: albumKey, box: box)
        let now = MonotonicClock.now()
        if let hit = try known(key, now: now, checkWithoutArt: true) { return hit }

        if let image = loadFromDisk(albumKey: albumKey, box: box) {
            state.withLock { $0.recent.insert(image, for: key) }
            return image
        }

        let image: RGBImage?
        do {
            image = try decodeFromSources(trackPath: trackPath, artwork: artwork, box: box)
        } catch {
            noteFailure(error, forAlbumKey: albumKey, retryAt: error.isTransient ? now + Self.retryInterval : nil)
            throw error
        }
        guard let image else {
            state.withLock { _ = $0.withoutArt.insert(albumKey) }
            return nil
        }
        storeOnDisk(image, albumKey: albumKey, box: box)
        state.withLock { $0.recent.insert(image, for: key) }
        return image
    }

    /// Drops everything known about the album (memory, disk, "has no art", failures):
    /// for when its files or tags changed.
    public func forget(albumKey: String) {
        state.withLock { state in
            state.recent.remove(albumKey: albumKey)
            state.withoutArt.remove(albumKey)
            state.failures[albumKey] = nil
            state.fetchedInMemory.removeAll { $0.albumKey == albumKey }
        }
        do { try disk?.remove(albumKey: albumKey) } catch {
            logger?.warning("artwork cache: \(error)")
        }
    }

    /// What memory already knows: `.some(image)` (a hit, or `.some(nil)`: no art), nil
    /// to look further; throws a remembered failure until it is due for a retry.
    func known(_ key: ArtworkMemoryLRU.Key, now: Double, checkWithoutArt: Bool) throws(ArtworkError) -> RGBImage?? {
        let known = state.withLock { state -> Result<RGBImage??, ArtworkError> in
            if let image = state.recent.image(for: key) { return .success(.some(image)) }
            if checkWithoutArt && state.withoutArt.contains(key.albumKey) { return .success(.some(nil)) }
            if let failure = state.failures[key.albumKey] {
                if let retryAt = failure.retryAt, now >= retryAt {
                    state.failures[key.albumKey] = nil
                } else {
                    return .failure(failure.error)
                }
            }
            return .success(nil)
        }
        let result = try known.get()
        if case .some(.some) = result { disk?.noteUse(albumKey: key.albumKey, box: key.box) }
        return result
    }

    /// What to call the album of `albumKey` in `status` (the last 256 named are kept).
    public func name(_ name: String, forAlbumKey albumKey: String) {
        state.withLock { state in
            guard state.names[albumKey] != name else { return }
            if state.names.count >= 256 { state.names.removeAll() }
            state.names[albumKey] = name
        }
    }

    /// Remembers why the album has no cover now (until `retryAt`; nil: until forgotten).
    func noteFailure(_ error: ArtworkError, forAlbumKey albumKey: String, retryAt: Double?) {
        state.withLock { state in
            state.failures[albumKey] = (error, retryAt)
            state.lastFailure = "\(state.names[albumKey] ?? albumKey): \(error.userMessage)"
        }
    }

    /// Tries each source in order; the first that decodes wins. When all fail, the first
    /// (best) source's error is the one reported.
    private func decodeFromSources(trackPath: String, artwork: ArtworkLocation?,
                                   box: ArtworkBox) throws(ArtworkError) -> RGBImage? {
        let sources = try ArtworkSource.candidates(trackPath: trackPath, embedded: artwork)
        var firstError: ArtworkError?
        for source in sources {
            do {
                let bytes = try source.readBytes()
                return try ArtworkDecoder.decode(bytes, fitting: box, limits: limits)
            } catch {
                logger?.notice("artwork: \(source): \(error.userMessage)")
                firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
        return nil
    }

    func loadFromDisk(albumKey: String, box: ArtworkBox) -> RGBImage? {
        guard let disk else { return nil }
        do {
            switch try disk.load(albumKey: albumKey, box: box) {
            case .hit(let image): return image
            case .miss: return nil
            case .corrupt(let reason):
                logger?.notice("artwork cache: deleted a corrupt entry for \(albumKey): \(reason)")
                return nil
            }
        } catch {
            report(error)
            return nil
        }
    }

    func storeOnDisk(_ image: RGBImage, albumKey: String, box: ArtworkBox) {
        guard let disk else { return }
        do {
            try disk.store(image, albumKey: albumKey, box: box)
            state.withLock { $0.diskProblem = nil }
        } catch {
            report(error)
        }
    }

    func report(_ error: ArtworkError) {
        logger?.warning("\(error.userMessage)")
        state.withLock { $0.diskProblem = error }
    }
}
