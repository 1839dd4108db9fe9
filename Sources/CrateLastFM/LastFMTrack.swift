/// One track as Last.fm hears of it: now playing, or a scrobble.
public struct LastFMTrack: Sendable, Codable, Equatable {
    public var artist: String
    public var track: String
    public var album: String?
    public var albumArtist: String?
    public var trackNumber: Int?
    /// Seconds, whole.
    public var duration: Int?
    /// When the track started, Unix seconds (UTC); for scrobbles.
    public var timestamp: Int

    public init(artist: String, track: String, album: String?, albumArtist: String?, trackNumber: Int?,
                duration: Int?, timestamp: Int) {
        self.artist = artist
        self.track = track
        self.album = album
        self.albumArtist = albumArtist
        self.trackNumber = trackNumber
        self.duration = duration
        self.timestamp = timestamp
    }
}
