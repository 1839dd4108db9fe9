import CrateCore
import CrateFormats
import CratePosix
import Synchronization

/// Covers from an `ArtworkCache`, for the screens. The embedded picture is taken from the
/// reference when the library recorded it, else read from the track's tag once per album.
/// Remote covers (Plex) come from the cache only; a miss asks `fetches` and draws the
/// placeholder until the picture arrives. Failures make the screen draw its placeholder;
/// each one is reported through `onError` once, not on every redraw (the cache keeps
/// answering with the same error).
public final class CachedArtwork: ArtworkProvider {
    public let cache: ArtworkCache
    /// Where remote covers are fetched; nil: they stay placeholders.
    public let fetches: ArtworkFetchQueue?
    private let onError: @Sendable (ArtworkReference, ArtworkError) -> Void
    private let state = Mutex(State())
    /// The side remote covers are asked for: the panel's shorter side, as large as any
    /// screen draws a cover, so one fetch serves every screen.
    private let fetchSide = Mutex(240)

    private struct State {
        /// Embedded pictures found by reading tags, by track file; `until` is set when the
        /// tag could not be read, after which it is read again.
        var locations: [String: (location: ArtworkLocation?, until: Double?)] = [:]
        /// The last error reported per album, so a broken cover is logged once (a tag
        /// that stays unreadable fails again every retry; that is not news either).
        var reported: [String: ArtworkError] = [:]
        /// Remote covers asked for and not drawn yet: when a screen first asked.
        var asked: [String: Double] = [:]
        /// From a screen first asking for a remote cover to the frame drawn with it.
        var lastShownMilliseconds: Double?
    }

    /// Bounds on the memo tables: a crate has hundreds of albums, the panel shows three.
    private static let memoLimit = 256

    public init(cache: ArtworkCache, fetches: ArtworkFetchQueue? = nil,
                onError: @escaping @Sendable (ArtworkReference, ArtworkError) -> Void = { _, _ in }) {
        self.cache = cache
        self.fetches = fetches
        self.onError = onError
    }

    /// The panel's size (logical, after rotation), for the size remote covers are fetched at.
    public func panelSize(width: Int, height: Int) {
        let side = min(width, height)
        guard side > 0 else { return }
        fetchSide.withLock { $0 = min(side, ArtworkBox.maxSide) }
    }

    /// What a lookup found: the picture, none (the album has no cover), a remote cover
    /// not here yet (asked for, or not asked for when there was no `fetchSide`), or why
    /// the cover cannot be shown (reported through `onError` once).
    public enum Lookup: Sendable {
        case image(RGBImage)
        case noCover
        case fetching
        case notFetched
        case failed(ArtworkError)
    }

    public func image(for art: ArtworkReference, fitting box: ArtworkBox) -> RGBImage? {
        let side = max(fetchSide.withLock { $0 }, box.width, box.height)
        if case .image(let image) = lookup(art, fitting: box, fetchSide: side, timed: true) { return image }
        return nil
    }

    /// The cover as the screens get it, for others (the `cover` command): the same cache,
    /// the same fetches. A remote cover not cached is fetched `fetchSide` pixels square
    /// (kept, and scaled for every size asked later); with no `fetchSide` it is
    /// `.notFetched` and not asked for (its server is known to be away).
    public func lookup(_ art: ArtworkReference, fitting box: ArtworkBox, fetchSide: Int?) -> Lookup {
        lookup(art, fitting: box, fetchSide: fetchSide, timed: false)
    }

    /// `timed`: a screen asks, so the time from asking to drawing counts for `status`.
    private func lookup(_ art: ArtworkReference, fitting box: ArtworkBox, fetchSide: Int?, timed: Bool) -> Lookup {
        if let name = art.name { cache.name(name, forAlbumKey: art.albumKey) }
        if let remote = art.remote { return remoteImage(art, remote, box, fetchSide: fetchSide, timed: timed) }
        let location = art.embedded ?? embeddedLocation(of: art)
        do {
            let image = try cache.image(forAlbumKey: art.albumKey, trackPath: art.trackPath, artwork: location, size: box)
            return image.map { .image($0) } ?? .noCover
        } catch {
            report(error, for: art)
            return .failed(error)
        }
    }

    private func remoteImage(_ art: ArtworkReference, _ remote: RemoteArtwork, _ box: ArtworkBox,
                             fetchSide: Int?, timed: Bool) -> Lookup {
        let now = MonotonicClock.now()
        do {
            if let image = try cache.fetchedImage(forAlbumKey: art.albumKey, size: box) {
                if timed {
                    state.withLock { state in
                        // Asked long ago (turned past before it arrived): not a fetch's time.
                        guard let asked = state.asked.removeValue(forKey: art.albumKey), now - asked < 30 else { return }
                        state.lastShownMilliseconds = (now - asked) * 1000
                    }
                }
                return .image(image)
            }
        } catch {
            state.withLock { _ = $0.asked.removeValue(forKey: art.albumKey) }
            report(error, for: art)
            return .failed(error)
        }
        guard let fetchSide, let fetches else { return .notFetched }
        if timed {
            state.withLock { state in
                if state.asked.count >= Self.memoLimit { state.asked.removeAll(keepingCapacity: true) }
                if state.asked[art.albumKey] == nil { state.asked[art.albumKey] = now }
            }
        }
        fetches.request(albumKey: art.albumKey, remote: remote, side: min(fetchSide, ArtworkBox.maxSide))
        return .fetching
    }

    /// Sizes and counts of the cache and its fetches, for `status`.
    public func status() -> ArtworkStatus {
        var status = cache.status()
        status.waiting = fetches?.waiting ?? 0
        status.lastShownMilliseconds = state.withLock { $0.lastShownMilliseconds }
        return status
    }

    /// The picture the track's tag carries, nil when it has none. A tag that cannot be
    /// read is reported and counts as none for a while, so folder images (cover.jpg) are
    /// still found; a folder that cannot be listed either makes the cache retry by itself.
    private func embeddedLocation(of art: ArtworkReference) -> ArtworkLocation? {
        let now = MonotonicClock.now()
        let known = state.withLock { state -> ArtworkLocation?? in
            guard let entry = state.locations[art.trackPath] else { return nil }
            if let until = entry.until, now >= until { return nil }
            return .some(entry.location)
        }
        if let known { return known }
        var found: ArtworkLocation?, until: Double?
        do {
            found = try ArtworkSource.embeddedLocation(inTrack: art.trackPath)
        } catch {
            report(error, for: art)
            until = now + ArtworkCache.retryInterval
        }
        state.withLock { state in
            if state.locations.count >= Self.memoLimit { state.locations.removeAll(keepingCapacity: true) }
            state.locations[art.trackPath] = (found, until)
        }
        return found
    }

    private func report(_ error: ArtworkError, for art: ArtworkReference) {
        let isNew = state.withLock { state -> Bool in
            guard state.reported[art.albumKey] != error else { return false }
            if state.reported.count >= Self.memoLimit { state.reported.removeAll(keepingCapacity: true) }
            state.reported[art.albumKey] = error
            return true
        }
        if isNew { onError(art, error) }
    }
}
