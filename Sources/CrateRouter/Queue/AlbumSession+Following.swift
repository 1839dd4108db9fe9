import CrateCore
import CrateLibrary

/// Following playback: the player's events move the session's idea of what plays (an
/// album boundary crossed, a track heard to its end), and what it saves.
extension AlbumSession {
    /// The player moved: an album boundary crossed by auto-advance makes the next album
    /// current (the previous one heard to its end if HeardTally says so); the end of
    /// everything too. The album under the play head is always the current one: `previous` back over a join
    /// makes the earlier album current again (the display and the like button follow),
    /// and neither counts as heard to its end.
    func playerChanged(_ kind: DaemonEvent.Kind, _ status: PlayerStatus) {
        var finished: AlbumSegment? = nil, started: Int64? = nil, passed: [Int64] = []
        tally.access { $0.observe(status) }
        state.access { s in
            if let index = status.currentIndex, let segment = s.segment(containing: index) {
                if segment.albumID != s.current {
                    // The earlier segments stay while the player's list holds their tracks.
                    let forward = s.current.flatMap { old in s.segments.first { $0.albumID == old } }
                        .map { $0.startIndex < segment.startIndex } ?? true
                    if forward {
                        finished = s.current.flatMap { old in s.segments.last { $0.albumID == old } }
                        started = segment.albumID
                        // The engine reports the track under the head when it looks: a busy
                        // machine can play a short album whole between two looks. Played all the same.
                        if let from = finished {
                            passed = s.segments.filter { $0.startIndex > from.startIndex && $0.startIndex < segment.startIndex }
                                .map(\.albumID)
                        }
                        if let old = s.current { s.played = (s.played + [old] + passed).suffix(SessionState.playedLimit) }
                        // A few albums back is as far as `previous` presses go; the saved state stays small.
                        let behind = s.segments.filter { $0.startIndex < segment.startIndex }.count
                        if behind > SessionState.segmentsKeptBehind {
                            s.segments.removeFirst(behind - SessionState.segmentsKeptBehind)
                        }
                    } else if s.played.last == segment.albumID {
                        s.played.removeLast()
                    }
                    s.current = segment.albumID
                    s.takeFromQueue(segment.albumID)
                    s.noteOrigin(of: segment.albumID)
                }
                s.trackInAlbum = index - segment.startIndex
                s.position = status.position
            } else if status.state == .idle, kind == .state, let old = s.current {
                finished = s.segments.last { $0.albumID == old }
                s.current = nil
                s.segments = []
            }
        }
        if let finished {
            let start = state.access { $0.segments.first?.startIndex }
            let albumLengths = trackLengths(of: finished.albumID)
            let heard = tally.access { tally in
                defer { if let start { tally.forget(before: start) } }
                return tally.heardToTheEnd(finished, lengths: status.tracks, albumLengths: albumLengths)
            }
            // Skipped through, or its last track left by hand: started, never finished.
            if heard {
                recordPlay(finished.albumID, completed: true)
                writeBackCompleted(album: finished.albumID)
            }
        }
        if kind == .state || started != nil { reportTimeline() }
        for album in passed {
            recordPlay(album, completed: false)
            offers.offerPlayed(album)
        }
        if let started {
            recordPlay(started, completed: false)
            offers.offerPlayed(started)
            growCrateIfNearEnd()
            prefetchUpcoming()
        }
        if started != nil || (kind == .state && status.state != .idle) { readAhead() }
        if kind == .state || kind == .track { save() }
    }
}
