import CrateJSON

/// A collection of a section (`/library/sections/{id}/collections`); its albums come from
/// `/library/collections/{ratingKey}/children`.
public struct PlexCollection: Sendable, Equatable {
    public var ratingKey: String
    public var title: String
    public var childCount: Int?

    public init(ratingKey: String, title: String, childCount: Int? = nil) {
        self.ratingKey = ratingKey
        self.title = title
        self.childCount = childCount
    }
}

extension PlexCollection {
    init(plexItem item: JSONValue) throws(PlexSkip) {
        guard let ratingKey = item.id("ratingKey") else { throw PlexSkip("no ratingKey") }
        self.init(ratingKey: ratingKey, title: item.string("title") ?? "", childCount: item.int("childCount"))
    }
}
