import CrateJSON

/// An artist of a music section (`/library/sections/{id}/all?type=8`).
public struct PlexArtist: Sendable, Equatable {
    public var ratingKey: String
    public var title: String
    /// `Genre[].tag`.
    public var genres: [String]

    public init(ratingKey: String, title: String, genres: [String] = []) {
        self.ratingKey = ratingKey
        self.title = title
        self.genres = genres
    }
}

extension PlexArtist {
    init(plexItem item: JSONValue) throws(PlexSkip) {
        guard let ratingKey = item.id("ratingKey") else { throw PlexSkip("no ratingKey") }
        self.init(ratingKey: ratingKey, title: item.string("title") ?? "", genres: PlexTags.tags(item, "Genre"))
    }
}
