import CrateCore
import CrateLibrary

/// Library requests: scans, listings, and albums turned into track lists for the player.
extension Router {
    func performLibrary(_ command: Command) throws -> Answer {
        let library = try requireLibrary()
        switch command {
        case .scan(let full):
            // A scan already running (the start-up scan, say) is the one the admin gets to follow.
            if !library.isScanning { try startScan(full: full) }
            return .library(try library.stats())
        case .libraryStats:
            return .library(try library.stats())
        case .albums(let genre, let artist):
            let filter = try GenreFilter(genre)
            return .albums(try library.store.albums(superGenre: filter.superGenre, subGenre: filter.subGenre, artist: artist))
        case .album(let id):
            guard var detail = try library.store.album(id: id) else { throw RouterError("no album with id \(id)") }
            detail.kept = plexService?.isKept(albumID: id)
            detail.opinion = session?.opinion(of: id).nonNeutral
            return .album(detail)
        case .artists:
            return .artists(try library.store.artists())
        case .genres:
            return .genres(try library.store.genres())
        default:
            throw RouterError("\(command.name) is not a library command")
        }
    }

    /// Starts a background scan whose progress and end go to every subscriber.
    public func startScan(full: Bool) throws {
        let library = try requireLibrary()
        try library.startScan(full: full, progress: { [weak self] progress in
            self?.publish(.scanProgress, progress.currentPath, progress: progress)
        }, finished: { [weak self] report in
            let outcome = report.completed ? "finished" : "interrupted"
            // Loaded tracks whose folder was renamed are found at their new place first:
            // the engine may be waiting for one (PendingOpen).
            self?.session?.followMovedFiles()
            self?.publish(.scanFinished, "library scan \(outcome): \(counted(report.albums, "album"))", report: report)
            self?.session?.libraryChanged()
            self?.scanAgainIfAsked()
        })
        publish(.scanStarted, full ? "full library scan started" : "library scan started")
    }

    func requireLibrary() throws -> Library {
        guard let library else { throw RouterError(libraryProblem ?? "the library is not available") }
        return library
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
