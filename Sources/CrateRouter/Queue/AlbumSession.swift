import CrateAudio
import CrateCore
import CrateLibrary
import FoundationEssentials
import Glibc
import Logging
import Synchronization

/// The album queue: what plays now, what follows (albums queued by hand, then the crate
/// the current album came from), the listening history it leaves, and the state that
/// must survive a power cut. Speaks to the player only in track paths.
public final class AlbumSession: Sendable {
    static let stateKey = "session"
    let library: Library
    let player: any PlayerControl
    let maker: CrateMaker
    let logger: Logger
    /// The thread that owns everything below that is not a lock or an atomic
    /// (RouterExecutor); the router runs on it too.
    public let executor: RouterExecutor
    let state: RouterPublished<SessionState>
    /// Plays Plex albums from its cache; nil when Plex is unavailable.
    let plex: (any PlexPlayback)?
    /// The state saved by the last run until its albums are found in today's cache (a
    /// rebuilt cache is refilled by the start-up scan and sync); see AlbumSession+Restore.
    let pendingRestore: RouterOwned<SessionState?>
    /// While a restore waits, saving would overwrite the saved queue with an empty one.
    let restoreWaiting = Atomic<Bool>(false)
    /// What the restore could not bring back, for `status`.
    let restoreNotes: RouterOwned<[String]>
    let resumeOnRestore = Atomic<Bool>(false)
    let writer: SessionWriter
    /// Likes and dislikes the display has asked about, so a redraw costs no query; kept
    /// current by setOpinion (see AlbumSession+Opinions).
    let opinions: RouterOwned<[Int64: AlbumOpinion]>
    /// What this run offered and passed over (AlbumSession+Growth).
    let offers: SessionOffers
    /// Dislikes and the next album's tracks, read ahead so the next album's question is answered from memory.
    let advance: AdvanceCache
    /// Where the Plex tracks handed to the player come from; nil without Plex.
    let sources: TrackSourceBook?
    /// What of the player's list was heard, for "heard to its end" (HeardTally).
    let tally: RouterOwned<HeardTally>
    /// What was heard of the album a stop left (`SessionState.stopped`), carried when play
    /// takes it up again (AlbumSession+Stop).
    let heardBeforeStop: RouterOwned<HeardTally>
    /// The sleep timer is set for the end of this album: auto-advance appends nothing
    /// after it (SleepTimer pauses the album's last seconds).
    let stopAfterAlbum = Atomic<Bool>(false)
    /// The album the sleep timer paused in its last moments: play goes on (AlbumSession+Sleep).
    let sleptAtAlbumEnd: RouterOwned<Int64?>
    /// Loaded tracks whose files moved since (AlbumSession+Moves); the engine's resolver asks.
    public let movedTracks = MovedTracks()

    public init(library: Library, player: any PlayerControl, maker: CrateMaker, plex: (any PlexPlayback)? = nil,
         sources: TrackSourceBook? = nil, executor: RouterExecutor = RouterExecutor(), logger: Logger) {
        self.executor = executor
        self.plex = plex
        self.sources = sources
        self.library = library
        self.player = player
        self.maker = maker
        self.logger = logger
        state = RouterPublished(SessionState(), on: executor)
        restoreNotes = RouterOwned([], on: executor)
        opinions = RouterOwned([:], on: executor)
        tally = RouterOwned(HeardTally(), on: executor)
        heardBeforeStop = RouterOwned(HeardTally(), on: executor)
        sleptAtAlbumEnd = RouterOwned(nil, on: executor)
        offers = SessionOffers(on: executor)
        advance = AdvanceCache(on: executor)
        writer = SessionWriter(logger: logger) { [library, logger] in Self.write($0, library: library, logger: logger) }
        pendingRestore = RouterOwned(Self.readSaved(library: library, logger: logger), on: executor)
        restoreWaiting.store(true, ordering: .releasing)
        // Asked on the player's crate-advance thread; worked out on the executor.
        player.setContinuation { [weak self] listLength in
            guard let self else { return nil }
            return self.executor.run { self.continuation(listLength: listLength) }
        }
    }

    // MARK: playing albums

    /// Plays album `id` from its first track (or `track`, `seconds` in), replacing the list.
    /// `newPlay` false: the album was already playing (a track picked), no second play in history.
    public func play(album id: Int64, track: Int = 0, seconds: Double = 0, paused: Bool = false, newPlay: Bool = true) throws {
        try executor.run {
            let paths = try playablePaths(id)
            // The listener chose an album before the saved one could be restored: theirs wins.
            if restoreWaiting.exchange(false, ordering: .acquiringAndReleasing) { pendingRestore.access { $0 = nil } }
            // The new mapping is in place before the player starts, so its first track event
            // already finds this album.
            let before = state.access { s -> SessionState in
                let before = s
                // The stopped album counts as heard before: "previous album" goes back to it.
                if let previous = s.current ?? s.stopped?.albumID, previous != id {
                    s.played = (s.played + [previous]).suffix(SessionState.playedLimit)
                }
                s.current = id
                // Playing a waiting album takes it off the hand queue, or it would play twice.
                s.takeFromQueue(id)
                // A stopped album taken up again keeps where it came from.
                if s.stopped?.albumID != id || s.origin == nil { s.noteOrigin(of: id) }
                s.stopped = nil
                s.segments = [AlbumSegment(albumID: id, startIndex: 0, trackCount: paths.count)]
                s.trackInAlbum = track
                s.position = seconds
                return before
            }
            tally.access { $0 = HeardTally() }
            sources?.replace(with: paths)
            movedTracks.forget()
            do {
                try player.play(paths: paths, startIndex: min(track, paths.count - 1), startSeconds: seconds, paused: paused)
            } catch {
                state.access { $0 = before }
                throw error
            }
            if !paused && newPlay { recordPlay(id, completed: false) }
            // As when auto-advance starts an album: near the crate's end it grows now, so
            // the queue and the panel's "Next:" show the album that will follow.
            growCrateIfNearEnd()
            save()
            prefetchUpcoming()
        }
    }

