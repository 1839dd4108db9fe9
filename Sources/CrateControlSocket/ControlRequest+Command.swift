import CrateControls
import CrateCore
import CrateLibrary
import CrateRouter
import CrateWire

/// The control socket's edge: a JSON request becomes the router's typed `Command` here, once,
/// and a request whose arguments are missing or make no sense is refused here with what was
/// expected, so the router never sees one. Each command's row in `ControlCommands.table`
/// says how; the arguments that need checking are read by the helpers below.
extension ControlRequest {
    func command(_ name: ControlCommand) throws(InvalidRequest) -> Command {
        try ControlCommands.spec(name).decode(self, name)
    }

    func seekPosition() throws(InvalidRequest) -> Double {
        guard let seconds else { throw InvalidRequest("seek needs 'seconds': a position in seconds from the start of the track") }
        if !seconds.isFinite || seconds < 0 { throw InvalidRequest("seek: 'seconds' must be a finite number >= 0, got \(seconds)") }
        return seconds
    }

    /// nil: no position named (the dial's current one is answered).
    func dialPosition() throws(InvalidRequest) -> DialPosition? {
        guard let position else { return nil }
        guard let dial = DialPosition(name: position) else {
            let names = DialPosition.allCases.map(\.rawValue).joined(separator: ", ")
            throw InvalidRequest("unknown dial position '\(position)' (one of \(names), or 1 to 5)")
        }
        return dial
    }

    func plexServer() throws(InvalidRequest) -> String {
        guard let server, !server.isEmpty else {
            throw InvalidRequest("plex-use needs 'server': the server's name or machine identifier")
        }
        return server
    }

    func coverCommand(_ name: ControlCommand) throws(InvalidRequest) -> Command {
        let id = try requiredAlbum(name)
        guard let coverSize = CoverSize(rawValue: size ?? "") else {
            let given = size.map { " ('\($0.prefix(40))' is not one)" } ?? ""
            throw InvalidRequest("cover needs 'size': \(CoverSize.accepted)\(given)")
        }
        return .cover(album: id, size: coverSize)
    }

    func sleepSetting() throws(InvalidRequest) -> SleepSetting {
        guard let setting = SleepSetting(wire: sleep ?? "") else {
            throw InvalidRequest("sleep needs 'sleep': \(SleepSetting.accepted)")
        }
        return setting
    }

    func playCommand() throws(InvalidRequest) -> Command {
        if let album {
            guard paths == nil else { throw InvalidRequest("play takes 'paths' or 'album', not both") }
            return .play(.album(album, track: track, paused: paused ?? false))
        }
        if track != nil { throw InvalidRequest("--track needs --album: it picks a track of a library album") }
        if paused != nil { throw InvalidRequest("'paused' needs 'album': it loads a library album paused") }
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

    func crateRequest() throws(InvalidRequest) -> Command.CrateRequest {
        let names = genre != nil || artist != nil || wallet == true || collection != nil || playlist != nil
            || genres != nil || favorites == true || wall == true
        if grow == true {
            if names { throw InvalidRequest("crate: 'grow' grows the current crate; name no other crate with it") }
            return .grow
        }
        if wall == true {
            if genre != nil || genres != nil || favorites == true || artist != nil || collection != nil || playlist != nil || wallet == true {
                throw InvalidRequest("crate: 'wall' is the Crate Wall; name no other crate with it")
            }
            return .wall
        }
        if let genres = genres ?? genre.map({ [$0] }) { return .genres(genres) }
        if favorites == true { return .favorites }
        if let artist { return .artist(artist) }
        if let collection { return .collection(collection) }
        if let playlist { return .playlist(playlist) }
        return wallet == true ? .wallet : .current
    }

    func injection() throws(InvalidRequest) -> ControlsService.Injection {
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

    func keepTarget(_ name: ControlCommand) throws(InvalidRequest) -> Command.KeepTarget {
        if let album { return .album(album) }
        if let collection { return .collection(collection) }
        if let playlist { return .playlist(playlist) }
        throw InvalidRequest("\(name.rawValue) needs 'album' (an album id), 'collection' or 'playlist' (a Plex list's title)")
    }

    func requiredAlbum(_ name: ControlCommand) throws(InvalidRequest) -> Int64 {
        guard let album else { throw InvalidRequest("\(name.rawValue) needs 'album': a library album id") }
        return album
    }

    func userDataFile(_ name: ControlCommand) throws(InvalidRequest) -> String {
        guard let paths, paths.count == 1, let path = paths.first, path.hasPrefix("/"), !path.utf8.contains(0) else {
            throw InvalidRequest("\(name.rawValue) needs 'paths': a list of one absolute file path")
        }
        return path
    }
}
