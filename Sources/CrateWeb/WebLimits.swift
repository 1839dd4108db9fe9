import CrateConfig

/// Every limit a client of crate-web can reach, named in one place: the ones an admin may
/// set come from `[web]` in crate.toml (docs/configuration.md; the admin guide says what a
/// client meets at each), the rest are fixed here.
public struct WebLimits: Sendable, Equatable {
    /// Connections served at once; more wait in the kernel's queue.
    public var maxClients = 256
    /// Connections from one client address at once; one more is closed at once.
    public var maxClientsPerAddress = 16
    /// Live pages (event streams) at once; one more is answered 503.
    public var maxLivePages = 128
    /// Requests one connection sends ahead of their answers; one more closes it.
    public var maxPipelinedRequests = 16
    /// A request's whole header must arrive within this of the connection opening or of
    /// the connection's last answer, or the connection is closed.
    public var headerTimeoutSeconds = 10
    /// A request's body must arrive whole within this of its header, or the connection is closed.
    public var bodyTimeoutSeconds = 10
    /// A header line and all of a request's headers; more closes the connection.
    public var maxHeaderBytes = 8 * 1024
    /// A POST body (a command with its arguments, a password); more is refused (413).
    public var maxBodyBytes = 16 * 1024
    /// The longest wait between sign-in attempts from one address after wrong passwords.
    public var signInBackoffSeconds = 60

    public init() {}

    public init(_ web: CrateConfig.Web) {
        maxClients = web.maxClients
        maxClientsPerAddress = web.maxClientsPerAddress
        maxLivePages = web.maxLivePages
        maxPipelinedRequests = web.maxPipelinedRequests
        headerTimeoutSeconds = web.headerTimeout
        bodyTimeoutSeconds = web.bodyTimeout
        maxHeaderBytes = web.maxHeaderBytes
        maxBodyBytes = web.maxBodyBytes
        signInBackoffSeconds = web.signInBackoff
    }

    /// Header fields in one request; more closes the connection.
    public static let maxHeaderFields = 64
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
    /// The first wrong password from an address costs this wait before its next attempt;
    /// each further one doubles it, up to `signInBackoffSeconds`.
    public static let firstSignInWaitSeconds = 1
    /// Client addresses whose wrong passwords are remembered at once; the quietest is
    /// forgotten first. An address quiet for twice its wait starts afresh.
    public static let maxSignInAddresses = 1024
}
