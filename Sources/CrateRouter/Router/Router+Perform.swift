import CrateAudio
import CrateCore
import CrateDisplay
import CrateLastFM
import CrateLibrary
import CratePlex
import CratePosix
import FoundationEssentials

/// The router's front door: every front end's command comes in here, typed, and goes out
/// as an `Answer` or a refusal in words.
extension Router {
    /// Does `command`. Every failure is a `CommandRefusal` whose message is what the
    /// person who asked is told; store failures also go to the log with their SQL.
    public func perform(_ command: Command) throws(CommandRefusal) -> Answer {
        do {
            if command.waitsOnOtherThreads || command.readsPublishedState { return try run(command) }
            return try executor.run { try timed(command) }
        } catch let error as CommandRefusal {
            if !error.retryLater { logger.warning("\(command.name) refused: \(error.message)") }
            throw error
        } catch let error as PlayerError {
            throw CommandRefusal(error.message)
        } catch let error as RouterError {
            logger.warning("\(command.name) refused: \(error.description)")
            throw CommandRefusal(error.description)
        } catch let error as LibraryError {
            throw CommandRefusal(error.description)
        } catch let error as LibraryStoreError {
            // The SQL that failed goes to the log; the client is told what failed in words.
            logger.error("\(command.name) failed: \(error)")
            if case .diskFull = error { throw CommandRefusal(error.userMessage, cause: .diskFull) }
            throw CommandRefusal(error.userMessage)
        } catch let error as PlexError {
            logger.warning("\(command.name) refused: \(error)")
            throw CommandRefusal(error.description)
        } catch let error as LastFMError {
            logger.warning("\(command.name) refused: \(error)")
            throw CommandRefusal(error.description)
        } catch let error as SnapshotError {
            throw CommandRefusal("display snapshot: \(error)")
        } catch {
            throw CommandRefusal("\(error)")
        }
    }

    /// Longer than this on the router's thread and the log says so: everything else
    /// (gestures, the panel, the next album's question) waited that long behind it.
    static let slowCommandSeconds = 1.0

    private func timed(_ command: Command) throws -> Answer {
        let started = MonotonicClock.now()
        defer {
            let took = MonotonicClock.now() - started
            if took > Self.slowCommandSeconds {
                logger.warning("\(command.name) held the router's thread for \(Int(took * 1000)) ms")
            }
        }
        return try run(command)
    }

    private func run(_ command: Command) throws -> Answer {
        switch command {
        case .ping, .status: break
        case .playerStatus:
            // As the engine has it: MPD names songs from its own catalog.
            return .player(player.status())
        case .play(let target): try play(target)
        case .pause: try player.pause()
        case .resume:
            if try session?.resumeStopped() != true { try player.resume() }
        case .toggle:
            if try session?.resumeStopped() != true { try player.toggle() }
        case .nextTrack:
            session?.leavingTrackByHand()
            try player.next()
        case .previousTrack:
            session?.leavingTrackByHand()
            try player.previous()
        case .stop:
            if let session { try session.stop() } else { try player.stop() }
        case .seek(let seconds):
            session?.leavingTrackByHand()
            try player.seek(to: seconds)
        case .scan, .libraryStats, .albums, .album, .artists, .genres:
            return try performLibrary(command)
        case .crate, .regenerateCrate, .dial, .opinion, .queue, .enqueue, .nextAlbum, .previousAlbum,
             .history, .diagnostics:
            return try performQueue(command)
        case .handQueue(let request):
            return try performHandQueue(request)
        case .input(let injection):
            return try inject(injection)
        case .plex(let request):
            return try performPlex(request)
        // The daemon backs up and restores user.sqlite: it holds the only writer of the file,
        // so the copy is consistent and the swap happens between two writes.
        case .backup(let file):
            return .userData(try requireLibrary().store.backupUserData(to: file))
        case .restore(let file):
            let copy = try requireLibrary().store.restoreUserData(from: file)
            session?.forgetOpinions()
            return .userData(copy)
        case .lastfm(let request):
            return try performLastFM(request)
        case .sleep(let setting):
            try sleepTimer.set(setting)
        case .nowPlaying(let withCover):
            return .nowPlaying(nowPlaying(withCover: withCover))
        case .cover(let id, let size):
            return try cover(album: id, size: size)
        case .volume:
            return .volume(try volume())
        case .changeVolume(let percent):
            return .volume(try changeVolume(byPercent: percent))
        case .displaySnapshot:
            guard let display = panel else { throw RouterError("the display is not running") }
            return .snapshot(try display.snapshot(timeout: 5))
        }
        return .status(status())
    }

