import CrateJSON

/// A genre of a section (`/library/sections/{id}/genre?type=9`, one `Directory` each).
public struct PlexGenre: Sendable, Equatable {
    /// The filter value for `genre=` (older servers give a path here; kept opaque).
    public var key: String
    public var title: String

    public init(key: String, title: String) {
        self.key = key
        self.title = title
    }
}

extension PlexGenre {
    init(plexItem item: JSONValue) throws(PlexSkip) {
        guard let key = item.id("key") else { throw PlexSkip("no key") }
        // The title is what gets mapped onto the taxonomy; without it the genre says nothing.
        guard let title = item.string("title") ?? item.string("tag"), !title.trimmingASCIIWhitespace().isEmpty
        else { throw PlexSkip("no title") }
        self.init(key: key, title: title)
    }
}
