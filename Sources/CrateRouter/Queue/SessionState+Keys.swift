/// Saved queues refer to albums by their cache row ids; these survive a restart but not a
/// rebuilt cache. So a saved state carries each id's stable album key, and a restore maps
/// the keys to the ids of today's cache, dropping (never re-pointing) what is gone.
extension SessionState {
    /// Every album id the state refers to.
    var albumIDs: Set<Int64> {
        var ids = Set(queued).union(played).union(segments.map(\.albumID)).union(crate.items.map(\.albumID))
        if let current { ids.insert(current) }
        if let stopped { ids.insert(stopped.albumID) }
        return ids
    }

    /// The saved ids' keys that today's cache does not know (yet).
    func keysMissing(from current: [String: Int64]) -> [String] {
        (albumKeys ?? [:]).values.filter { current[$0] == nil }.sorted()
    }

    /// The state with every saved id replaced by the id its key has today; albums whose key
    /// is gone are dropped. A state saved without keys (an older version) is kept as it is.
    func resolved(currentIDs: [String: Int64]) -> SessionState {
        guard let keys = albumKeys else { return self }
        func map(_ id: Int64) -> Int64? { keys[String(id)].flatMap { currentIDs[$0] } }
        var out = self
        out.albumKeys = nil
        out.queued = queued.compactMap(map)
        out.played = played.compactMap(map)
        out.current = current.flatMap(map)
        if out.current == nil { out.trackInAlbum = 0; out.position = 0 }
        out.stopped = stopped.flatMap { place in map(place.albumID).map { StoppedPlace(albumID: $0, trackInAlbum: place.trackInAlbum) } }
        // The player's list is rebuilt by the restore: segments start from the current album.
        out.segments = segments.compactMap { segment in map(segment.albumID).map {
            AlbumSegment(albumID: $0, startIndex: segment.startIndex, trackCount: segment.trackCount)
        } }
        let keptBeforeCursor = crate.items.prefix(crate.cursor).filter { map($0.albumID) != nil }.count
        out.crate.items = crate.items.compactMap { item in map(item.albumID).map { CrateState.Item(albumID: $0, reason: item.reason) } }
        out.crate.cursor = min(keptBeforeCursor, max(out.crate.items.count - 1, 0))
        return out
    }
}
