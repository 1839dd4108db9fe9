/// What plays now, in the words a now-playing screen elsewhere needs (snapserver's
/// stream properties, through `crate-admin snapcast-control`): `now-playing` answers it.
public struct NowPlayingInfo: Sendable, Codable, Equatable {
    /// The player's state name: idle, buffering, playing, paused or error.
    public var state: String
    public var album: String?
    public var artist: String?
    public var title: String?
    /// 1-based, within the album (or the list of loaded files).
    public var trackNumber: Int?
    public var trackCount: Int?
    /// Seconds, once the track is open.
    public var duration: Double?
    public var position: Double
    /// Names the cover: equal keys, equal pictures (so a client fetches it once per album).
    public var coverKey: String?
    /// With `cover: true` in the request: the picture the display draws, when there is one.
    public var cover: CoverImage?
    /// The album liked or disliked (a 4- or 5-star Plex rating is a like); nil: neither.
    public var opinion: AlbumOpinion?

    public init(state: String, position: Double) {
        self.state = state
        self.position = position
    }
}

/// An album cover as bytes: base64 `data` and its `format`, "jpg" or "png".
public struct CoverImage: Sendable, Codable, Equatable {
    public var data: String
    public var format: String
    public init(data: String, format: String) {
        self.data = data
        self.format = format
    }
}
