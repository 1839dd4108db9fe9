import CrateControlClient
import ArgumentParser
import CrateCore
import CrateWire
import Glibc

struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "Scan the music folders and show what the library holds.",
        subcommands: [LibraryScanCommand.self, LibraryStatsCommand.self])
}

struct LibraryScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan [library] paths for new, changed and removed MP3s, and wait for the result.",
        discussion: """
            Unchanged files (same size and modification time) are not read again unless --full. \
            On a terminal a progress bar shows the scan; the report follows. Playback is not \
            disturbed: the scan runs at idle CPU and I/O priority. With [library] watch on (the \
            default) crated also scans on its own once changes in the folders settle, and when \
            a drive is mounted or unmounted below them; `status` shows the last change picked up.
            """)

    @Flag(help: "Read every file again, not only new and changed ones.") var full = false
    @Flag(help: "Start the scan and return at once.") var noWait = false
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            // Subscribe first so the end of even a very short scan is not missed.
            let events = noWait ? nil : try connection.connect()
            if let events {
                let (reply, _) = try events.roundTrip(ControlRequest(cmd: .subscribe))
                guard reply.ok else { throw AdminError.refused(reply.error ?? "cannot follow the scan") }
                events.setReplyTimeout(seconds: 0)
            }
            try connection.perform(ControlRequest(cmd: .libraryScan, full: full)) { _ throws(AdminError) in }
            guard let events else { return }
            let bar = ProgressBar(enabled: !connection.json && isatty(STDOUT_FILENO) != 0)
            while let line = try events.readLine() {
                guard let event = try? events.decode(DaemonEvent.self, from: line) else { continue }  // other event kinds
                switch event.event {
                case .scanProgress: if let progress = event.scanProgress { bar.show(progress) }
                case .scanFinished:
                    bar.finish()
                    if connection.json { Output.line(line) } else if let report = event.scanReport {
                        Output.line(LibraryFormat.report(report))
                    }
                    if event.scanReport?.completed == false { throw AdminError.refused("the scan was interrupted") }
                    return
                default: continue
                }
            }
            throw AdminError.unreachable("the daemon closed the connection before the scan ended")
        }
    }
}

struct LibraryStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Albums, tracks, roots (online or not) and the last scan's counts.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .libraryStats)) { reply throws(AdminError) in
                if let stats = reply.library { Output.line(LibraryFormat.stats(stats)) }
            }
        }
    }
}

struct AlbumsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albums", abstract: "List albums, by artist then title; optionally one genre or artist.")
    @Option(help: "A super-genre (Jazz) or sub-category (Bebop); see 'genres'.") var genre: String?
    @Option(help: "Albums by this artist (album artist or a track artist).") var artist: String?
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .albums, genre: genre, artist: artist)) { reply throws(AdminError) in
                Output.line(LibraryFormat.albums(reply.albums ?? []))
            }
        }
    }
}

struct AlbumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "album", abstract: "One album and its tracks, in order.")
    @Argument(help: "The album's id (from 'albums').") var id: Int64
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .album, album: id)) { reply throws(AdminError) in
                if let detail = reply.album { Output.line(LibraryFormat.album(detail)) }
            }
        }
    }
}

struct ArtistsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "artists", abstract: "Album artists and their album counts.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .artists)) { reply throws(AdminError) in
                for artist in reply.artists ?? [] { Output.line("\(artist.albumCount)".padded(to: 5) + " " + artist.name) }
            }
        }
    }
}

struct GenresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "genres", abstract: "Super-genres and their sub-categories, with album counts.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .genres)) { reply throws(AdminError) in
                for genre in reply.genres ?? [] {
                    let name = genre.subGenre.map { "  " + $0 } ?? genre.superGenre
                    Output.line("\(genre.albumCount)".padded(to: 5) + " " + name)
                }
            }
        }
    }
}
