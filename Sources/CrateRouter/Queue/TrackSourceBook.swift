import CrateAudio
import CrateCore
import CrateLibrary
import Logging
import Synchronization

/// Where each Plex track handed to the player comes from (the complete copy, or a stream
/// from its server), worked out before the tracks are handed over: the lookup is a SQLite
/// read and a file check, and the engine asks when it opens a track, on its own thread,
/// which must not wait on the disk for anyone. Refreshed as albums start, so a copy that
/// finished downloading meanwhile is the one played.
public final class TrackSourceBook: Sendable {
    public typealias Lookup = @Sendable (String) -> TrackSource?
    private let lookup: Lookup
    private let entries = Mutex<[String: TrackSource]>([:])
    private let misses = Atomic<Int>(0)
    private let logger: Logger
    /// More than a few albums' worth is history: the oldest entries go first.
    static let limit = 500

    public init(logger: Logger, lookup: @escaping Lookup) {
        self.logger = logger
        self.lookup = lookup
    }

    /// Looks up the Plex tracks of `paths` now (off the engine thread) and keeps the answers
    /// beside those of the list they follow (auto-advance).
    func note(_ paths: [String]) {
        let found = look(up: paths)
        guard !found.isEmpty else { return }
        entries.withLock { book in
            if book.count + found.count > Self.limit { book.removeAll() }
            for (path, source) in found { book[path] = source }
        }
    }

    /// The same for a new list handed to the player: the old list's answers go, so the
    /// book, and each refresh, holds only what the player may still open.
    func replace(with paths: [String]) {
        let found = look(up: paths)
        entries.withLock { $0 = Dictionary(found, uniquingKeysWith: { _, last in last }) }
    }

    private func look(up paths: [String]) -> [(String, TrackSource)] {
        paths.filter(TrackLocation.isPlex).compactMap { path in lookup(path).map { (path, $0) } }
    }

    /// Looks up again what is noted: streams whose copy has completed since become files.
    func refresh() {
        note(entries.withLock { Array($0.keys) })
    }

    /// The engine's resolver: from memory. A Plex track not noted ahead (a path handed to
    /// the player some other way) is looked up here, counted and logged, so it still plays.
    public func source(for path: String) -> TrackSource? {
        guard TrackLocation.isPlex(path) else { return nil }
        if let known = entries.withLock({ $0[path] }) { return known }
        misses.add(1, ordering: .relaxed)
        logger.warning("plex track \(path) was not looked up ahead; looking it up on the engine thread")
        return lookup(path)
    }

    /// Tracks the engine had to look up itself (each also logged as a warning).
    var missCount: Int { misses.load(ordering: .relaxed) }
}
