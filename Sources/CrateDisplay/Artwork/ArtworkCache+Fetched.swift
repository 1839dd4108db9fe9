import CrateCore
import CratePosix

/// Covers fetched from a server (Plex albums): the picture is kept on disk as it came,
/// and every size the screens ask for is scaled from it, so an album is fetched once and
/// shown without the server from then on, across restarts. Nothing here deletes a cover
/// because a fetch failed: only the size cap and `forget` remove files.
extension ArtworkCache {
    /// Fetched pictures kept in memory when there is no disk.
    static let fetchedInMemoryLimit = 16

    /// The album's fetched cover fitted into `size`, from memory, the scaled entry on
    /// disk, or the fetched picture on disk; nil when it has not been fetched (yet).
    /// Throws the last fetch failure until it is due for a retry.
    public func fetchedImage(forAlbumKey albumKey: String, size: ArtworkBox) throws(ArtworkError) -> RGBImage? {
        let box = try size.validated()
        let key = ArtworkMemoryLRU.Key(albumKey: albumKey, box: box)
        if let hit = try known(key, now: MonotonicClock.now(), checkWithoutArt: false) { return hit }
        if let image = loadFromDisk(albumKey: albumKey, box: box) {
            state.withLock { $0.recent.insert(image, for: key) }
            return image
        }
        guard let bytes = fetchedBytes(albumKey: albumKey) else { return nil }
        let image: RGBImage
        do {
            image = try ArtworkDecoder.decode(bytes, fitting: box, limits: limits)
        } catch {
            // It decoded when it arrived: the file was damaged since. Fetched again.
            logger?.notice("artwork cache: the fetched cover of \(albumKey) no longer decodes (\(error.userMessage)); fetching it again")
            disk?.removeFetched(albumKey: albumKey)
            state.withLock { $0.fetchedInMemory.removeAll { $0.albumKey == albumKey } }
            return nil
        }
        storeOnDisk(image, albumKey: albumKey, box: box)
        state.withLock { $0.recent.insert(image, for: key) }
        return image
    }

    /// Keeps a fetched picture once it is known to decode (fitted into `box`, the size it
    /// was asked for). Throws `.fetchFailed` when the bytes are not a usable picture.
    public func storeFetched(_ bytes: [UInt8], forAlbumKey albumKey: String, source: String,
                             box: ArtworkBox) throws(ArtworkError) {
        do {
            _ = try ArtworkDecoder.decode(bytes, fitting: try box.validated(), limits: limits)
        } catch {
            throw .fetchFailed(source: source, reason: "the answer is not a usable picture: \(error.userMessage)")
        }
        if let disk {
            do {
                try disk.storeFetched(bytes, albumKey: albumKey)
                state.withLock { $0.diskProblem = nil }
            } catch {
                report(error)
                keepInMemory(bytes, albumKey: albumKey)
            }
        } else {
            keepInMemory(bytes, albumKey: albumKey)
        }
        state.withLock { state in
            state.failures[albumKey] = nil
            // Scaled entries of an older picture under this key must not hide the new one.
            state.recent.remove(albumKey: albumKey)
        }
    }

    /// A fetch that took `milliseconds`, from the request to the picture kept.
    public func noteFetched(milliseconds: Double) {
        state.withLock { state in
            state.fetched += 1
            state.lastFetchMilliseconds = milliseconds
        }
    }

    /// A fetch that failed: the placeholder stays, and the next try waits `retryInterval`.
    public func noteFetchFailure(_ error: ArtworkError, forAlbumKey albumKey: String) {
        noteFailure(error, forAlbumKey: albumKey, retryAt: MonotonicClock.now() + Self.retryInterval)
        state.withLock { $0.fetchFailures += 1 }
    }

    /// Forgets failed fetches, so they are tried at once (the server answers again).
    public func retryFailedFetches() {
        state.withLock { state in
            state.failures = state.failures.filter { entry in
                if case .fetchFailed = entry.value.error { return false }
                return true
            }
        }
    }

    /// Sizes, counts and the latest failure, for `crate-admin status`.
    public func status() -> ArtworkStatus {
        let usage = disk?.usage
        return state.withLock { state in
            var status = ArtworkStatus(directory: directory, files: usage?.files ?? 0, bytes: usage?.bytes ?? 0,
                                       capBytes: disk?.capBytes)
            status.fetched = state.fetched
            status.fetchFailures = state.fetchFailures
            status.lastFetchMilliseconds = state.lastFetchMilliseconds
            status.failing = state.failures.count
            status.lastError = state.failures.isEmpty ? nil : state.lastFailure
            status.diskProblem = state.diskProblem?.userMessage
            return status
        }
    }

    private func fetchedBytes(albumKey: String) -> [UInt8]? {
        if let disk {
            do {
                if let bytes = try disk.loadFetched(albumKey: albumKey) { return bytes }
            } catch {
                report(error)
            }
        }
        return state.withLock { $0.fetchedInMemory.last { $0.albumKey == albumKey }?.bytes }
    }

    private func keepInMemory(_ bytes: [UInt8], albumKey: String) {
        state.withLock { state in
            state.fetchedInMemory.removeAll { $0.albumKey == albumKey }
            if state.fetchedInMemory.count >= Self.fetchedInMemoryLimit { state.fetchedInMemory.removeFirst() }
            state.fetchedInMemory.append((albumKey, bytes))
        }
    }
}
