import CrateCore
import CrateLibrary
import Glibc

/// Crates, the dial and opinions, as the session keeps them.
extension AlbumSession {
    /// A crate exists (the Crate Wall, made on first use). Made once: two first uses at
    /// the same moment (a `crate` request and the panel or the knob) come one after the
    /// other on the executor, so the second finds the first one's crate.
    func ensureCrate() throws {
        if state.access({ $0.crate.items.isEmpty }) { try regenerateCrate() }
    }

    /// A fresh crate of the current kind with a new seed.
    func regenerateCrate() throws {
        var crate = state.access { $0.crate }
        crate.seed = Self.newSeed(after: crate.seed)
        crate.cursor = 0
        try maker.fill(&crate)
        let filled = crate
        state.access { $0.crate = filled }
        offers.startOver(with: filled.items.map(\.albumID))
        logger.info("crate regenerated: \(filled.items.count) albums (\(filled.kind), dial \(filled.dial.rawValue))")
        save()
    }

    /// Another crate; a Wall or genre crate is blended anew each time it is entered.
    func switchCrate(to kind: CrateState.Kind) throws {
        var crate = state.access { $0.crate }
        crate.kind = kind
        crate.seed = Self.newSeed(after: crate.seed)
        crate.cursor = 0
        try maker.fill(&crate)
        let filled = crate
        state.access { $0.crate = filled }
        offers.startOver(with: filled.items.map(\.albumID))
        save()
    }

    /// At start-up, once the saved queue is back: the Wall (or genre crate) is blended anew
    /// with a new seed; the queue, the album playing and its position are left as they were.
    func refreshCrateAtStart() {
        let (kind, empty) = state.access { ($0.crate.kind, $0.crate.items.isEmpty) }
        // An empty crate is made on first use, once the start-up scan has filled the library.
        guard !empty else { return }
        switch kind {
        case .wall, .genre: break
        default: return
        }
        do { try regenerateCrate() } catch {
            logger.error("could not blend a fresh crate at start-up (\(error)); the saved one stays")
            return
        }
        // The album waiting paused is not offered again by the crate it left.
        state.access { s in s.crate.items.removeAll { $0.albumID == s.current } }
        save()
    }

    /// The wall clock mixed into the previous seed: two runs, or two presses in the same
    /// second, never get the same crate.
    static func newSeed(after seed: UInt64) -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return (UInt64(now.tv_sec) &* 1_000_000_007 &+ UInt64(now.tv_nsec)) &* 6_364_136_223_846_793_005 &+ seed | 1
    }

    /// The Crate Dial: a new weighting, a new crate. Inside a genre crate it stays in that
    /// genre (the genre's own weight table); from any other crate it goes to the Wall.
    func turnDial(to position: DialPosition) throws {
        state.access { s in
            s.crate.dial = position
            switch s.crate.kind {
            case .genre, .genres: return
            default: s.crate.kind = .wall
            }
        }
        try regenerateCrate()
    }

    /// Like, dislike or neither; a dislike of the album playing skips to the next album
    /// and takes the album out of the crate and the queue. Returns the album's id.
    @discardableResult
    func setOpinion(_ opinion: AlbumOpinion, album: Int64?) throws -> Int64 {
        guard let id = album ?? state.access({ $0.current }) ?? stoppedAlbum else {
            throw RouterError("nothing is playing: name an album with --album ID")
        }
        guard let key = try library.store.albumKey(id: id) else { throw RouterError("no album with id \(id)") }
        // Taking a like back, the server's 4 or 5 stars included, is remembered as such.
        let takingBackLike = opinion == .none && self.opinion(of: id) == .liked
        try library.store.setOpinion(opinion, albumKey: key, at: Self.wallClock(), takingBackLike: takingBackLike)
        advance.noteOpinion(opinion == .disliked ? .disliked : .other, album: id)
        opinions.access { $0[id] = opinion }
        logger.info("album \(id): \(opinion.rawValue)")
        // Only a like and a dislike reach the server: taking one back is the box's own
        // business (the server keeps the rating it was given, as the original did).
        if opinion != .none { writeBackOpinion(opinion, album: id) }
        guard opinion == .disliked else {
            save()
            return id
        }
        let afterStopped = albumAfterStopped(id)
        let playing = state.access { s -> Bool in
            s.crate.items.removeAll { $0.albumID == id }
            s.queued.removeAll { $0 == id }
            return s.current == id
        }
        if !playing { passOverStopped(id, next: afterStopped) }
        if playing {
            do { try nextAlbumNow() } catch {
                // Nothing left to play: stopped, not heard to its end (no history, no scrobble).
                logger.info("album \(id) disliked and nothing follows (\(error)); stopping")
                forgetCurrent()
                try player.stop()
            }
        }
        save()
        return id
    }

    /// `playable`: the caller already knows the album can play (a local album on a
    /// reachable drive), so it is not looked up again.
    public func enqueue(_ id: Int64, next: Bool, playable: Bool = false) throws {
        try executor.run {
            if !playable { _ = try playablePaths(id) }
            state.access { s in
                if next { s.queued.insert(id, at: 0) } else { s.queued.append(id) }
            }
            save()
        }
    }
}

extension AlbumSession {
    /// Seconds since 1970 with their fraction: two likes a moment apart keep their order.
    static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