    /// Files played from outside the library: nothing is current, nothing follows them.
    func forgetCurrent() {
        state.access { s in
            s.stopped = nil
            s.current = nil
            s.segments = []
        }
        save()
    }

    /// Skips to the album that would have followed: one the continuation already
    /// appended after the current album, else the queue's or the crate's next.
    func nextAlbumNow() throws {
        let appended = state.access { s -> Int64? in
            guard let current = s.current, let index = s.segments.firstIndex(where: { $0.albumID == current }) else {
                return nil
            }
            // An album queued by hand after the crate's next was decoded ahead goes first.
            guard let id = s.segments.dropFirst(index + 1).first?.albumID, s.queued.first ?? id == id else { return nil }
            s.takeFromQueue(id)
            return id
        }
        if let appended { return try play(album: appended) }
        for _ in 0..<Self.skipLimit {
            guard let next = nextAlbum(consume: true) else { break }
            do { return try play(album: next) } catch {
                passOver(next, because: error)
            }
        }
        throw RouterError("no album follows in the queue or the crate")
    }

    /// Back to the previous album heard (a disliked one is never offered again), or the
    /// start of this one when more than 3 s in.
    func previousAlbumNow() throws {
        let status = player.status()
        let disliked = dislikedIDs()
        let (current, previous, inAlbum) = state.access { s in
            (s.current, s.played.last { !disliked.contains($0) }, s.segment(containing: status.currentIndex ?? 0).map {
                (status.currentIndex ?? 0) - $0.startIndex
            } ?? 0)
        }
        guard let current else { throw RouterError("nothing is playing") }
        guard let previous, inAlbum == 0, status.position <= 3 else {
            return try play(album: current)
        }
        state.access { s in
            if let index = s.played.lastIndex(of: previous) { s.played.removeSubrange(index...) }
            s.current = nil
        }
        try play(album: previous)
    }

    // MARK: helpers
    /// The album's track lengths from the library, for the tracks the player never opened.
    func trackLengths(of id: Int64) -> [Double] {
        do {
            return try library.store.album(id: id)?.tracks.map(\.duration) ?? []
        } catch {
            logger.warning("cannot read album \(id)'s track lengths; counting only the tracks played: \(error)")
            return []
        }
    }

    /// `askServer`: an offline Plex album that was not downloaded is worth one short probe
    /// of its server before refusing (never on the engine thread).
    func playablePaths(_ id: Int64, askServer: Bool = true) throws -> [String] {
        guard let album = try library.store.albumForPlaying(id: id) else { throw RouterError("no album with id \(id)") }
        guard !album.paths.isEmpty else { throw RouterError("album \(id) has no tracks") }
        let paths = album.paths
        if paths.contains(where: TrackLocation.isPlex) {
            guard let plex else { throw RouterError("album \(id) is on a Plex server, and Plex is not available") }
            // Offline but downloaded: it plays from the cache. Online: each track plays from
            // the cache when complete, else streams (the player asks when it opens it).
            // Offline and not downloaded: the server may be back; it is asked before refusing.
            guard album.online || plex.isCached(paths) || (askServer && plex.reconnect(paths)) else {
                throw RouterError("album \(id) (\(album.title)) is on a Plex server that cannot be reached, and it was not downloaded")
            }
            return paths
        }
        guard album.online else {
            throw RouterError("album \(id) (\(album.title)) is offline: its drive or share is not reachable")
        }
        return paths
    }

    /// From memory once read (setOpinion keeps it current).
    func dislikedIDs() -> Set<Int64> {
        if let known = advance.disliked.access({ $0 }) { return known }
        do {
            let read = try library.store.dislikedAlbumIDs()
            advance.disliked.access { $0 = $0 ?? read }
            return read
        } catch {
            logger.error("cannot read dislikes: \(error)")
            return []
        }
    }

    func recordPlay(_ id: Int64, completed: Bool) {
        do {
            guard let key = try library.store.albumKey(id: id) else { return }
            try library.store.recordPlay(albumKey: key, completed: completed, at: Double(time(nil)))
        } catch {
            logger.error("could not record the play of album \(id): \(error)")
        }
    }
}
