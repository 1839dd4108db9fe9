import CrateControls
import CrateCore
import CrateLibrary
import CrateRouter
import CrateWire

/// The control socket's edge: a JSON request becomes the router's typed `Command` here, once,
/// and a request whose arguments are missing or make no sense is refused here with what was
/// expected, so the router never sees one.
extension ControlRequest {
    func command(_ name: ControlCommand) throws(InvalidRequest) -> Command {
        switch name {
        case .ping: return .ping
        case .status, .subscribe: return .status
        case .play: return try playCommand()
        case .pause: return .pause
        case .resume: return .resume
        case .toggle: return .toggle
        case .next: return .nextTrack
        case .prev: return .previousTrack
        case .stop: return .stop
        case .seek:
            guard let seconds else { throw InvalidRequest("seek needs 'seconds': a position in seconds from the start of the track") }
            if !seconds.isFinite || seconds < 0 { throw InvalidRequest("seek: 'seconds' must be a finite number >= 0, got \(seconds)") }
            return .seek(seconds)
        case .libraryScan: return .scan(full: full ?? false)
        case .libraryStats: return .libraryStats
        case .albums: return .albums(genre: genre, artist: artist)
        case .album: return .album(try requiredAlbum(name))
        case .artists: return .artists
        case .genres: return .genres
        case .crate: return .crate(try crateRequest())
        case .crateRegenerate: return .regenerateCrate
        case .dial:
            guard let position else { return .dial(nil) }
            guard let dial = DialPosition(name: position) else {
                let names = DialPosition.allCases.map(\.rawValue).joined(separator: ", ")
                throw InvalidRequest("unknown dial position '\(position)' (one of \(names), or 1 to 5)")
            }
            return .dial(dial)
        case .like: return .opinion(.liked, album: album)
        case .dislike: return .opinion(.disliked, album: album)
        case .unlike: return .opinion(.none, album: album)
        case .queue: return .queue
        case .queueAdd: return .enqueue(try requiredAlbum(name), next: false)
        case .queueNext: return .enqueue(try requiredAlbum(name), next: true)
        case .nextAlbum: return .nextAlbum
        case .prevAlbum: return .previousAlbum
        case .history: return .history
        case .diagnostics: return .diagnostics
        case .input: return .input(try injection())
        case .displaySnapshot: return .displaySnapshot
        case .plexLogin: return .plex(.login)
        case .plexStatus: return .plex(.status)
        case .plexServers: return .plex(.servers)
        case .plexUse:
            guard let server, !server.isEmpty else {
                throw InvalidRequest("plex-use needs 'server': the server's name or machine identifier")
            }
            return .plex(.use(server))
        case .plexSync: return .plex(.sync(acceptShrink: acceptShrink == true))
        case .plexLogout: return .plex(.logout)
        case .downloads: return .plex(.downloads)
        case .downloadsKeep: return .plex(.keep(try keepTarget(name)))
        case .downloadsUnkeep: return .plex(.unkeep(try keepTarget(name)))
        case .backup: return .backup(to: try userDataFile(name))
        case .restore: return .restore(from: try userDataFile(name))
        case .nowPlaying: return .nowPlaying(withCover: cover == true)
        case .cover:
            let id = try requiredAlbum(name)
            guard let coverSize = CoverSize(rawValue: size ?? "") else {
                let given = size.map { " ('\($0.prefix(40))' is not one)" } ?? ""
                throw InvalidRequest("cover needs 'size': \(CoverSize.accepted)\(given)")
            }
            return .cover(album: id, size: coverSize)
        case .lastfmLogin: return .lastfm(.login)
        case .lastfmStatus: return .lastfm(.status)
        case .lastfmLogout: return .lastfm(.logout)
        case .sleep:
            guard let setting = SleepSetting(wire: sleep ?? "") else {
                throw InvalidRequest("sleep needs 'sleep': \(SleepSetting.accepted)")
            }
            return .sleep(setting)
        }
    }

    private func playCommand() throws(InvalidRequest) -> Command {
        if let album {
            guard paths == nil else { throw InvalidRequest("play takes 'paths' or 'album', not both") }
            return .play(.album(album, track: track))
        }
        if track != nil { throw InvalidRequest("--track needs --album: it picks a track of a library album") }
        guard let paths, !paths.isEmpty else {
            throw InvalidRequest("play needs 'paths' (a non-empty list of files, or one folder) or 'album' (a library id)")
        }
        for path in paths {
            if path.isEmpty { throw InvalidRequest("play: empty path in 'paths'") }
            if path.utf8.contains(0) { throw InvalidRequest("play: path contains a NUL byte") }
            // The daemon's working directory is "/", so a relative path would silently
            // mean something other than what the client meant.
            if !path.hasPrefix("/") { throw InvalidRequest("play: paths must be absolute, '\(path)' is not") }
        }
        return .play(.files(paths))
    }

    private func crateRequest() throws(InvalidRequest) -> Command.CrateRequest {
        let names = genre != nil || artist != nil || wallet == true || collection != nil || playlist != nil
            || genres != nil || favorites == true
        if grow == true {
            if names { throw InvalidRequest("crate: 'grow' grows the current crate; name no other crate with it") }
            return .grow
        }
        if let genres = genres ?? genre.map({ [$0] }) { return .genres(genres) }
        if favorites == true { return .favorites }
        if let artist { return .artist(artist) }
        if let collection { return .collection(collection) }
        if let playlist { return .playlist(playlist) }
        return wallet == true ? .wallet : .current
    }

    private func injection() throws(InvalidRequest) -> ControlsService.Injection {
        let name = control ?? ""
        switch gesture {
        case "press", "long":
            if name.isEmpty { throw InvalidRequest("input \(gesture!) needs 'control': a button name") }
            guard let function = ButtonFunction(rawValue: name) else {
                let names = ButtonFunction.allCases.map(\.rawValue).joined(separator: ", ")
                throw InvalidRequest("unknown button '\(name)' (one of \(names))")
            }
            return gesture == "press" ? .press(function) : .long(function)
        case "turn":
            guard let detents, detents != 0, abs(detents) <= 1000 else {
                throw InvalidRequest("input turn needs 'detents': a non-zero number of clicks from -1000 to 1000")
            }
            guard let encoder = EncoderFunction(rawValue: name.isEmpty ? "knob" : name) else {
                throw InvalidRequest("unknown encoder '\(name)' (knob or volume)")
            }
            return .turn(encoder, detents: detents)
        default:
            throw InvalidRequest("input needs 'gesture': \"press\", \"long\" or \"turn\"")
        }
    }

    private func keepTarget(_ name: ControlCommand) throws(InvalidRequest) -> Command.KeepTarget {
        if let album { return .album(album) }
        if let collection { return .collection(collection) }
        if let playlist { return .playlist(playlist) }
        throw InvalidRequest("\(name.rawValue) needs 'album' (an album id), 'collection' or 'playlist' (a Plex list's title)")
    }

    private func requiredAlbum(_ name: ControlCommand) throws(InvalidRequest) -> Int64 {
        guard let album else { throw InvalidRequest("\(name.rawValue) needs 'album': a library album id") }
        return album
    }

    private func userDataFile(_ name: ControlCommand) throws(InvalidRequest) -> String {
        guard let paths, paths.count == 1, let path = paths.first, path.hasPrefix("/"), !path.utf8.contains(0) else {
            throw InvalidRequest("\(name.rawValue) needs 'paths': a list of one absolute file path")
        }
        return path
    }
}
