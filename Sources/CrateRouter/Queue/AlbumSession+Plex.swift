import CrateCore
import CrateLibrary

/// What a Plex server hears about its albums: ratings from likes and dislikes, a scrobble
/// when an album was heard to its end, the play state while it plays.
extension AlbumSession {
    func writeBackOpinion(_ opinion: AlbumOpinion, album id: Int64) {
        guard let plex, let (server, key) = plexAlbum(id) else { return }
        plex.rate(server: server, ratingKey: key, opinion: opinion)
    }

    /// The rating a Plex album's server gave it at the last sync (`.none`: not a Plex
    /// album, or unknown), to put back if a dislike is undone.
    func serverRating(of id: Int64) -> ServerRating {
        guard plex != nil, plexAlbum(id) != nil else { return .notPlex }
        do {
            guard let key = try library.store.albumKey(id: id) else { return .notPlex }
            return .rated(try library.store.serverRating(albumKey: key))
        } catch {
            logger.warning("cannot read album \(id)'s Plex rating; an undo will not restore it: \(error)")
            return .notPlex
        }
    }

    /// A dislike undone: the server gets back the rating it had (its 4 or 5 stars, the 3
    /// it had, or none), not the box's idea of a like or nothing at all.
    func restoreServerRating(_ rating: ServerRating, album id: Int64) {
        guard case .rated(let value) = rating, let plex, let (server, key) = plexAlbum(id) else { return }
        plex.restoreRating(server: server, ratingKey: key, rating: value)
    }

    /// The server's own rating counts as a like (4 or 5 stars).
    func serverRatingIsALike(_ rating: ServerRating) -> Bool {
        guard case .rated(let value?) = rating else { return false }
        return value >= RemoteAlbumStats.likedRating
    }

    func writeBackCompleted(album id: Int64) {
        guard let plex, let (server, key) = plexAlbum(id) else { return }
        plex.scrobble(server: server, ratingKey: key)
    }

    /// The play state of the track under the play head, when it is a Plex track.
    public func reportTimeline() {
        executor.run {
            guard let plex else { return }
            let status = player.status()
            guard let index = status.currentIndex else { return }
            let (album, offset) = state.access { s -> (Int64?, Int?) in
                guard let segment = s.segment(containing: index) else { return (nil, nil) }
                return (segment.albumID, index - segment.startIndex)
            }
            guard let album, let offset else { return }
            do {
                guard let detail = try library.store.album(id: album), offset < detail.tracks.count,
                      let location = try library.store.remoteLocation(path: detail.tracks[offset].path) else { return }
                let state = switch status.state {
                case .playing, .buffering: "playing"
                case .paused: "paused"
                default: "stopped"
                }
                plex.timeline(server: location.server, ratingKey: location.ratingKey, state: state,
                              seconds: status.position, duration: status.currentTrack?.duration)
            } catch {
                logger.debug("plex timeline: \(error)")
            }
        }
    }

    private func plexAlbum(_ id: Int64) -> (String, String)? {
        do { return try library.store.remoteAlbumSource(albumID: id) } catch {
            logger.warning("cannot look up album \(id) on Plex: \(error)")
            return nil
        }
    }
}
