import CrateCore
import CrateLibrary

/// Albums, crates, the dial, opinions and history: the product's heart, over the socket.
extension Router {
    func performQueue(_ command: Command) throws -> Answer {
        let library = try requireLibrary()
        guard let session else { throw RouterError(libraryProblem ?? "the library is not available") }
        switch command {
        case .crate(.grow):
            try session.ensureCrate()
            // The knob's growth past the last album: each album once, no new round.
            let grew = session.growPastBrowseEnd()
            var crate = try crateView(session, library)
            crate.atEnd = !grew
            return .crate(crate)
        case .crate(let request):
            if let kind = try Self.crateKind(request) { try session.switchCrate(to: kind) } else { try session.ensureCrate() }
            return .crate(try crateView(session, library))
        case .regenerateCrate:
            try session.regenerateCrate()
            return .crate(try crateView(session, library))
        case .dial(let position):
            if let position { try session.turnDial(to: position) } else { try session.ensureCrate() }
            return .crate(try crateView(session, library))
        case .opinion(let opinion, let album):
            let id = try session.setOpinion(opinion, album: album)
            // The album it was about, for the one line crate-admin prints; the player's state
            // (a missing sound device, say) is no part of what a like did.
            return .opinion(try summaries([id], library).first ?? nil, status())
        case .queue:
            return .queue(try queueView(session, library))
        case .enqueue(let album, let next):
            try session.enqueue(album, next: next)
            return .queue(try queueView(session, library))
        case .nextAlbum:
            try session.nextAlbumNow()
            return .status(status())
        case .previousAlbum:
            try session.previousAlbumNow()
            return .status(status())
        case .history:
            return .history(try library.store.history())
        case .diagnostics:
            try session.ensureCrate()
            return .diagnostics(Answer.Diagnostics(
                crate: try crateView(session, library), queue: try queueView(session, library),
                library: try library.stats(), status: status(), plex: plexService?.status(),
                wallet: session.maker.walletRefresh()))
        default:
            throw RouterError("\(command.name) is not a queue command")
        }
    }

    /// The crate a request names; nil for the current one.
    static func crateKind(_ request: Command.CrateRequest) throws -> CrateState.Kind? {
        switch request {
        case .current, .grow: nil
        case .genres(let names): try genresKind(names)
        case .wall: .wall
        case .favorites: .favorites
        case .artist(let artist): .artist(artist)
        case .collection(let title): .collection(title)
        case .playlist(let title): .playlist(title)
        case .wallet: .wallet
        }
    }

    private func crateView(_ session: AlbumSession, _ library: Library) throws -> CrateView {
        let crate = session.state.access { $0.crate }
        let albums = try summaries(crate.items.map(\.albumID), library)
        let items = zip(crate.items, albums).compactMap { item, album in
            album.map { CrateItemView(album: $0, reason: item.reason) }
        }
        return CrateView(name: crate.kind.displayName, dial: crate.dial.rawValue, items: items, cursor: crate.cursor,
                         planned: crate.planned, actual: crate.actual, notes: crate.notes, unresolved: crate.unresolved)
    }

    /// `crate --genre A --genre B`: one name is a genre crate as before, several an OR of
    /// them. Every name is checked here, so a typo is named rather than silently matching
    /// nothing.
    static func genresKind(_ names: [String]) throws -> CrateState.Kind {
        let names = names.map(trimmed).filter { !$0.isEmpty }
        guard !names.isEmpty else { throw RouterError("--genre needs a name (crate-admin genres lists them)") }
        var canonical: [String] = []
        for name in names {
            let filter: GenreFilter
            do { filter = try GenreFilter(name) } catch where name.contains(",") {
                throw RouterError("unknown genre '\(name)': for several genres repeat --genre (--genre Bebop --genre \"Hard Bop\")")
            }
            let resolved = filter.superGenre ?? filter.subGenre ?? name
            if !canonical.contains(resolved) { canonical.append(resolved) }
        }
        return canonical.count == 1 ? .genre(canonical[0]) : .genres(canonical)
    }

    /// `text` without the spaces around it.
    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private func queueView(_ session: AlbumSession, _ library: Library) throws -> QueueView {
        let (current, queued, crate, appended, anchor) = session.state.access {
            ($0.current, $0.queued, $0.crate, Set($0.segments.map(\.albumID)), $0.crateAnchor)
        }
        let disliked = session.dislikedIDs()
        var upcoming: [Int64] = []
        var after = anchor
        while upcoming.count < 5, let next = crate.album(after: after, skipping: disliked.union(appended).union(upcoming)) {
            upcoming.append(next)
            after = next
        }
        return QueueView(current: try current.flatMap { try library.store.album(id: $0)?.album },
                         queued: try summaries(queued, library).compactMap { $0 },
                         fromCrate: try summaries(upcoming, library).compactMap { $0 })
    }

    /// Summaries for ids, nil where an album has left the library.
    func summaries(_ ids: [Int64], _ library: Library) throws -> [AlbumSummary?] {
        let wanted = Set(ids)
        var byID: [Int64: AlbumSummary] = [:]
        for album in try library.store.albums() where wanted.contains(album.id) { byID[album.id] = album }
        return ids.map { byID[$0] }
    }
}
