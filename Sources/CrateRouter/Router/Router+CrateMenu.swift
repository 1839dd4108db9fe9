import CrateControls
import CrateCore
import CrateLibrary

/// The crate menu's contents and its choices carried out: which crates exist (the genres
/// in the library, a wallet, the Plex lists as last synced) and the switch to one.
extension Router {
    public func crateMenu() -> CrateMenu? {
        return executor.run {
            guard let session else { return nil }
            var entries: [CrateMenu.Entry] = [
                .init(title: "Crate Wall", choice: .wall),
                .init(title: "Favorites", choice: .favorites),
                .init(title: "More by this artist", choice: .moreByArtist),
            ]
            do {
                let hasWallet = try session.maker.walletExists()
                if hasWallet { entries.append(.init(title: "CDs wallet", choice: .wallet)) }
                entries += try genreEntries()
                for list in try plexService?.collections() ?? [] {
                    entries.append(.init(title: "Collection: \(list.title)", choice: .collection(list.title)))
                }
                for list in try plexService?.playlists() ?? [] {
                    entries.append(.init(title: "Playlist: \(list.title)", choice: .playlist(list.title)))
                }
                // No wallet: the last row says how to make one (chosen, the panel says it in full).
                if !hasWallet { entries.append(.init(title: session.maker.noWalletRow, choice: .wallet)) }
            } catch {
                // The menu still opens with what could be read; the reason is on the panel.
                logger.warning("crate menu: \(error)")
                showOnDisplay("Some crates are missing: \(error)", kind: .error)
            }
            do {
                if let artists = try artistsEntry() { entries.append(artists) }
            } catch {
                logger.warning("crate menu: no artists: \(error)")
                showOnDisplay("Some crates are missing: \(error)", kind: .error)
            }
            entries.append(Self.sleepEntry)
            let kind = session.state.access { $0.crate.kind }
            return CrateMenu(entries: entries, current: Self.menuChoice(kind), currentName: kind.displayName)
        }
    }

    /// Every artist of the library, A to Z, each opening a crate of their albums (oldest
    /// first); nil for an empty library.
    private func artistsEntry() throws -> CrateMenu.Entry? {
        guard let library else { return nil }
        let artists = try library.store.artists()
        guard let first = artists.first else { return nil }
        return .init(title: Self.artistsTitle, choice: .artist(first.name),
                     children: artists.map { .init(title: $0.name, choice: .artist($0.name)) })
    }

    static let artistsTitle = "Artists A–Z"

    /// Each super-genre with albums, opening "All <genre>" and then its sub-genres.
    private func genreEntries() throws -> [CrateMenu.Entry] {
        guard let library else { return [] }
        let genres = try library.store.genres()
        var entries: [CrateMenu.Entry] = []
        for genre in genres where genre.subGenre == nil && genre.albumCount > 0 {
            let name = genre.superGenre
            let subs = genres.compactMap { g -> CrateMenu.Entry? in
                guard let sub = g.subGenre, g.superGenre == name, g.albumCount > 0 else { return nil }
                return .init(title: sub, choice: .genre(sub))
            }
            entries.append(.init(title: name, choice: .genre(name),
                                 children: [.init(title: "All \(name)", choice: .genre(name))] + subs))
        }
        return entries
    }

    /// The sleep timer's rows, last in the menu.
    static let sleepEntry = CrateMenu.Entry(title: "Sleep timer", choice: .sleep(.off), children: [
        .init(title: "15 minutes", choice: .sleep(.minutes(15))),
        .init(title: "30 minutes", choice: .sleep(.minutes(30))),
        .init(title: "60 minutes", choice: .sleep(.minutes(60))),
        .init(title: "End of this album", choice: .sleep(.endOfAlbum)),
        .init(title: "Off", choice: .sleep(.off)),
    ])

