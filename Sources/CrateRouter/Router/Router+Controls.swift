import CrateAudio
import CrateControls
import CrateCore
import CrateDisplay
import CrateLibrary
import CratePosix

/// The buttons and the knob, through the interaction model, land here: each intent
/// becomes a player or session call, and answers with a few words for `input watch`.
extension Router: ControlsHandler {
    public func perform(_ intent: ControlIntent) throws -> String? {
        try executor.run { try carryOut(intent) }
    }

    private func carryOut(_ intent: ControlIntent) throws -> String? {
        switch intent {
        case .togglePlay: return try requireSession().togglePlay()
        case .nextTrack:
            session?.leavingTrackByHand()
            try player.next()
            return "next track"
        case .previousTrack:
            session?.leavingTrackByHand()
            try player.previous()
            return "previous track"
        case .nextAlbum:
            try requireSession().nextAlbumNow()
            return "next album: \(albumTitle(try requireSession().state.access { $0.current }))"
        case .previousAlbum:
            try requireSession().previousAlbumNow()
            return "previous album: \(albumTitle(try requireSession().state.access { $0.current }))"
        case .like:
            return try likeButtonPressed(album: nil)
        case .dislike:
            return try dislikeButtonPressed(album: nil)
        case .likeInView(let album):
            return try likeButtonPressed(album: album, inView: true)
        case .dislikeInView(let album):
            return try dislikeButtonPressed(album: album ?? requireSession().albumUnderKnob())
        case .browse(let delta, let entering):
            return try browse(by: delta, entering: entering)
        case .playBrowsed:
            return "play \(albumTitle(try requireSession().playCursor()))"
        case .cycleGenre:
            let (name, count) = try requireSession().cycleGenre()
            return "crate: \(name) (\(counted(count, "album")))"
        case .previewDial(let index):
            return "dial: \(DialPosition.allCases[index].displayName)? (press to confirm)"
        case .confirmDial(let index):
            let position = DialPosition.allCases[index]
            try requireSession().turnDial(to: position)
            return "dial: \(position.displayName), crate regenerated"
        case .volume(let steps):
            let level = try changeVolume(byPercent: steps * volumeStep)
            return "volume \(level) %"
        case .showNowPlaying:
            return nil
        case .showCrateMenu(let title, let row, let count, let name):
            return "\(title.lowercased()) \(row + 1)/\(count): \(name)"
        case .enterCrate(let choice, let fromBrowse):
            return try enterCrate(choice, fromBrowse: fromBrowse)
        case .moreByArtist(let fromBrowse):
            return try moreByArtist(fromBrowse: fromBrowse)
        case .showTrack(let album, let row, let count):
            return "track \(row + 1)/\(count): \(trackTitle(album, row))"
        case .enqueueAlbum(let album, let next):
            try requireSession().enqueue(album, next: next)
            return "\(next ? "play next" : "play later"): \(albumTitle(album))"
        case .keepOffline(let album, let keep):
            return try keepOffline(album, keep: keep)
        case .playTrack(let album, let index):
            return try playTrack(album: album, index: index)
        case .markForBlend(let name, let marked, let count):
            return "blend: \(name) \(marked ? "marked" : "unmarked") (\(counted(count, "genre")))"
        case .sleep(let setting):
            try sleepTimer.set(setting)
            let words = Self.sleepWords(setting)
            showOnDisplay(words)
            return "sleep: \(setting.wire)"
        }
    }

    /// What the panel says when the sleep timer is set from the menu.
    static func sleepWords(_ setting: SleepSetting) -> String {
        switch setting {
        case .minutes(let minutes): "Sleep in \(minutes) min: the music fades out and pauses"
        case .endOfAlbum: "Sleep at the end of this album"
        case .off: "Sleep timer off"
        }
    }

    static let endOfCrateWords = "The end of the crate: nothing more to add"

    /// A turn while browsing. Past either end the knob stays on the end album and the
    /// panel says so, rather than wrapping round without a word.
    private func browse(by delta: Int, entering: Bool) throws -> String {
        let session = try requireSession()
        let stop: AlbumSession.KnobStop
        do {
            stop = try session.moveCursor(by: delta, fromCurrent: entering)
        } catch {
            // A crate a dislike emptied (its one album, the last favorite): the knob goes on
            // in the Crate Wall rather than turning against nothing.
            guard try session.leaveEmptiedCrate() else { throw error }
            showOnDisplay("Nothing left in that crate: the Crate Wall")
            stop = try session.moveCursor(by: delta, fromCurrent: true)
        }
        var line = "browse \(stop.index + 1)/\(stop.count): \(albumTitle(stop.album))"
        if stop.atEnd {
            showOnDisplay(Self.endOfCrateWords)
            line += " (the end: nothing more to add)"
        } else if stop.atStart {
            showOnDisplay("The first album of the crate")
            line += " (the start of the crate)"
        }
        return line
    }

    /// How long after a dislike a press of the like button undoes it.
    static let dislikeUndoSeconds = 10.0

