import CrateAudio
import CrateControls
import CrateCore
import CrateDisplay
import CrateLibrary
import CratePosix

/// What the panel shows, made from the player, the session and the knob's mode. Asked
/// from the display thread (made on the executor) once a second while playing and on every change; album rows
/// come from a one-album cache so a redraw costs no SQLite query.
extension Router {
    public func displayContent() -> DisplayContent {
        return executor.run {
            let player = player.status()
            let mode = controlsService?.mode
            var content: DisplayContent
            switch mode {
            case .dial(let selected)?:
                let confirmed = currentDialIndex()
                content = DisplayContent(screen: .dial(Dial(positions: DialPosition.allCases.map(\.displayName),
                                                            selected: selected, confirmed: confirmed,
                                                            descriptions: DialPosition.allCases.map(\.summary))))
            case .browse?:
                content = browseContent() ?? nowPlayingContent(player)
                content.playing = playingInSight(player)
            case .menu?, .tracks?:
                content = listContent(mode) ?? nowPlayingContent(player)
                content.playing = playingInSight(player)
            default:
                content = nowPlayingContent(player)
            }
            content.message = displayMessages.current()
            if content.message == nil, player.output.waitingForDevice == true {
                // Lost while playing, or not there since the start (a DAC switched on late).
                let lost = player.output.deviceLost == true
                content.message = Message(lost ? "Output lost — waiting for the DAC" : "Waiting for the DAC", kind: .error)
            }
            return content
        }
    }

    /// What plays or is paused, for the footer of the browse and list screens; nil when
    /// nothing is (a stopped album is on the now-playing screen, not in the way here).
    private func playingInSight(_ player: PlayerStatus) -> NowPlaying? {
        guard case .nowPlaying(let playing) = nowPlayingContent(player).screen,
              playing.mark == .playing || playing.mark == .paused else { return nil }
        return playing
    }

    /// Shows `text` over the screen for a few seconds (and redraws now).
    func showOnDisplay(_ text: String, kind: Message.Kind = .info, seconds: Double = 3) {
        displayMessages.show(Message(text, kind: kind), seconds: seconds)
        panel?.invalidate(activity: false)
    }

    private func nowPlayingContent(_ player: PlayerStatus) -> DisplayContent {
        guard let track = player.currentTrack, let index = player.currentIndex else {
            if let stopped = stoppedContent() { return stopped }
            let detail: String = switch player.state {
            case .error(let message): message
            default: session == nil ? (libraryProblem ?? "No library") : "Turn the knob to pick an album"
            }
            // Nothing to show yet (first boot, an empty library): where to open the page.
            return DisplayContent(screen: .boot(detail: detail), reach: reach?.current?.panelLines ?? [])
        }
        let (albumID, segment) = session?.state.access { ($0.current, $0.segment(containing: index)) } ?? (nil, nil)
        let detail = albumID.flatMap { cachedAlbum($0) }
        // By position in the album's segment: a Plex track plays from a cache file whose
        // path is not the library's.
        let inAlbum = segment.flatMap { s in
            detail.flatMap { index - s.startIndex < $0.tracks.count && s.albumID == $0.album.id ? index - s.startIndex : nil }
        }
        let mark: PlaybackMark = switch player.state {
        case .playing: .playing
        case .paused: .paused
        case .buffering: .buffering
        case .idle: .stopped
        case .error(let message): .error(message)
        }
        let fileName = String(track.path.split(separator: "/").last ?? "")
        var nowPlaying = NowPlaying(
            artist: detail?.album.artist ?? "",
            album: detail?.album.title ?? String(track.path.split(separator: "/").dropLast().last ?? ""),
            trackTitle: inAlbum.map { detail!.tracks[$0].title } ?? fileName,
            trackNumber: (inAlbum ?? index) + 1, trackCount: detail?.tracks.count ?? player.tracks.count,
            elapsed: player.position, elapsedAt: MonotonicClock.now(), duration: track.duration, mark: mark,
            art: detail.flatMap { artwork($0) })
        if let line = roomsPanelLine() { (nowPlaying.rooms, nowPlaying.roomsProblem) = line }
        nowPlaying.opinion = detail.flatMap { opinionMark($0.album.id) }
        let sleep = sleepTimer.status()
        nowPlaying.sleep = sleep.map(SleepTimer.panelWords)
        nowPlaying.sleepShort = sleep.map(SleepTimer.shortPanelWords)
        if albumID != nil, let next = session?.upcomingAlbum().flatMap({ cachedAlbum($0) }) {
            nowPlaying.upNext = "Next: \(next.album.artist) — \(next.album.title)"
        }
        return DisplayContent(screen: .nowPlaying(nowPlaying), offline: detail.map { !$0.album.online } ?? false)
    }

