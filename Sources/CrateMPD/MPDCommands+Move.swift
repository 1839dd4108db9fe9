import CrateRouter
/// `move` and `moveid` the album way: the songs named stand for their albums, which
/// move whole among the waiting albums. Tracks keep their album order and the album
/// playing stays first, so a move that would break either is refused with a reason.
extension MPDCommands {
    func move(_ args: [String], byID: Bool) throws(MPDError) {
        let catalog = service.catalog()
        let queue = try service.queue(catalog)
        let from: Range<Int>
        if byID {
            guard let id = Int64(args[0]) else { throw MPDError.argument("Integer expected: \(args[0])") }
            let position = try queue.position(ofID: id, catalog)
            from = position..<(position + 1)
        } else {
            from = try queue.positions(args[0])
        }
        guard !from.isEmpty else { return }
        let to = try target(args[1], queue: queue)
        let album = { (position: Int) in catalog.songs[queue.entries[position]].albumID }
        var moved: [Int64] = []
        for position in from where !moved.contains(album(position)) { moved.append(album(position)) }
        let anchor = album(to)
        if moved.contains(anchor) {
            // Landing inside a moved album is a move of tracks, unless nothing moves at all.
            if to == from.lowerBound { return }
            throw MPDError.argument("tracks keep their album's order: move an album before or after another album")
        }
        let request = Command.HandQueueRequest.move(moved, next: to > from.lowerBound, to: anchor)
        guard case .waitingMove(let outcome) = try service.perform(.handQueue(request)) else { throw MPDError.unexpectedAnswer }
        switch outcome {
        case .moved: service.noteChanges(["playlist"])
        case .playingAlbum: throw MPDError.argument("the album playing stays first: play another album to move it")
        case .changed: throw MPDError(.noExist, "the queue changed meanwhile; list it again")
        }
    }

    /// MPD 0.23's target: a position, or `+N` / `-N` counted from the song playing.
    private func target(_ argument: String, queue: MPDQueue) throws(MPDError) -> Int {
        let relative = argument.first == "+" || argument.first == "-"
        guard let number = Int(relative ? String(argument.dropFirst()) : argument), number >= 0 else {
            throw MPDError.argument("Integer expected: \(argument)")
        }
        var to = number
        if relative {
            guard let current = queue.current else { throw MPDError(.playerSync, "No current song") }
            to = argument.first == "+" ? current + 1 + number : current - number
        }
        guard to >= 0, to < queue.entries.count else { throw MPDError.argument("Bad song index") }
        return to
    }
}