    /// The like button held: dislikes `album` (nil: the one playing), which leaves the
    /// crate at once; playing, it is skipped.
    private func dislikeButtonPressed(album: Int64?) throws -> String {
        let session = try requireSession()
        // After a stop the buttons act on the stopped album, as play would resume it.
        let stopped = session.state.access { $0.stopped }
        let target = album ?? session.albumInHand
        let replaced = target.map { session.opinion(of: $0) } ?? .none
        let slot = target.flatMap { session.crateSlot(of: $0) }
        let rating = target.map { session.serverRating(of: $0) } ?? .notPlex
        let id = try session.setOpinion(.disliked, album: target)
        lastButtonDislike.access {
            $0 = ButtonDislike(album: id, at: MonotonicClock.now(), replaced: replaced == .disliked ? .none : replaced,
                               stopped: stopped?.albumID == id ? stopped : nil, crateSlot: slot,
                               serverRating: target == id ? rating : session.serverRating(of: id))
        }
        showOnDisplay("Disliked: press like to undo", seconds: Self.dislikeUndoSeconds)
        return "disliked \(albumTitle(id))"
    }

    /// The like button's press: undoes a dislike made with it moments ago; else takes the
    /// like of `album` (nil: the one in view when `inView`, else the one playing) back, or
    /// likes it.
    private func likeButtonPressed(album: Int64?, inView: Bool = false) throws -> String {
        let session = try requireSession()
        let recent = lastButtonDislike.access { last -> ButtonDislike? in
            defer { last = nil }
            guard let last, MonotonicClock.now() - last.at <= Self.dislikeUndoSeconds else { return nil }
            return last
        }
        if let recent {
            // What the dislike replaced comes back: a liked album is liked again.
            try session.setOpinion(recent.replaced, album: recent.album)
            // A like the box made itself went to the server as a like; a server's own
            // rating (or none) is put back as it was.
            if recent.replaced != .liked || session.serverRatingIsALike(recent.serverRating) {
                session.restoreServerRating(recent.serverRating, album: recent.album)
            }
            if let place = recent.stopped { session.resumeAfterUndo(place) }
            if let slot = recent.crateSlot { session.putBack(slot) }
            showOnDisplay("Dislike undone")
            return "dislike undone: \(albumTitle(recent.album))"
        }
        guard let album = try album ?? (inView ? session.albumUnderKnob() : session.albumInHand) else {
            throw RouterError("nothing is playing: no album to like")
        }
        if session.opinion(of: album) == .liked {
            try session.setOpinion(.none, album: album)
            showOnDisplay("Like removed")
            return "like removed: \(albumTitle(album))"
        }
        try session.setOpinion(.liked, album: album)
        showOnDisplay("Liked")
        return "liked \(albumTitle(album))"
    }

    /// The title of track `index` (0-based) of `album` (past its tracks, the keep row's),
    /// for `input watch`.
    private func trackTitle(_ album: Int64, _ index: Int) -> String {
        guard let detail = cachedAlbum(album) else { return "track \(index + 1)" }
        if let row = Self.queueRowTitle(index - detail.tracks.count), !isLoaded(album) { return row }
        if index == detail.tracks.count, let kept = plexService?.isKept(albumID: album) {
            return Self.keepRowTitle(kept: kept)
        }
        return detail.tracks.indices.contains(index) ? detail.tracks[index].title : "track \(index + 1)"
    }

    /// The track list's keep row pressed: the album kept offline (downloaded, never
    /// evicted) or let go; a keep that cannot be done says why on the panel.
    private func keepOffline(_ album: Int64, keep: Bool) throws -> String {
        guard let plex = plexService else { throw RouterError(plexProblem ?? "Plex is not available") }
        do {
            if keep {
                try plex.keep([album])
                showOnDisplay("Kept offline: downloading what is missing")
                return "kept offline: \(albumTitle(album))"
            }
            try plex.unkeep([album])
            showOnDisplay("No longer kept offline")
            return "no longer kept: \(albumTitle(album))"
        } catch {
            showOnDisplay("\(error)", kind: .error, seconds: 6)
            throw error
        }
    }

    public func currentDialIndex() -> Int {
        return executor.run {
            guard let session else { return DialPosition.allCases.firstIndex(of: .mixed) ?? 2 }
            let dial = session.state.access { $0.crate.dial }
            return DialPosition.allCases.firstIndex(of: dial) ?? 0
        }
    }

    public func inputDecoded(_ event: InputEvent, outcomes: [ActionOutcome]) {
        executor.run {
            if let refusal = outcomes.lazy.compactMap(\.refusal).first {
                displayMessages.show(Message(refusal, kind: .error), seconds: 4)
            }
            publish(.input, event.action, input: event)
        }
    }

    /// `crate-admin input`: a gesture injected into the simulated backend.
    func inject(_ injection: ControlsService.Injection) throws -> Answer {
        guard let controls = controlsService else { throw RouterError("the controls are not running") }
        return .input(try controls.inject(injection), status())
    }

    func requireSession() throws -> AlbumSession {
        guard let session else { throw RouterError(libraryProblem ?? "the library is not available") }
        return session
    }

    func albumTitle(_ id: Int64?) -> String {
        guard let id else { return "nothing" }
        do {
            guard let album = try library?.store.album(id: id)?.album else { return "album \(id)" }
            return "\(album.artist) — \(album.title)"
        } catch {
            logger.warning("cannot read album \(id) for a control's message: \(error)")
            return "album \(id)"
        }
    }
}
