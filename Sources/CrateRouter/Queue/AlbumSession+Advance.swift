import CrateCore
import CrateLibrary

/// Auto-advance: what follows the album playing, asked for by the engine as soon as the
/// last track is decoded.
extension AlbumSession {
    /// Asked from the player's `crate-advance` thread (answered on the executor) when the list is fully decoded: the
    /// next album's tracks, to start at `listLength` in the player's list. An album that
    /// cannot play now (offline and not downloaded) is passed over, said in `status`, and
    /// the one after it tried.
    func continuation(listLength: Int) -> [String]? {
        // The player's list is the truth: an answer it dropped (its list changed while
        // this was worked out) must not leave an album behind in the session's map.
        let playing = state.access { s -> Bool in
            s.segments.removeAll { $0.startIndex >= listLength }
            // A question about a list the session has since replaced: not ours to answer.
            return s.segments.last.map { $0.startIndex + $0.trackCount } == listLength
        }
        // Not taken off the hand queue yet: that happens when it is heard, so a power cut
        // before then keeps it queued.
        guard playing else { return nil }
        guard !stopAfterAlbum.load(ordering: .relaxed) else {
            logger.info("auto-advance: none, the sleep timer ends with this album")
            return nil
        }
        for _ in 0..<Self.skipLimit {
            guard let next = nextAlbum(consume: false) else { return nil }
            do {
                // The local album read ahead comes from memory; any other is looked up here,
                // never on the engine thread (no network wait: the background probe brings
                // a server back).
                let ready = advance.upcoming.access { $0 }
                let paths = try ready.flatMap { $0.album == next ? $0.paths : nil } ?? playablePaths(next, askServer: false)
                // Looked up here, not when the engine opens them.
                sources?.note(paths)
                state.access { s in
                    s.segments.append(AlbumSegment(albumID: next, startIndex: listLength, trackCount: paths.count))
                }
                logger.info("auto-advance: album \(next) follows")
                return paths
            } catch {
                passOver(next, because: error)
            }
        }
        logger.error("auto-advance: \(Self.skipLimit) albums in a row cannot play now; stopping")
        return nil
    }

    /// On the executor, when an album starts or playback resumes: the dislikes and
    /// the tracks of the local album expected next, so the engine need not read them.
    func readAhead() {
        _ = dislikedIDs()
        sources?.refresh()
        guard let next = nextAlbumInCrateOrQueue() else { return advance.upcoming.access { $0 = nil } }
        do {
            let paths = try playablePaths(next, askServer: false)
            // A Plex album is looked up again when it is needed: its server may go away.
            let local = !paths.contains(where: TrackLocation.isPlex)
            advance.upcoming.access { $0 = local ? .init(album: next, paths: paths) : nil }
        } catch {
            // Said by auto-advance when it comes to it (it passes the album over then).
            advance.upcoming.access { $0 = nil }
        }
    }

    /// How many unplayable albums in a row auto-advance passes over before it gives up.
    static let skipLimit = 50

    /// The album to follow the current one: the first queued by hand, else the crate's
    /// next (a Wall or genre crate grows when it has none left). `consume` takes it off
    /// the hand queue.
    func nextAlbum(consume: Bool) -> Int64? {
        if let next = nextAlbumInCrate(consume: consume) { return next }
        // Rare here: playerChanged grows the crate as soon as an album
        // starts with two or fewer left, long before the last track is decoded.
        guard growCrate() else { return nil }
        return nextAlbumInCrate(consume: consume)
    }

    /// The album that would follow, without growing the crate.
    func nextAlbumInCrateOrQueue() -> Int64? { nextAlbumInCrate(consume: false) }

    /// The album that follows the current one: already appended to the player's list by
    /// auto-advance, else the queue's or the crate's next (for the now-playing screen).
    func upcomingAlbum() -> Int64? {
        let appended = state.access { s -> Int64? in
            guard let current = s.current, let index = s.segments.lastIndex(where: { $0.albumID == current }) else { return nil }
            return s.segments.dropFirst(index + 1).first?.albumID
        }
        return appended ?? nextAlbumInCrateOrQueue()
    }

    private func nextAlbumInCrate(consume: Bool) -> Int64? {
        let skip = dislikedIDs().union(offers.passedOver)
        return state.access { s in
            let appended = Set(s.segments.map(\.albumID))
            if let index = s.queued.firstIndex(where: { !skip.contains($0) && !appended.contains($0) }) {
                let id = s.queued[index]
                if consume {
                    s.queued.removeSubrange(..<index)
                    s.takeFromQueue(id)
                }
                return id
            }
            return s.crate.album(after: s.crateAnchor, skipping: skip.union(appended))
        }
    }
}
