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

    /// Play after a stop: the stopped album from the start of its track (after the sleep
    /// timer's pause at an album's end: the next album). False when no album was stopped
    /// (or something else played since).
    func resumeStopped() throws -> Bool {
        if try playOnAfterSleep() { return true }
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

    /// The album the like button acts on: the one playing, else the one a stop left.
    var albumInHand: Int64? { state.access { $0.current ?? $0.stopped?.albumID } }

    /// The stopped album is about to be disliked: the crate album after it, which the knob
    /// is to show once it has left the crate (nil when it was not the stopped album).
    func albumAfterStopped(_ id: Int64) -> Int64? {
        let disliked = dislikedIDs()
        return state.access { s in
            guard s.current == nil, s.stopped?.albumID == id else { return nil }
            return s.crate.album(after: id, skipping: disliked.union([id]))
        }
    }

    /// The stopped album was disliked: play no longer takes it up, and the knob shows
    /// `next`, the crate album that followed it, so a press plays that.
    func passOverStopped(_ id: Int64, next: Int64?) {
        state.access { s in
            guard s.current == nil, s.stopped?.albumID == id else { return }
            s.stopped = nil
            s.played = (s.played + [id]).suffix(SessionState.playedLimit)
            if let index = s.crate.items.firstIndex(where: { $0.albumID == next }) { s.crate.cursor = index }
        }
    }

    /// A dislike of the stopped album undone: play takes it up where the stop left it,
    /// unless something else has played since.
    func resumeAfterUndo(_ place: StoppedPlace) {
        guard player.status().state == .idle else { return }
        state.access { s in
            guard s.current == nil, s.stopped == nil else { return }
            if s.played.last == place.albumID { s.played.removeLast() }
            s.stopped = place
        }
        save()
    }
}

extension AlbumSession {
    /// Next, previous or a seek by hand: the rest of the track is not heard.
    func leavingTrackByHand() {
        let status = player.status()
        tally.access { $0.leftByHand(status) }
    }
}
