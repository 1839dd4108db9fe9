import CrateJSON

/// A playlist (`/playlists?playlistType=audio`); its tracks come from
/// `/playlists/{ratingKey}/items`, decoded as `PlexTrack`s.
public struct PlexPlaylist: Sendable, Equatable {
    public var ratingKey: String
    public var title: String
    /// "audio", "video" or "photo"; empty when the server did not say.
    public var playlistType: String
    /// Number of items.
    public var leafCount: Int?

    public init(ratingKey: String, title: String, playlistType: String, leafCount: Int? = nil) {
        self.ratingKey = ratingKey
        self.title = title
        self.playlistType = playlistType
        self.leafCount = leafCount
    }

    public var isAudio: Bool { playlistType.lowercased() == "audio" }
}

extension PlexPlaylist {
    init(plexItem item: JSONValue) throws(PlexSkip) {
        guard let ratingKey = item.id("ratingKey") else { throw PlexSkip("no ratingKey") }
        self.init(ratingKey: ratingKey, title: item.string("title") ?? "",
                  playlistType: item.string("playlistType") ?? "", leafCount: item.int("leafCount"))
    }
}
