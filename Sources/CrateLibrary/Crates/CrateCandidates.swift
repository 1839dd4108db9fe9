/// What the signals propose for one crate: per signal, album ids best first, plus the
/// albums that must never appear (dislikes). Built from SQLite by the caller; a genre
/// crate is the same thing with every list scoped to the genre.
public struct CrateCandidates: Sendable, Equatable {
    public var lists: [CrateSignal: [Int64]]
    /// Disliked albums: never in any crate, whichever signal proposes them.
    public var excluded: Set<Int64>

    public init(lists: [CrateSignal: [Int64]] = [:], excluded: Set<Int64> = []) {
        self.lists = lists
        self.excluded = excluded
    }

    public subscript(signal: CrateSignal) -> [Int64] {
        get { lists[signal] ?? [] }
        set { lists[signal] = newValue }
    }
}

/// One album of a crate and the signal that put it there (shown in diagnostics, and used
/// to explain "why is this in my crate").
public struct CrateEntry: Sendable, Equatable, Codable {
    public var albumID: Int64
    public var signal: CrateSignal

    public init(albumID: Int64, signal: CrateSignal) {
        self.albumID = albumID
        self.signal = signal
    }
}

/// A generated crate and an honest account of how it was filled.
public struct CrateResult: Sendable, Equatable, Codable {
    /// The crate in knob order.
    public var entries: [CrateEntry]
    /// Largest-remainder counts from the weights, before any redistribution. Every
    /// signal has a key (0 when it gets nothing).
    public var planned: [CrateSignal: Int]
    /// What each signal actually contributed (every signal has a key).
    public var actual: [CrateSignal: Int]
    /// Human notes on shortfalls: "wild-card had 2 of 12: 10 given to history (6), …".
    public var redistributed: [String]
    public var seed: UInt64

    public init(entries: [CrateEntry], planned: [CrateSignal: Int], actual: [CrateSignal: Int],
                redistributed: [String], seed: UInt64) {
        self.entries = entries
        self.planned = planned
        self.actual = actual
        self.redistributed = redistributed
        self.seed = seed
    }

    public var albumIDs: [Int64] { entries.map(\.albumID) }
}
