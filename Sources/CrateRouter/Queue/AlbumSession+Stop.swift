import CrateCore

/// Where a stop left the album, so play takes it up again as the same library album.
/// Part of the saved session: a restart after a stop still knows the album.
struct StoppedPlace: Codable, Sendable, Equatable {
    var albumID: Int64
    var trackInAlbum: Int
}

/// A stop by hand (crate-admin, an MPD app, snapcast) ends playback, not the album: it is
/// not heard to its end and nothing follows it, but play resumes it from the start of the
/// track it stopped in, with its cover, like, history and auto-advance.
extension AlbumSession {
    func stop() throws {
        let status = player.status()
        let heard = tally.access { tally in
            tally.leftByHand(status)
            return tally
        }
        heardBeforeStop.access { $0 = heard }
        state.access { s in
            s.stopped = s.current.map { StoppedPlace(albumID: $0, trackInAlbum: s.trackInAlbum) }
            s.current = nil
            s.segments = []
        }
        save()
        try player.stop()
    }

    /// Play after a stop: the stopped album from the start of its track. False when no
    /// album was stopped (or something else played since).
    func resumeStopped() throws -> Bool {
        guard player.status().state == .idle, let place = state.access({ $0.stopped }) else { return false }
        // Not a second play of the album: its start is in the history already.
        try play(album: place.albumID, track: place.trackInAlbum, newPlay: false)
        // What was heard before the stop (nothing after a restart: the tally is not saved).
        let heard = heardBeforeStop.access { $0 }
        tally.access { $0.carry(heard) }
        return true
    }

    /// The album a stop left, if play would take it up again.
    public var stoppedAlbum: Int64? { state.published.stopped?.albumID }
}

extension AlbumSession {
    /// Next, previous or a seek by hand: the rest of the track is not heard.
    func leavingTrackByHand() {
        let status = player.status()
        tally.access { $0.leftByHand(status) }
    }
}