    private func play(_ target: Command.PlayTarget) throws {
        switch target {
        case .album(let album, let track, let paused):
            logger.info("play: album \(album)\(paused ? " (paused)" : "")")
            guard let session else { throw RouterError(libraryProblem ?? "the library is not available") }
            try session.play(album: album, fromTrack: track, paused: paused)
        case .stoppedAlbum:
            guard try session?.resumeStopped() == true else { throw RouterError("no stopped album to play again") }
            logger.info("play: the stopped album again")
        case .files(let paths):
            let tracks = try FolderAlbum.expand(paths)
            logger.info("play: \(tracks.count) track(s) from \(paths)")
            // Files outside the library: no album to follow them.
            session?.forgetCurrent()
            try player.play(paths: tracks)
        case .song(let album, let index, let seconds):
            logger.info("play: album \(album) from track \(index + 1)")
            try requireSession().play(album: album, track: index, seconds: seconds)
        }
    }
}

extension Command {
    /// Commands done on the caller's thread, not the executor: they wait on a thread that
    /// may itself be waiting for the executor (the controls' worker carrying out an
    /// injected gesture, the display drawing a snapshot), or on the network (Plex and
    /// Last.fm sign-in, a Plex cover). What they touch of the router's state, they reach
    /// through its entries that hop onto the executor.
    var waitsOnOtherThreads: Bool {
        switch self {
        case .input, .displaySnapshot, .plex, .lastfm, .cover: true
        default: false
        }
    }

    /// Questions answered on the caller's thread from what the executor last published
    /// (RouterPublished) and from the player and mixer, which any thread may ask: MPD
    /// asks them on nearly every command, and a hop onto the executor would cost each
    /// more than its answer.
    var readsPublishedState: Bool {
        switch self {
        case .playerStatus, .handQueue(.show), .volume: true
        default: false
        }
    }

    /// A short name for the log.
    var name: String {
        switch self {
        case .ping: "ping"
        case .status: "status"
        case .playerStatus: "player-status"
        case .play: "play"
        case .pause: "pause"
        case .resume: "resume"
        case .toggle: "toggle"
        case .nextTrack: "next"
        case .previousTrack: "prev"
        case .stop: "stop"
        case .seek: "seek"
        case .scan: "library-scan"
        case .libraryStats: "library-stats"
        case .albums: "albums"
        case .album: "album"
        case .artists: "artists"
        case .genres: "genres"
        case .crate: "crate"
        case .regenerateCrate: "crate-regenerate"
        case .dial: "dial"
        case .opinion(let opinion, _): opinion == .liked ? "like" : opinion == .disliked ? "dislike" : "unlike"
        case .queue: "queue"
        case .enqueue(_, let next): next ? "queue-next" : "queue-add"
        case .handQueue(let request):
            switch request {
            case .show: "hand-queue"
            case .append: "hand-queue-append"
            case .remove: "hand-queue-remove"
            case .clear: "hand-queue-clear"
            case .move: "hand-queue-move"
            }
        case .nextAlbum: "next-album"
        case .previousAlbum: "prev-album"
        case .history: "history"
        case .diagnostics: "diagnostics"
        case .input: "input"
        case .displaySnapshot: "display-snapshot"
        case .plex: "plex"
        case .backup: "backup"
        case .restore: "restore"
        case .lastfm: "lastfm"
        case .sleep: "sleep"
        case .nowPlaying: "now-playing"
        case .cover: "cover"
        case .volume: "volume"
        case .changeVolume: "volume-change"
        }
    }
}
