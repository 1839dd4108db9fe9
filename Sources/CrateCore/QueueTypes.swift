/// One album of a crate, and why it is there ("history", "wild-card", "catalog", "wallet").
public struct CrateItemView: Sendable, Codable, Equatable {
    public var album: AlbumSummary
    public var reason: String
    public init(album: AlbumSummary, reason: String) {
        self.album = album
        self.reason = reason
    }
}

/// The current crate as the knob sees it.
public struct CrateView: Sendable, Codable, Equatable {
    /// "Crate", a genre's name, "Artist: …" or "CDs".
    public var name: String
    /// The Crate Dial position ("my-crate" … "mystery").
    public var dial: String
    public var items: [CrateItemView]
    /// Index of the album under the knob.
    public var cursor: Int
    /// Signal counts planned by the weights and actually filled, and what was moved where.
    public var planned: [String: Int]
    public var actual: [String: Int]
    public var notes: [String]
    /// Wallet lines that matched no album ("line 4: Foo - Bar").
    public var unresolved: [String]
    /// `crate` with `grow`: true when nothing more could be added (a crate of a kind that
    /// does not grow, or every album in its scope offered already): the end of the crate.
    public var atEnd: Bool?

    public init(name: String, dial: String, items: [CrateItemView], cursor: Int, planned: [String: Int],
                actual: [String: Int], notes: [String], unresolved: [String]) {
        self.name = name
        self.dial = dial
        self.items = items
        self.cursor = cursor
        self.planned = planned
        self.actual = actual
        self.notes = notes
        self.unresolved = unresolved
    }
}

/// What plays now and what follows.
public struct QueueView: Sendable, Codable, Equatable {
    public var current: AlbumSummary?
    /// Albums queued by hand (play next / add), in order.
    public var queued: [AlbumSummary]
    /// Then the crate's next albums, as auto-advance will take them.
    public var fromCrate: [AlbumSummary]
    public init(current: AlbumSummary?, queued: [AlbumSummary], fromCrate: [AlbumSummary]) {
        self.current = current
        self.queued = queued
        self.fromCrate = fromCrate
    }
}