    /// After a stop (and after a restart that found one) the panel shows the album play
    /// takes up again, at the track it stopped in, marked stopped.
    private func stoppedContent() -> DisplayContent? {
        guard let place = session?.state.access({ $0.stopped }), let detail = cachedAlbum(place.albumID),
              detail.tracks.indices.contains(place.trackInAlbum) else { return nil }
        let track = detail.tracks[place.trackInAlbum]
        var shown = NowPlaying(
            artist: detail.album.artist, album: detail.album.title, trackTitle: track.title,
            trackNumber: place.trackInAlbum + 1, trackCount: detail.tracks.count, elapsed: 0,
            elapsedAt: MonotonicClock.now(), duration: track.duration, mark: .stopped, art: artwork(detail))
        shown.opinion = opinionMark(detail.album.id)
        return DisplayContent(screen: .nowPlaying(shown), offline: !detail.album.online)
    }

    private func browseContent() -> DisplayContent? {
        guard let session else { return nil }
        let (items, cursor, kind) = session.state.access { ($0.crate.items.map(\.albumID), $0.crate.cursor, $0.crate.kind) }
        guard !items.isEmpty else { return nil }
        let index = min(max(cursor, 0), items.count - 1)
        // No neighbour past an end: the knob does not wrap round, so neither does the screen.
        func card(_ position: Int) -> AlbumCard? {
            guard items.indices.contains(position), let detail = cachedAlbum(items[position]) else { return nil }
            return AlbumCard(artist: detail.album.artist, title: detail.album.title, year: detail.album.year,
                             art: artwork(detail), opinion: opinionMark(detail.album.id))
        }
        guard let current = card(index) else { return nil }
        let browse = Browse(crateName: kind.displayName, index: index, count: items.count,
                            previous: card(index - 1), current: current, next: card(index + 1))
        return DisplayContent(screen: .browse(browse), offline: cachedAlbum(items[index]).map { !$0.album.online } ?? false)
    }

    /// The badge for an album's like or dislike, nil for neither.
    private func opinionMark(_ id: Int64) -> OpinionMark? {
        switch session?.opinion(of: id) {
        case .liked?: .liked
        case .disliked?: .disliked
        default: nil
        }
    }

    func artwork(_ detail: AlbumDetail) -> ArtworkReference? {
        guard let first = detail.tracks.first else { return nil }
        // Plex covers come from the server's photo transcoder, fetched in the background.
        let name = "\(detail.album.artist) — \(detail.album.title)"
        if TrackLocation.isPlex(first.path) { return plexArtwork(trackPath: first.path, name: name) }
        var reference = ArtworkReference(albumKey: "album-\(detail.album.id)-\(detail.album.folder)", trackPath: first.path)
        reference.name = name
        return reference
    }

    /// Titles for the loaded tracks that belong to a library album (by position in its
    /// segment, as a Plex track plays from a path that is not the library's).
    func nameTracks(_ status: inout PlayerStatus) {
        guard let segments = session?.state.access({ $0.segments }) else { return }
        for segment in segments {
            guard let detail = cachedAlbum(segment.albumID) else { continue }
            for offset in 0..<min(segment.trackCount, detail.tracks.count)
            where status.tracks.indices.contains(segment.startIndex + offset) {
                status.tracks[segment.startIndex + offset].title = detail.tracks[offset].title
                status.tracks[segment.startIndex + offset].album = "\(detail.album.artist) — \(detail.album.title)"
            }
        }
    }

    /// An album's row and tracks, from a small cache: the display asks every second.
    func cachedAlbum(_ id: Int64) -> AlbumDetail? {
        if let hit = albumCache.withLock({ $0[id] }) { return hit }
        do {
            guard let detail = try library?.store.album(id: id) else { return nil }
            albumCache.withLock { cache in
                if cache.count >= 16 { cache.removeAll() }
                cache[id] = detail
            }
            return detail
        } catch {
            logger.warning("display: cannot read album \(id): \(error)")
            return nil
        }
    }
}
