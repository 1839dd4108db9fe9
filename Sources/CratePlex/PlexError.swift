/// What went wrong talking to plex.tv or a Plex Media Server, in words for `status`.
public enum PlexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not signed in, or no server chosen.
    case notConfigured(String)
    /// 401: the token was refused (expired, revoked, or for another account).
    case unauthorized(String)
    /// The server could not be reached (connection refused, timed out, DNS).
    case unreachable(String)
    /// An answer that is not what the API promises: a status, an HTML page, broken JSON.
    case badResponse(String)
    /// The PIN expired before anyone entered it, or the sign-in was cancelled.
    case signInFailed(String)
    /// A listing a sync must not act on: fewer items than the server's own `totalSize`,
    /// or far fewer albums than the library holds. Nothing is removed on its word.
    case incomplete(String)

    public var description: String {
        switch self {
        case .notConfigured(let m), .unauthorized(let m), .unreachable(let m), .badResponse(let m),
             .signInFailed(let m), .incomplete(let m):
            m
        }
    }

    /// Failures that say "the server is not there", as opposed to "the server said no".
    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }
}