    static func menuChoice(_ kind: CrateState.Kind) -> CrateMenu.Choice? {
        switch kind {
        case .wall: .wall
        case .favorites: .favorites
        case .wallet: .wallet
        case .genre(let name): .genre(name)
        case .collection(let title): .collection(title)
        case .playlist(let title): .playlist(title)
        // "More by this artist" is about the album in view: the menu opens at its top.
        case .artist, .genres: nil
        }
    }

    public func playingTrack() -> PlayingTrack? {
        return executor.run {
            guard let session else { return nil }
            let status = player.status()
            guard status.currentIndex != nil, status.state != .idle else { return nil }
            return session.playingTrack(playerIndex: status.currentIndex).map {
                PlayingTrack(album: $0.album, index: $0.index, count: $0.count, kept: plexService?.isKept(albumID: $0.album))
            }
        }
    }

    /// The album under the knob, for its track list from browse: the track playing when it
    /// is the album loaded, else not loaded (the list then offers to queue it).
    public func browsedAlbum() -> PlayingTrack? {
        let album: Int64
        do {
            album = try executor.run { try requireSession().albumUnderKnob() }
        } catch {
            // An empty crate, or a library that cannot be read: nothing to open, the gesture
            // does nothing; why is logged.
            logger.info("album detail from browse: \(error)")
            return nil
        }
        if let playing = playingTrack(), playing.album == album { return playing }
        guard let detail = cachedAlbum(album) else { return nil }
        return PlayingTrack(album: album, index: 0, count: detail.tracks.count, loaded: false)
    }

    /// A crate picked in the menu; a crate that cannot be made (no favorites yet) says why
    /// on the panel and leaves the knob where it was.
    func enterCrate(_ choice: CrateMenu.Choice, fromBrowse: Bool) throws -> String {
        let session = try requireSession()
        do {
            let kind: CrateState.Kind
            switch choice {
            case .moreByArtist: return try moreByArtist(fromBrowse: fromBrowse)
            case .wall: kind = .wall
            case .artist(let name): kind = .artist(name)
            case .favorites: kind = .favorites
            case .wallet: kind = .wallet
            case .genre(let name): kind = .genre(name)
            case .collection(let title): kind = .collection(title)
            case .playlist(let title): kind = .playlist(title)
            case .blend(let names): kind = try Self.genresKind(names)
            case .sleep(let setting): return try perform(.sleep(setting)) ?? ""
            }
            try session.switchCrate(to: kind)
            return crateLine(session)
        } catch {
            showOnDisplay("\(error)", kind: .error)
            throw error
        }
    }

    /// The artist's albums, oldest first, the knob on the album it came from.
    func moreByArtist(fromBrowse: Bool) throws -> String {
        let session = try requireSession()
        do {
            let album = session.state.access { s -> Int64? in
                guard fromBrowse, !s.crate.items.isEmpty else { return s.current }
                return s.crate.items[min(max(s.crate.cursor, 0), s.crate.items.count - 1)].albumID
            }
            guard let album, let detail = try library?.store.album(id: album) else {
                throw RouterError("nothing is playing: turn the knob to an album first")
            }
            try session.switchCrate(to: .artist(detail.album.artist))
            session.state.access { s in
                if let index = s.crate.items.firstIndex(where: { $0.albumID == album }) { s.crate.cursor = index }
            }
            return crateLine(session)
        } catch {
            showOnDisplay("\(error)", kind: .error)
            throw error
        }
    }

    private func crateLine(_ session: AlbumSession) -> String {
        let (kind, count) = session.state.access { ($0.crate.kind, $0.crate.items.count) }
        return "crate: \(kind.displayName) (\(counted(count, "album")))"
    }

    /// The knob's track list: its album from track `index` (0-based).
    func playTrack(album: Int64, index: Int) throws -> String {
        try requireSession().play(album: album, fromTrack: index + 1)
        return "play track \(index + 1) of \(albumTitle(album))"
    }
}
