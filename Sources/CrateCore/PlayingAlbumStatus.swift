/// The library album under the play head (or left by a stop), for `status`: what the
/// folder alone does not say.
public struct PlayingAlbumStatus: Sendable, Codable, Equatable {
    public var id: Int64
    public var title: String
    public var artist: String
    /// The crate it was picked from ("Crate", "Jazz", "More by …"); nil when it was not
    /// (played or queued by hand).
    public var crate: String?
    /// Queued by hand (`queue add/next`, MPD's add) rather than picked from a crate.
    public var queued: Bool
    /// Stopped: play takes it up again.
    public var stopped: Bool
    /// Liked or disliked on the box, or liked by its Plex rating (4 or 5 stars); nil: neither.
    public var opinion: AlbumOpinion?

    public init(id: Int64, title: String, artist: String, crate: String?, queued: Bool, stopped: Bool) {
        self.id = id
        self.title = title
        self.artist = artist
        self.crate = crate
        self.queued = queued
        self.stopped = stopped
    }
}
