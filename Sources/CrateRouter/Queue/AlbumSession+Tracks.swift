import CrateCore
import CrateLibrary

/// Playing an album from one of its tracks (`play --album N --track K`, and the knob's
/// track list): the album still plays in order from there, and what follows it follows.
extension AlbumSession {
    /// `track` is 1-based, as people count tracks; nil is the first.
    func play(album id: Int64, fromTrack track: Int?, paused: Bool = false) throws {
        guard let track else { return try play(album: id, paused: paused) }
        guard let detail = try library.store.album(id: id) else { throw RouterError("no album with id \(id)") }
        let count = detail.tracks.count
        guard (1...max(1, count)).contains(track), count > 0 else {
            throw RouterError("album \(id) has \(count) track\(count == 1 ? "" : "s"): --track must be 1 to \(count), not \(track)")
        }
        try play(album: id, track: track - 1, paused: paused, newPlay: state.access { $0.current } != id)
    }

    /// The album playing and the track of it under the play head (0-based) with the
    /// album's track count; nil with nothing loaded.
    func playingTrack(playerIndex: Int?) -> (album: Int64, index: Int, count: Int)? {
        state.access { s in
            guard let current = s.current else { return nil }
            if let playerIndex, let segment = s.segment(containing: playerIndex), segment.albumID == current {
                return (current, playerIndex - segment.startIndex, segment.trackCount)
            }
            guard let segment = s.segments.first(where: { $0.albumID == current }) else { return nil }
            return (current, min(s.trackInAlbum, max(0, segment.trackCount - 1)), segment.trackCount)
        }
    }
}
