/// The covers' cache and fetches, for `crate-admin status` (`artwork` in its JSON).
public struct ArtworkStatus: Sendable, Codable, Equatable {
    /// `state_dir/artwork`; nil when covers are kept in memory only.
    public var directory: String?
    /// Files and bytes on disk, and the cap they stay under (`[display] artwork_cache_mb`).
    public var files: Int
    public var bytes: Int
    public var capBytes: Int?
    /// Covers fetched from a server (Plex) since start, fetches that failed, fetches waiting.
    public var fetched = 0
    public var fetchFailures = 0
    public var waiting = 0
    /// From the request to the picture kept, for the last fetch.
    public var lastFetchMilliseconds: Double?
    /// From a screen first asking for a cover not on the box to the frame drawn with it
    /// (fetch, decode, redraw), for the last such cover.
    public var lastShownMilliseconds: Double?
    /// Albums whose cover cannot be shown now (a failed fetch waiting for its retry, a
    /// broken picture); their placeholder is drawn instead.
    public var failing = 0
    /// The latest of those failures, "album key: what went wrong".
    public var lastError: String?
    /// Why the disk cache cannot be written, when it cannot.
    public var diskProblem: String?

    public init(directory: String?, files: Int, bytes: Int, capBytes: Int?) {
        self.directory = directory
        self.files = files
        self.bytes = bytes
        self.capBytes = capBytes
    }
}
