import CrateCore
import CrateLibrary
import CratePosix
import Glibc

/// Why albums cannot be kept offline, in words for the panel and crate-admin.
public struct KeepError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Albums kept offline (`crate-admin downloads keep`, the track list's "Keep offline"):
/// every track downloaded into the cache and never evicted. They count against
/// `cache_mb`: a keep that would not fit is refused and says so, rather than evicting
/// kept albums. Kept by album key in the cache database's state table, so the choice
/// survives restarts and syncs (a key names the same album after a sync).
extension PlexService {
    static let keptStateKey = "plex-kept"

    /// The kept albums' keys, oldest first.
    public func keptAlbumKeys() -> [String] {
        do { return try store.scanState(Self.keptStateKey)?.split(separator: "\n").map(String.init) ?? [] } catch {
            logger.error("plex: cannot read the kept albums: \(error); none are spared from eviction now")
            return []
        }
    }

    /// Whether album `id` is kept offline; nil when it is not a Plex album (a local album
    /// is always offline).
    public func isKept(albumID id: Int64) -> Bool? {
        do {
            guard try store.remoteAlbumSource(albumID: id) != nil, let key = try store.albumKey(id: id) else { return nil }
            return keptAlbumKeys().contains(key)
        } catch {
            logger.warning("plex: cannot tell whether album \(id) is kept: \(error)")
            return nil
        }
    }

    /// Keeps `ids` offline and starts downloading what is missing. Local albums among
    /// several are passed over (they are offline already); `ids` holding only local
    /// albums, or more than the cache holds, is refused and changes nothing. Returns the
    /// Plex albums now kept.
    @discardableResult
    public func keep(_ ids: [Int64]) throws -> [Int64] {
        var plexIDs: [Int64] = [], keys: [String] = []
        for id in ids {
            guard try store.remoteAlbumSource(albumID: id) != nil, let key = try store.albumKey(id: id) else { continue }
            plexIDs.append(id)
            keys.append(key)
        }
        guard !plexIDs.isEmpty else {
            throw KeepError(ids.count == 1
                ? "album \(ids[0]) is on the box's own storage: it is always offline, there is nothing to keep"
                : "none of these albums is on a Plex server: local albums are always offline")
        }
        let kept = keptAlbumKeys()
        let wanted = kept + keys.filter { !kept.contains($0) }
        let bytes = try keptTracks(wanted).reduce(0) { $0 + $1.bytes }
        guard bytes <= cache.capBytes else {
            throw KeepError("the offline cache is full: kept albums would take \(Self.megabytes(bytes)) of cache_mb "
                + "\(Self.megabytes(cache.capBytes)), and kept albums are never evicted; unkeep some "
                + "(crate-admin downloads unkeep) or raise [plex] cache_mb")
        }
        try saveKept(wanted)
        return plexIDs
    }

    /// Lets `ids` go: their files stay, evicted like any others when room is needed.
    /// Returns the albums that were kept.
    @discardableResult
    public func unkeep(_ ids: [Int64]) throws -> [Int64] {
        var leaving: [Int64] = [], keys = Set<String>()
        let kept = Set(keptAlbumKeys())
        for id in ids {
            guard let key = try store.albumKey(id: id), kept.contains(key) else { continue }
            leaving.append(id)
            keys.insert(key)
        }
        try saveKept(keptAlbumKeys().filter { !keys.contains($0) })
        return leaving
    }

    /// At start: the kept files are spared from eviction and what is missing of them is
    /// downloaded (a keep cut short by a stop or a power cut carries on).
    public func resumeKeeping() {
        guard !keptAlbumKeys().isEmpty else { return }
        downloadKept()
    }

    /// The kept albums for `downloads`: how many, their size, the tracks not here yet,
    /// and whether they fit the cache.
    public func keptDownloads() -> DownloadsStatus.Kept? {
        let keys = keptAlbumKeys()
        guard !keys.isEmpty else { return nil }
        do {
            let tracks = try keptTracks(keys)
            let bytes = tracks.reduce(0) { $0 + $1.bytes }
            let missing = tracks.reduce(0) { $0 + $1.locations.filter { cache.cached($0) == nil }.count }
            var kept = DownloadsStatus.Kept(albums: tracks.count, bytes: bytes, missingTracks: missing)
            if bytes > cache.capBytes {
                kept.full = "the offline cache is full: kept albums take \(Self.megabytes(bytes)) of cache_mb "
                    + "\(Self.megabytes(cache.capBytes)); \(missing) of their tracks are not downloaded "
                    + "(kept albums are never evicted: unkeep some or raise [plex] cache_mb)"
            }
            return kept
        } catch {
            logger.warning("plex: cannot list the kept albums' tracks: \(error)")
            return nil
        }
    }

    private func saveKept(_ keys: [String]) throws {
        try store.setScanState(Self.keptStateKey, keys.isEmpty ? nil : keys.joined(separator: "\n"), durable: true)
        logger.info("plex: \(keys.count) album(s) kept offline")
        downloadKept()
    }

    /// Each kept album's Plex tracks and their size as the server lists it.
    private func keptTracks(_ keys: [String]) throws -> [(id: Int64, paths: [String], locations: [RemoteTrackLocation], bytes: Int)] {
        try store.albumIDs(albumKeys: keys).compactMap { id in
            guard let detail = try store.album(id: id) else { return nil }
            let paths = detail.tracks.map(\.path).filter(TrackLocation.isPlex)
            let locations = try paths.compactMap { try store.remoteLocation(path: $0) }
            return (id, paths, locations, locations.reduce(0) { $0 + ($1.size ?? 0) })
        }
    }

    /// Spares the kept files and fetches what is missing of them on the
    /// `crate-plex-keep` thread at idle priority; a newer call takes over.
    private func downloadKept() {
        let generation = keepGeneration.add(1, ordering: .relaxed).newValue
        let albums: [(id: Int64, paths: [String], locations: [RemoteTrackLocation], bytes: Int)]
        do { albums = try keptTracks(keptAlbumKeys()) } catch {
            logger.error("plex: cannot list the kept albums' tracks: \(error); they are not spared from eviction now")
            return
        }
        cache.kept.withLock { $0 = Set(albums.flatMap { $0.locations.map(cache.file(for:)) }) }
        let missing = albums.filter { $0.locations.contains { cache.cached($0) == nil } }
        guard !missing.isEmpty else { return }
        do {
            _ = try PosixThread.spawn(name: "crate-plex-keep") { [self] in
                do { try PosixThread.makeCurrentBackground() } catch { logger.debug("plex keep at normal priority: \(error)") }
                for album in missing {
                    guard keepGeneration.load(ordering: .relaxed) == generation, !stopFlag.isSet else { return }
                    do {
                        _ = try localFiles(for: album.paths)
                        logger.info("plex: album \(album.id) is downloaded and kept offline")
                    } catch {
                        logger.warning("plex: cannot download kept album \(album.id) now: \(error); tried again at the next start or keep")
                    }
                }
            }
        } catch {
            logger.error("plex: cannot start downloading the kept albums: \(error)")
        }
    }

    /// "1.5 MB".
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
