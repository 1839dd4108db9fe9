import CrateJSON

/// A library section of a Plex server (`/library/sections`, one `Directory` each).
public struct PlexSection: Sendable, Equatable {
    public var key: String
    public var title: String
    /// "artist" for music, "movie", "show", "photo" for the rest.
    public var type: String
    public var uuid: String?

    public init(key: String, title: String, type: String, uuid: String? = nil) {
        self.key = key
        self.title = title
        self.type = type
        self.uuid = uuid
    }

    /// Plex names a music section after its top level: artists.
    public var isMusic: Bool { type.lowercased() == "artist" }
}

extension PlexSection {
    init(plexItem item: JSONValue) throws(PlexSkip) {
        guard let key = item.id("key") else { throw PlexSkip("no key") }
        self.init(key: key, title: item.string("title") ?? "", type: item.string("type") ?? "",
                  uuid: item.string("uuid"))
    }
}
