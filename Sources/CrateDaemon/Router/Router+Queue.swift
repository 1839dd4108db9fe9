import CrateCore
import CrateLibrary
import CrateWire

/// Albums, crates, the dial, opinions and history: the product's heart, over the socket.
extension Router {
    func handleQueue(_ command: ControlCommand, _ request: ControlRequest) throws -> ControlReply {
        let library = try requireLibrary()
        guard let session else { throw RouterError(libraryProblem ?? "the library is not available") }
        var reply = ControlReply(ok: true)
        switch command {
        case .crate:
            let names = request.genre != nil || request.artist != nil || request.wallet == true || request.collection != nil
                || request.playlist != nil || request.genres != nil || request.favorites == true
            if request.grow == true {
                if names { throw RouterError("crate: 'grow' grows the current crate; name no other crate with it") }
                try session.ensureCrate()
                // The knob's growth past the last album: each album once, no new round.
                let grew = session.growPastBrowseEnd()
                reply.crate = try crateView(session, library)
                reply.crate?.atEnd = !grew
                return reply
            }
            if names {
                let genres = request.genres ?? request.genre.map { [$0] }
                let kind: CrateState.Kind = if let genres { try Self.genresKind(genres) }
                    else if request.favorites == true { .favorites }
                    else if let artist = request.artist { .artist(artist) }
                    else if let collection = request.collection { .collection(collection) }
                    else if let playlist = request.playlist { .playlist(playlist) } else { .wallet }
                try session.switchCrate(to: kind)
            } else {
                try session.ensureCrate()
            }
            reply.crate = try crateView(session, library)
        case .crateRegenerate:
            try session.regenerateCrate()
            reply.crate = try crateView(session, library)
        case .dial:
            if let name = request.position {
                guard let position = DialPosition(name: name) else {
                    let names = DialPosition.allCases.map(\.rawValue).joined(separator: ", ")
                    throw RouterError("unknown dial position '\(name)' (one of \(names), or 1 to 5)")
                }
                try session.turnDial(to: position)
            } else {
                try session.ensureCrate()
            }
            reply.crate = try crateView(session, library)
        case .like, .dislike, .unlike:
            let opinion: AlbumOpinion = command == .like ? .liked : command == .dislike ? .disliked : .none
            let id = try session.setOpinion(opinion, album: request.album)
            // The album it was about, for the one line crate-admin prints; the player's state
            // (a missing sound device, say) is no part of what a like did.
            reply.albums = try summaries([id], library).compactMap { $0 }
            reply.status = status()
        case .queue:
            reply.queue = try queueView(session, library)
        case .queueAdd, .queueNext:
            try session.enqueue(try requiredAlbum(request), next: command == .queueNext)
            reply.queue = try queueView(session, library)
        case .nextAlbum:
            try session.nextAlbumNow()
            reply.status = status()
        case .prevAlbum:
            try session.previousAlbumNow()
            reply.status = status()
        case .history:
            reply.history = try library.store.history()
        case .diagnostics:
            try session.ensureCrate()
            reply.crate = try crateView(session, library)
            reply.queue = try queueView(session, library)
            reply.library = try library.stats()
            reply.status = status()
            reply.plex = plexService?.status()
            reply.wallet = session.maker.walletRefresh()
        default:
            throw RouterError("\(command.rawValue) is not a queue command")
        }
        return reply
    }

    private func crateView(_ session: AlbumSession, _ library: Library) throws -> CrateView {
        let crate = session.state.withLock { $0.crate }
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
        let (current, queued, crate, appended, anchor) = session.state.withLock {
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
