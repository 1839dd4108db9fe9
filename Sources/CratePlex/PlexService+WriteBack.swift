import CrateCore
import CrateHTTP
import CrateLibrary
import CratePosix
import Glibc

/// What the box tells the server, best effort and never in the way of playback: a like
/// or dislike becomes a rating, a track heard to its end a scrobble, playing a timeline.
/// Ratings and scrobbles wait in the library cache while the server cannot be reached
/// and are sent by the `crate-plex-push` thread when it can; play states are only worth
/// sending while they are true, so a failed one is dropped.
extension PlexService {
    /// Plex's rating for a like: 10, five stars.
    public static let likeRating = 10

    /// Rates a Plex album: 10 for a like, `dislikeRating` for a dislike, cleared for neither
    /// (the session asks only for the first two: taking an opinion back is not written).
    public func rate(server: String, ratingKey: String, opinion: AlbumOpinion) {
        let rating = switch opinion {
        case .liked: Self.likeRating
        case .disliked: settings.dislikeRating
        case .none: -1
        }
        enqueue(server: server, method: "PUT", path: "/:/rate",
                query: [("key", ratingKey), ("identifier", "com.plexapp.plugins.library"), ("rating", String(rating))])
    }

    /// Puts back the rating an album had before the box changed it (a dislike undone):
    /// `rating` of 10, or cleared when it had none.
    public func restoreRating(server: String, ratingKey: String, rating: Double?) {
        let value = rating.map { String(Int($0.rounded())) } ?? "-1"
        enqueue(server: server, method: "PUT", path: "/:/rate",
                query: [("key", ratingKey), ("identifier", "com.plexapp.plugins.library"), ("rating", value)])
    }

    /// Marks a track as played on the server.
    public func scrobble(server: String, ratingKey: String) {
        enqueue(server: server, method: "PUT", path: "/:/scrobble",
                query: [("key", ratingKey), ("identifier", "com.plexapp.plugins.library")])
    }

    /// Tells the server what plays and where (`playing`, `paused`, `stopped`); not queued.
    public func timeline(server: String, ratingKey: String, state: String, seconds: Double, duration: Double?) {
        guard let chosen = currentServer(server) else { return }
        let query = [("ratingKey", ratingKey), ("key", "/library/metadata/\(ratingKey)"), ("state", state),
                     ("time", String(Int(seconds * 1000)))] + (duration.map { [("duration", String(Int($0 * 1000)))] } ?? [])
        do {
            _ = try PosixThread.spawn(name: "crate-plex-time") { [self] in
                do { _ = try client.send("GET", chosen.uri, "/:/timeline", query: query, token: chosen.accessToken) } catch {
                    logger.debug("plex timeline not sent: \(error)")
                }
            }
        } catch {
            logger.debug("plex timeline not sent: \(error)")
        }
    }

    /// Starts the thread that sends queued write-backs (every 30 s, and when one is added)
    /// and, while the server is away, probes it (PlexService+Reachability).
    public func startWriteBacks() throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-plex-push") { [self] in
            while !stopFlag.isSet {
                if let due = secondsUntilProbe, due < 0.1 { probe() }
                // Nothing to send to a server that is away; the probe that finds it sends them.
                if state.withLock({ $0.reachable }) != false { pushPending() }
                _ = pushWake.wait(timeout: min(30, secondsUntilProbe ?? 30)) { pending -> Bool? in
                    guard pending else { return nil }
                    pending = false
                    return true
                }
            }
        }
    }

    /// Sends what waits for the chosen server, oldest first, until the server stops answering.
    func pushPending() {
        let server: PlexAccount.Server
        do {
            guard let chosen = try account.server() else { return }
            server = chosen
        } catch {
            logger.warning("plex write-back: \(error)")
            return
        }
        let pending: [RemoteWriteBack]
        do { pending = try store.pendingRemoteWriteBacks(server: server.machineIdentifier) } catch {
            logger.error("plex write-back: cannot read the queue: \(error)")
            return
        }
        for item in pending {
            do {
                _ = try client.send(item.method, server.uri, item.path + "?" + item.query, token: server.accessToken)
                try store.finishRemoteWriteBack(id: item.id)
                logger.info("plex write-back sent: \(item.method) \(item.path)")
            } catch let error as PlexError {
                switch error {
                case .unreachable, .unauthorized:
                    // Kept for later: the server is away, or the token needs a new sign-in.
                    record(item, error)
                    return
                default:
                    // The server understood and refused: sending it again will not help.
                    logger.warning("plex write-back \(item.path) refused, dropped: \(error)")
                    do { try store.finishRemoteWriteBack(id: item.id) } catch {
                        logger.error("plex write-back: cannot drop \(item.id): \(error)")
                    }
                }
            } catch {
                record(item, error)
                return
            }
        }
    }

    private func record(_ item: RemoteWriteBack, _ error: any Error) {
        logger.info("plex write-back \(item.path) waits: \(error)")
        do { try store.failRemoteWriteBack(id: item.id, error: "\(error)") } catch {
            logger.error("plex write-back: cannot note the failure: \(error)")
        }
    }

    private func enqueue(server: String, method: String, path: String, query: [(String, String)]) {
        let encoded = query.map { "\(HTTPClient.percentEncode($0.0))=\(HTTPClient.percentEncode($0.1))" }.joined(separator: "&")
        do {
            try store.enqueueRemoteWriteBack(server: server, method: method, path: path, query: encoded)
            pushWake.withLockAndBroadcast { $0 = true }
        } catch {
            logger.error("plex write-back \(path) not queued: \(error)")
        }
    }

    private func currentServer(_ machine: String) -> PlexAccount.Server? {
        do {
            guard let server = try account.server(), server.machineIdentifier == machine else { return nil }
            return server
        } catch {
            logger.debug("plex: \(error)")
            return nil
        }
    }
}
