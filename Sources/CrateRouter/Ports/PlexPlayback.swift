import CrateCore
import CrateLibrary
import CratePlex

/// What the album session asks of Plex: whether an album can play now, fetching the
/// coming albums ahead, and what the server hears of plays and opinions. `PlexService`
/// on the box; the queue tests drive the session with a twin, so the rules for Plex
/// albums (an offline one passed over, a downloaded one played) run in milliseconds.
public protocol PlexPlayback: AnyObject, Sendable {
    /// How many coming albums are kept downloaded ahead (`[plex] download_ahead`).
    var downloadAhead: Int { get }
    /// True when every Plex track of `paths` has a complete copy here.
    func isCached(_ paths: [String]) -> Bool
    /// One short probe of the server of `paths`: true when it answers again.
    func reconnect(_ paths: [String]) -> Bool
    /// Fetches these albums' tracks in the background, in order; a newer call replaces it.
    func prefetch(_ albums: [[String]])
    func rate(server: String, ratingKey: String, opinion: AlbumOpinion)
    /// The rating the album had before the box changed it (nil: none), put back.
    func restoreRating(server: String, ratingKey: String, rating: Double?)
    func scrobble(server: String, ratingKey: String)
    func timeline(server: String, ratingKey: String, state: String, seconds: Double, duration: Double?)
    func status() -> PlexStatus
}

extension PlexService: PlexPlayback {
    public var downloadAhead: Int { settings.downloadAhead }
}
