import CrateJSON

/// A track: from `type=10` listings, an album's `/children`, and playlist items.
public struct PlexTrack: Sendable, Equatable {
    public var ratingKey: String
    /// The album's ratingKey (`parentRatingKey`).
    public var albumRatingKey: String?
    /// The album artist's ratingKey (`grandparentRatingKey`).
    public var artistRatingKey: String?
    public var title: String
    /// The album artist (`grandparentTitle`).
    public var albumArtist: String?
    /// The track's own artist: `originalTitle` when present (compilations, features),
    /// else the album artist.
    public var artist: String?
    /// `parentTitle`.
    public var albumTitle: String?
    /// Track number on its disc.
    public var index: Int?
    /// Disc number (`parentIndex`); servers omit it on single-disc albums, so 1 (and at least 1).
    public var disc: Int
    public var durationMs: Int?
    /// Unix seconds.
    public var addedAt: Int?
    public var updatedAt: Int?
    /// Every file of the track in server order; never empty in a decoded page.
    public var parts: [PlexPart]

    public init(ratingKey: String, albumRatingKey: String? = nil, artistRatingKey: String? = nil, title: String,
                albumArtist: String? = nil, artist: String? = nil, albumTitle: String? = nil, index: Int? = nil,
                disc: Int = 1, durationMs: Int? = nil, addedAt: Int? = nil, updatedAt: Int? = nil,
                parts: [PlexPart]) {
        self.ratingKey = ratingKey
        self.albumRatingKey = albumRatingKey
        self.artistRatingKey = artistRatingKey
        self.title = title
        self.albumArtist = albumArtist
        self.artist = artist
        self.albumTitle = albumTitle
        self.index = index
        self.disc = disc
        self.durationMs = durationMs
        self.addedAt = addedAt
        self.updatedAt = updatedAt
        self.parts = parts
    }

    /// The first MP3 part: a track may carry several versions, and any MP3 one will do.
    public var playablePart: PlexPart? { parts.first(where: \.isPlayable) }
    public var isPlayable: Bool { playablePart != nil }
}

extension PlexTrack {
    init(plexItem item: JSONValue, in container: PlexMediaContainer) throws(PlexSkip) {
        guard let ratingKey = item.id("ratingKey") else { throw PlexSkip("no ratingKey") }
        let parts = PlexPart.parts(of: item)
        guard !parts.isEmpty else { throw PlexSkip("no file (no Media[].Part[].key)") }
        // Each field falls back to the container, which hoists what all its tracks share.
        func text(_ key: String) -> String? { item.string(key) ?? container.hoisted(key)?.stringValue }
        func id(_ key: String) -> String? { item.id(key) ?? container.hoisted(key)?.idValue }
        let albumArtist = text("grandparentTitle")
        self.init(
            ratingKey: ratingKey,
            albumRatingKey: id("parentRatingKey"),
            artistRatingKey: id("grandparentRatingKey"),
            title: item.string("title") ?? "",
            albumArtist: albumArtist,
            artist: item.string("originalTitle").flatMap { $0.isEmpty ? nil : $0 } ?? albumArtist,
            albumTitle: text("parentTitle"),
            index: item.int("index"),
            disc: max(1, item.int("parentIndex") ?? container.hoisted("parentIndex")?.intValue ?? 1),
            durationMs: item.int("duration"),
            addedAt: item.int("addedAt"),
            updatedAt: item.int("updatedAt"),
            parts: parts)
    }
}
