/// The hand queue as MPD reads and edits it: album by album, through the session's own
/// rules (the album playing is never moved behind the queue's back).
extension Router {
    func performHandQueue(_ request: Command.HandQueueRequest) throws -> Answer {
        // Without a library there is no queue: shown empty, not refused, as MPD asks for it
        // on nearly every command.
        if case .show = request, session == nil {
            return .handQueue(HandQueue(current: nil, queued: [], playing: nil), stoppedAlbum: nil)
        }
        let session = try requireSession()
        switch request {
        case .show(let playerIndex):
            let shown = session.publishedQueue(playerIndex: playerIndex)
            return .handQueue(shown.queue, stoppedAlbum: shown.stoppedAlbum)
        case .append(let albums, let knownPlayable):
            for album in albums where !session.holds(album: album) {
                try session.enqueue(album, next: false, playable: knownPlayable.contains(album))
            }
        case .remove(let album):
            return .dequeued(session.dequeue(album: album))
        case .clear:
            session.clearQueued()
        case .move(let albums, let next, let anchor):
            return .waitingMove(session.moveWaiting(albums, next: next, to: anchor))
        }
        let shown = session.publishedQueue(playerIndex: nil)
        return .handQueue(shown.queue, stoppedAlbum: shown.stoppedAlbum)
    }
}
