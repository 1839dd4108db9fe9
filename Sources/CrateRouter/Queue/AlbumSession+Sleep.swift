/// "Sleep at the end of this album" pauses in the album's last moments, with nothing
/// appended after it. Play then goes on as the album would have: to the album that
/// follows, the slept one counted as heard to its end, rather than into its last fraction
/// of a second and silence.
extension AlbumSession {
    /// The sleep timer paused the album playing at its end (called from its thread).
    public func sleptAtEndOfAlbum() {
        executor.run {
            let album = state.access { $0.current }
            sleptAtAlbumEnd.access { $0 = album }
        }
    }

    /// Play after such a pause: the next album, true when it plays. False when the pause
    /// was not the sleep's, something else happened since, or nothing follows (then play
    /// resumes as usual).
    func playOnAfterSleep() throws -> Bool {
        guard let album = sleptAtAlbumEnd.access({ slept in defer { slept = nil }; return slept }) else { return false }
        guard player.status().state == .paused, state.access({ $0.current }) == album else { return false }
        do {
            try nextAlbumNow()
        } catch {
            logger.info("after the sleep at the end of album \(album) nothing follows (\(error)); resuming it")
            return false
        }
        recordPlay(album, completed: true)
        writeBackCompleted(album: album)
        return true
    }
}
