import CrateCore
import CrateLibrary
import CratePosix
import Glibc

/// Playing Plex albums: every track is played from a complete copy in the cache. An album
/// not yet cached is fetched whole before it starts (the join between its tracks is then
/// as gapless as local files); the albums coming up are fetched ahead in the background,
/// so the next one is ready before the current one ends and plays without the server.
extension PlexService {
    /// Local files for `paths`, in order: Plex tracks from the cache (fetched now when
    /// missing), local paths unchanged. Throws when a track cannot be had.
    public func localFiles(for paths: [String]) throws(PlexError) -> [String] {
        guard paths.contains(where: TrackLocation.isPlex) else { return paths }
        var server: PlexAccount.Server?
        var files: [String] = []
        for path in paths {
            guard TrackLocation.isPlex(path) else { files.append(path); continue }
            guard let location = try location(path) else { throw .badResponse("\(path) is not in the library any more") }
            if let cached = cache.cached(location) {
                cache.touch(cached)
                files.append(cached)
                continue
            }
            if server == nil { server = try currentServer(for: location.server) }
            files.append(try cache.fetch(location, from: server!))
        }
        return files
    }

    /// The Plex albums offline now whose every track has a complete copy here: they play
    /// without the server, so crates made meanwhile offer them. A file check per track of
    /// an offline album only, and only while some are offline.
    public func downloadedOfflineAlbums() -> Set<Int64> {
        let tracks: [(albumID: Int64, location: RemoteTrackLocation)]
        do { tracks = try store.offlineRemoteTracks() } catch {
            logger.warning("plex: cannot list the offline albums' tracks (\(error)); crates leave all of them out")
            return []
        }
        var complete: [Int64: Bool] = [:]
        for (album, location) in tracks where complete[album] != false {
            complete[album] = cache.cached(location) != nil
        }
        return Set(complete.filter(\.value).keys)
    }

    /// True when every Plex track of `paths` has a complete copy here (playable offline).
    public func isCached(_ paths: [String]) -> Bool {
        paths.allSatisfy { path in
            guard TrackLocation.isPlex(path) else { return true }
            do { return try location(path).flatMap { cache.cached($0) } != nil } catch {
                logger.warning("plex: cannot look up \(path): \(error)")
                return false
            }
        }
    }

    /// Fetches the tracks of the albums coming up, in order, on the `crate-plex-fetch`
    /// thread at background priority; a newer request replaces an older one.
    public func prefetch(_ albums: [[String]]) {
        let plexAlbums = albums.filter { $0.contains(where: TrackLocation.isPlex) }
        guard !plexAlbums.isEmpty else { return }
        let generation = prefetchGeneration.add(1, ordering: .relaxed).newValue
        do {
            _ = try PosixThread.spawn(name: "crate-plex-fetch") { [self] in
                // Not idle: on a box with no idle time (a busy neighbour) it would never run,
                // and the album would stay a stream. Playback's writer is real-time anyway.
                do { try PosixThread.makeCurrentBackground() } catch { logger.debug("plex fetch at normal priority: \(error)") }
                for paths in plexAlbums {
                    guard prefetchGeneration.load(ordering: .relaxed) == generation, !stopFlag.isSet else { return }
                    do { _ = try localFiles(for: paths) } catch {
                        logger.warning("plex: could not fetch ahead: \(error)")
                        return
                    }
                }
            }
        } catch {
            logger.error("plex: cannot start fetching ahead: \(error)")
        }
    }

    private func location(_ path: String) throws(PlexError) -> RemoteTrackLocation? {
        do { return try store.remoteLocation(path: path) } catch {
            throw .badResponse("cannot read the library: \(error)")
        }
    }

    private func currentServer(for machine: String) throws(PlexError) -> PlexAccount.Server {
        guard let server = try account.server(), server.machineIdentifier == machine else {
            throw .notConfigured("this album is on a Plex server that is no longer chosen (crate-admin plex use)")
        }
        return server
    }
}

extension PlexService {
    /// The cache's size and the downloads under way.
    public func downloads() -> DownloadsStatus {
        let usage = cache.usage()
        let transfers = cache.active.withLock { $0 }.sorted { $0.key < $1.key }.map {
            DownloadsStatus.Transfer(track: "track \($0.key)", bytes: $0.value.bytes, totalBytes: $0.value.total)
        }
        var pending = 0
        do { pending = try store.remoteWriteBackCount() } catch { logger.warning("plex: cannot count write-backs: \(error)") }
        var status = DownloadsStatus(files: usage.files, bytes: usage.bytes, capBytes: cache.capBytes, active: transfers,
                                     pendingWriteBacks: pending)
        status.kept = keptDownloads()
        return status
    }
}

/// Where a Plex track's sound comes from when the player opens it.
public enum PlexTrackSource: Sendable {
    /// A complete copy on the box.
    case file(String)
    /// The server's file, to be decoded as it arrives.
    case stream(url: String, headers: [(name: String, value: String)], bytes: Int?, stallTimeout: Double)
    case unavailable(String)
}

extension PlexService {
    /// How the player gets a Plex track when it opens it: the cached copy when complete,
    /// else a stream from the server. nil for local paths.
    public func trackSource(for path: String) -> PlexTrackSource? {
        guard TrackLocation.isPlex(path) else { return nil }
        do {
            guard let location = try store.remoteLocation(path: path) else {
                return .unavailable("no longer in the library (a sync removed it)")
            }
            if let cached = cache.cached(location) {
                cache.touch(cached)
                return .file(cached)
            }
            guard let server = try account.server(), server.machineIdentifier == location.server else {
                return .unavailable("its Plex server is no longer chosen, and it was not downloaded")
            }
            return .stream(url: PlexClient.url(server.uri, location.partKey, []),
                           headers: client.device.headers + [("X-Plex-Token", server.accessToken)],
                           bytes: location.size, stallTimeout: settings.stallTimeout)
        } catch {
            return .unavailable("\(error)")
        }
    }
}
