import CrateCore
import CrateLibrary
import CrateWire

/// Library requests: scans, listings, and albums turned into track lists for the player.
extension Router {
    func handleLibrary(_ command: ControlCommand, _ request: ControlRequest) throws -> ControlReply {
        let library = try requireLibrary()
        var reply = ControlReply(ok: true)
        switch command {
        case .libraryScan:
            // A scan already running (the start-up scan, say) is the one the admin gets to follow.
            if !library.isScanning { try startScan(full: request.full ?? false) }
            reply.library = try library.stats()
        case .libraryStats:
            reply.library = try library.stats()
        case .albums:
            let filter = try GenreFilter(request.genre)
            reply.albums = try library.store.albums(superGenre: filter.superGenre, subGenre: filter.subGenre,
                                                    artist: request.artist)
        case .album:
            let id = try requiredAlbum(request)
            guard var detail = try library.store.album(id: id) else { throw RouterError("no album with id \(id)") }
            detail.kept = plexService?.isKept(albumID: id)
            detail.opinion = session?.opinion(of: id).nonNeutral
            reply.album = detail
        case .artists:
            reply.artists = try library.store.artists()
        case .genres:
            reply.genres = try library.store.genres()
        default:
            throw RouterError("\(command.rawValue) is not a library command")
        }
        return reply
    }

    /// Starts a background scan whose progress and end go to every subscriber.
    func startScan(full: Bool) throws {
        let library = try requireLibrary()
        try library.startScan(full: full, progress: { [weak self] progress in
            self?.publish(.scanProgress, progress.currentPath, progress: progress)
        }, finished: { [weak self] report in
            let outcome = report.completed ? "finished" : "interrupted"
            self?.publish(.scanFinished, "library scan \(outcome): \(counted(report.albums, "album"))", report: report)
            self?.session?.libraryChanged()
        })
        publish(.scanStarted, full ? "full library scan started" : "library scan started")
    }

    func requireLibrary() throws -> Library {
        guard let library else { throw RouterError(libraryProblem ?? "the library is not available") }
        return library
    }

    /// The album id a command cannot do without.
    func requiredAlbum(_ request: ControlRequest) throws -> Int64 {
        guard let id = request.album else { throw RouterError("\(request.cmd) needs an album id") }
        return id
    }
}

/// What `--genre` names: a super-genre ("Jazz") or a sub-category ("Bebop").
struct GenreFilter {
    var superGenre: String?
    var subGenre: String?

    init(_ name: String?) throws {
        guard let name else { return }
        // Every sub-genre's name also names its super-genre ("Bebop" → Jazz), so the
        // sub-genre is asked first; a sub-genre called like its super-genre ("Jazz") is the
        // super-genre.
        let genre = GenreTaxonomy.superGenre(named: name)
        if let sub = GenreTaxonomy.subGenre(named: name), sub.name.lowercased() != genre?.rawValue.lowercased() {
            subGenre = sub.name
        } else if let genre {
            superGenre = genre.rawValue
        } else {
            throw RouterError("unknown genre '\(name)' (crate-admin genres lists them)")
        }
    }
}
