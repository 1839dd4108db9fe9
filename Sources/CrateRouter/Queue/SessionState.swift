import CrateLibrary

/// Everything the box must remember across a power cut: the crate under the knob, the
/// albums queued, the album playing and where. Saved as JSON in user.sqlite.
struct SessionState: Codable, Sendable, Equatable {
    var crate = CrateState()
    /// Albums queued by hand, in order; they come before the crate's next albums.
    var queued: [Int64] = []
    /// Albums heard before the current one this session, latest last (for prev-album).
    var played: [Int64] = []
    var current: Int64?
    /// How the player's track list maps to albums: a few albums heard before (for
    /// `previous` back over a join), the current album, then what the continuation
    /// appended after it.
    var segments: [AlbumSegment] = []
    /// Where the current album was when last saved.
    var trackInAlbum = 0
    var position = 0.0
    /// The album a stop by hand left, which play takes up again (AlbumSession+Stop).
    var stopped: StoppedPlace?
    /// Where the current (or stopped) album came from, as it started: `status` names that
    /// crate even after the knob has gone to another. Absent in states saved by older versions.
    var origin: AlbumOrigin?
    /// The stable album key of every id above, written when saved: the ids are the cache's
    /// row ids, which a rebuilt cache hands out again, so a restore goes by these keys
    /// (see SessionState+Keys). Absent in states saved by older versions.
    var albumKeys: [String: String]?
    /// Albums that left the hand queue by being played, latest last: even when one is in
    /// the crate too, the crate has not got to it.
    var playedFromQueue: [Int64]?

    static let playedLimit = 50
    /// Segments kept before the one playing, for `previous` back over album joins.
    static let segmentsKeptBehind = 8

    /// The crate album the crate goes on after: the latest album of this crate in the
    /// player's list, stopped, or heard before it. A hand-queued album does not count, even when it
    /// is in the crate too, and the knob's cursor is where the listener started, not where
    /// the crate has got to.
    var crateAnchor: Int64? {
        let inCrate = Set(crate.items.map(\.albumID))
        let byHand = Set(playedFromQueue ?? [])
        let recent = segments.reversed().map(\.albumID) + (current.map { [$0] } ?? []) + (stopped.map { [$0.albumID] } ?? [])
            + played.reversed()
        return recent.first { inCrate.contains($0) && !byHand.contains($0) }
    }

    /// `id` starts playing: from the crate under the knob, unless it came from the hand queue.
    mutating func noteOrigin(of id: Int64) {
        let byHand = (playedFromQueue ?? []).contains(id) || !crate.items.contains { $0.albumID == id }
        origin = byHand ? .byHand : .crate(crate.kind.displayName)
    }

    /// `id` starts playing: off the hand queue, remembered as played from it if it was there.
    mutating func takeFromQueue(_ id: Int64) {
        guard queued.contains(id) else { return }
        queued.removeAll { $0 == id }
        playedFromQueue = ((playedFromQueue ?? []).filter { $0 != id } + [id]).suffix(Self.playedLimit)
    }

    /// The album owning player track `index`.
    func segment(containing index: Int) -> AlbumSegment? {
        segments.last { $0.startIndex <= index && index < $0.startIndex + $0.trackCount }
    }
}

/// Where an album that plays came from: a crate, by its name, or the listener's hand (the
/// queue, a pick from the library).
enum AlbumOrigin: Codable, Sendable, Equatable {
    case crate(String)
    case byHand
}

struct AlbumSegment: Codable, Sendable, Equatable {
    var albumID: Int64
    var startIndex: Int
    var trackCount: Int
}

/// Which crate is current and what it holds.
struct CrateState: Codable, Sendable, Equatable {
    enum Kind: Codable, Sendable, Equatable {
        case wall
        case genre(String)
        case artist(String)
        case wallet
        /// A Plex collection, by title.
        case collection(String)
        /// A Plex audio playlist's albums, by title.
        case playlist(String)
        /// Liked albums, most recently liked first.
        case favorites
        /// Several genres at once (an OR of them), each a sub-category or super-genre.
        case genres([String])
    }

    var kind = Kind.wall
    var dial = DialPosition.mixed
    var seed: UInt64 = 1
    var items: [Item] = []
    var cursor = 0
    var planned: [String: Int] = [:]
    var actual: [String: Int] = [:]
    var notes: [String] = []
    var unresolved: [String] = []

    struct Item: Codable, Sendable, Equatable {
        var albumID: Int64
        var reason: String
    }

    /// The crate album after `albumID` (or the one under the knob when `albumID` is not
    /// in this crate), skipping `skip`.
    func album(after albumID: Int64?, skipping skip: Set<Int64>) -> Int64? {
        let start: Int
        if let albumID, let index = items.firstIndex(where: { $0.albumID == albumID }) {
            start = index + 1
        } else {
            start = cursor
        }
        return items.dropFirst(start).first { !skip.contains($0.albumID) }?.albumID
    }
}
