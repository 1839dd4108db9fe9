/// Every limit a client of crate-web can reach, named in one place (README, "crate-web").
public enum WebLimits {
    /// A POST body (a command with its arguments, a password) is small; more is refused (413).
    public static let maxBodyBytes = 16 * 1024
    /// Request header fields and all headers together; more closes the connection.
    public static let maxHeaderBytes = 8 * 1024
    public static let maxHeaderFields = 64
    /// A connection that sends no request for this long is closed.
    public static let idleSeconds: Int64 = 15
    /// Albums on one page of the wall or of a search.
    public static let maxPageAlbums = 200
    /// Sign-ins remembered at once; the oldest is forgotten first.
    public static let maxSessions = 64
    /// A search text longer than this is refused.
    public static let maxQueryBytes = 200
    /// Cover bytes kept in memory for the wall (decoded from the daemon's replies).
    public static let coverCacheBytes = 24 * 1024 * 1024
    /// A Plex cover crated is still fetching is asked for again this often, for at most
    /// this long; then the page shows its placeholder (and the next view asks again).
    public static let coverRetryMilliseconds = 250
    public static let coverWaitMilliseconds = 10_000
    /// A wrong password costs this long, so guessing over the network is slow.
    public static let wrongPasswordDelayMilliseconds = 500
}
