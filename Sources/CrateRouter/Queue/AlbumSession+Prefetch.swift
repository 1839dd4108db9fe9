/// Plex albums fetched ahead of their turn, so they play on if the server goes away.
extension AlbumSession {
    /// Plex albums coming up (the queue's, then the crate's, `[plex] download_ahead` of
    /// them) are fetched ahead.
    func prefetchUpcoming() {
        guard let plex else { return }
        let wanted = plex.downloadAhead
        // The album playing first: the rest of it then plays on if the server goes away.
        let s = state.access { $0 }
        var upcoming: [[String]] = s.current.map { [libraryPaths($0)] } ?? []
        var after = s.crateAnchor
        let disliked = dislikedIDs()
        for id in s.queued.prefix(wanted) where !disliked.contains(id) { upcoming.append(libraryPaths(id)) }
        while upcoming.count < wanted + 1, let next = s.crate.album(after: after, skipping: disliked) {
            upcoming.append(libraryPaths(next))
            after = next
        }
        plex.prefetch(upcoming.filter { !$0.isEmpty })
    }

    private func libraryPaths(_ id: Int64) -> [String] {
        do { return try library.store.album(id: id)?.tracks.map(\.path) ?? [] } catch {
            logger.warning("cannot read album \(id) to fetch it ahead: \(error)")
            return []
        }
    }
}
