import CrateJSON

/// An album of a music section (`/library/sections/{id}/all?type=9`, collection children).
///
/// Keyed on `ratingKey` only: two albums with the same artist and title are separate
/// items, and `guid` changes when the server's metadata agent does.
public struct PlexAlbum: Sendable, Equatable {
    public var ratingKey: String
    /// The artist's ratingKey (`parentRatingKey`).
    public var artistRatingKey: String?
    public var title: String
    /// The album artist (`parentTitle`, or the container's when hoisted); nil when the
    /// server gave neither, so the caller can fall back to the tracks' album artist.
    public var artist: String?
    public var year: Int?
    /// As the server wrote it, e.g. "1959-08-17".
    public var originallyAvailableAt: String?
    /// A server path for artwork (`/library/metadata/…/thumb/…`), to be transcoded.
    public var thumb: String?
    /// Unix seconds.
    public var addedAt: Int?
    public var updatedAt: Int?
    public var viewCount: Int?
    public var lastViewedAt: Int?
    /// 0…10, 10 being five stars.
    public var userRating: Double?
    /// `Genre[].tag`, as the server has them; mapping onto the taxonomy is the caller's.
    public var genres: [String]
    public var studio: String?

    public init(ratingKey: String, artistRatingKey: String? = nil, title: String, artist: String? = nil,
                year: Int? = nil, originallyAvailableAt: String? = nil, thumb: String? = nil, addedAt: Int? = nil,
                updatedAt: Int? = nil, viewCount: Int? = nil, lastViewedAt: Int? = nil, userRating: Double? = nil,
                genres: [String] = [], studio: String? = nil) {
        self.ratingKey = ratingKey
        self.artistRatingKey = artistRatingKey
        self.title = title
        self.artist = artist
        self.year = year
        self.originallyAvailableAt = originallyAvailableAt
        self.thumb = thumb
        self.addedAt = addedAt
        self.updatedAt = updatedAt
        self.viewCount = viewCount
        self.lastViewedAt = lastViewedAt
        self.userRating = userRating
        self.genres = genres
        self.studio = studio
    }
}

extension PlexAlbum {
    init(plexItem item: JSONValue, in container: PlexMediaContainer) throws(PlexSkip) {
        guard let ratingKey = item.id("ratingKey") else { throw PlexSkip("no ratingKey") }
        self.init(
            ratingKey: ratingKey,
            artistRatingKey: item.id("parentRatingKey") ?? container.hoisted("parentRatingKey")?.idValue,
            title: item.string("title") ?? "",
            artist: item.string("parentTitle") ?? container.hoisted("parentTitle")?.stringValue,
            year: item.int("year"),
            originallyAvailableAt: item.string("originallyAvailableAt"),
            thumb: item.string("thumb"),
            addedAt: item.int("addedAt"),
            updatedAt: item.int("updatedAt"),
            viewCount: item.int("viewCount"),
            lastViewedAt: item.int("lastViewedAt"),
            userRating: item.double("userRating"),
            genres: PlexTags.tags(item, "Genre"),
            studio: item.string("studio"))
    }
}

/// Tag lists (`Genre`, `Style`, `Mood`): `[{"tag": "Jazz"}, …]`.
enum PlexTags {
    static func tags(_ item: JSONValue, _ key: String) -> [String] {
        item.list(key).compactMap { entry in
            // Some converters flatten a tag to its bare text.
            let tag = entry.string("tag") ?? entry.stringValue
            guard let tag, !tag.trimmingASCIIWhitespace().isEmpty else { return nil }
            return tag
        }
    }
}
