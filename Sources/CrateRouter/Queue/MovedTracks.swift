import CrateAudio
import Synchronization

/// Tracks of the player's list whose files moved while they were loaded (the album's
/// folder renamed by a tag editor or a re-rip): the library found them again under the
/// same album, and the engine opens them at their new place. Asked on the engine's thread
/// when it opens a track, so it answers from memory.
public final class MovedTracks: Sendable {
    private let moved = Mutex<[String: String]>([:])
    /// More than a few albums' worth is history: the oldest go first.
    static let limit = 500

    /// Where `path` is now, for the engine: nil when it did not move.
    public func source(for path: String) -> TrackSource? {
        moved.withLock { $0[path] }.map { .file($0) }
    }

    func note(_ pairs: [(old: String, new: String)]) {
        guard !pairs.isEmpty else { return }
        moved.withLock { map in
            if map.count + pairs.count > Self.limit { map.removeAll() }
            for pair in pairs { map[pair.old] = pair.new }
        }
    }

    /// A new list handed to the player: its paths are the library's own.
    func forget() { moved.withLock { $0.removeAll() } }
}
