import CrateCore

/// Where a stop left the album, so play takes it up again as the same library album.
struct StoppedPlace: Sendable {
    var albumID: Int64
    var trackInAlbum: Int
    /// What was heard of it before the stop: it still counts towards hearing it to its end.
    var heard: HeardTally
}

/// A stop by hand (crate-admin, an MPD app, snapcast) ends playback, not the album: it is
/// not heard to its end and nothing follows it, but play resumes it from the start of the
/// track it stopped in, with its cover, like, history and auto-advance.
extension AlbumSession {
    func stop() throws {
        let status = player.status()
        let heard = tally.withLock { tally in
            tally.leftByHand(status)
            return tally
        }
        let place = state.withLock { s -> StoppedPlace? in
            defer {
                s.current = nil
                s.segments = []
            }
            return s.current.map { StoppedPlace(albumID: $0, trackInAlbum: s.trackInAlbum, heard: heard) }
        }
        stopped.withLock { $0 = place }
        save()
        try player.stop()
    }

    /// Play after a stop: the stopped album from the start of its track. False when no
    /// album was stopped (or something else played since).
    func resumeStopped() throws -> Bool {
        guard player.status().state == .idle, let place = stopped.withLock({ $0 }) else { return false }
        // Not a second play of the album: its start is in the history already.
        try play(album: place.albumID, track: place.trackInAlbum, newPlay: false)
        tally.withLock { $0.carry(place.heard) }
        return true
    }

    /// The album a stop left, if play would take it up again.
    var stoppedAlbum: Int64? { stopped.withLock { $0?.albumID } }
}

extension AlbumSession {
    /// Next, previous or a seek by hand: the rest of the track is not heard.
    func leavingTrackByHand() {
        let status = player.status()
        tally.withLock { $0.leftByHand(status) }
    }
}
