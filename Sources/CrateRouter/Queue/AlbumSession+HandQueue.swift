import CrateCore

/// The hand queue's own changes, as MPD clients ask for them: albums taken out, cleared,
/// moved among the waiting ones. The album playing is never moved behind the queue's back.
extension AlbumSession {
    /// The queue as MPD shows it: the album playing (or stopped), the albums waiting, and
    /// the album under the player's track `playerIndex` with where its tracks start. Read
    /// as the executor last left it, without waiting for it (RouterPublished).
    public func handQueue(playerIndex: Int?) -> HandQueue {
        Self.handQueue(state.published, playerIndex: playerIndex)
    }

    /// The queue and the stopped album from one reading of the state.
    func publishedQueue(playerIndex: Int?) -> (queue: HandQueue, stoppedAlbum: Int64?) {
        let s = state.published
        return (Self.handQueue(s, playerIndex: playerIndex), s.stopped?.albumID)
    }

    private static func handQueue(_ s: SessionState, playerIndex: Int?) -> HandQueue {
        let segment = playerIndex.flatMap { s.segment(containing: $0) }
        return HandQueue(current: s.current, queued: s.queued,
                         playing: segment.map { HandQueue.Playing(albumID: $0.albumID, startIndex: $0.startIndex) })
    }

    /// Whether the album is the one playing or already waiting.
    public func holds(album id: Int64) -> Bool {
        let s = state.published
        return s.current == id || s.queued.contains(id)
    }

    /// Takes a waiting album out of the queue; false when it was not waiting.
    public func dequeue(album id: Int64) -> Bool {
        return executor.run {
            let removed = state.access { s -> Bool in
                guard let index = s.queued.firstIndex(of: id) else { return false }
                s.queued.remove(at: index)
                return true
            }
            if removed { save() }
            return removed
        }
    }

    public func clearQueued() {
        executor.run {
            state.access { $0.queued.removeAll() }
            save()
        }
    }

    /// Moves waiting albums, in their order, just after (`next`) or before `anchor`, the
    /// album playing counting as the front of the queue.
    public func moveWaiting(_ albums: [Int64], next: Bool, to anchor: Int64) -> WaitingMove {
        return executor.run {
            let outcome = state.access { s -> WaitingMove in
                if let current = s.current, albums.contains(current) { return .playingAlbum }
                guard albums.allSatisfy(s.queued.contains) else { return .changed }
                var waiting = s.queued.filter { !albums.contains($0) }
                let index: Int
                if anchor == s.current {
                    index = 0
                } else if let at = waiting.firstIndex(of: anchor) {
                    index = next ? at + 1 : at
                } else {
                    return .changed
                }
                waiting.insert(contentsOf: albums, at: index)
                s.queued = waiting
                return .moved
            }
            if outcome == .moved { save() }
            return outcome
        }
    }
}

/// The album queue at one moment.
public struct HandQueue: Sendable, Equatable {
    public struct Playing: Sendable, Equatable {
        public var albumID: Int64
        /// The player's index of the album's first track.
        public var startIndex: Int
    }

    public var current: Int64?
    public var queued: [Int64]
    public var playing: Playing?
}

/// How a move of waiting albums went.
public enum WaitingMove: Sendable { case moved, playingAlbum, changed }
