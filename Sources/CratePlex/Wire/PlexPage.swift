/// One page of a Plex list endpoint, decoded.
///
/// `skipped` names the items that were on the page but unusable (no ratingKey, a track
/// with no file), one reason each, so a sync can count them instead of losing them quietly.
/// Paging counts `items.count + skipped.count` as what the server sent.
public struct PlexPage<T> {
    public var items: [T]
    /// The page's start in the whole listing (`offset`), when the server says.
    public var offset: Int?
    /// Items in this page (`size`), when the server says.
    public var size: Int?
    /// Items in the whole listing (`totalSize`), when the server says.
    public var totalSize: Int?
    public var skipped: [String]

    public init(items: [T] = [], offset: Int? = nil, size: Int? = nil, totalSize: Int? = nil, skipped: [String] = []) {
        self.items = items
        self.offset = offset
        self.size = size
        self.totalSize = totalSize
        self.skipped = skipped
    }
}

extension PlexPage: Sendable where T: Sendable {}
extension PlexPage: Equatable where T: Equatable {}
