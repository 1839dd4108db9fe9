/// What went wrong talking to Last.fm, sorted by what the box does about it.
public enum LastFMError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Last.fm answered with an error code (https://www.last.fm/api/errorcodes).
    case api(code: Int, message: String)
    /// No answer: no network, a refused connection, a timeout, a 5xx page.
    case unreachable(String)
    /// An answer that is not Last.fm's JSON.
    case badResponse(String)
    case notConfigured(String)
    /// lastfm.sqlite (the scrobbles waiting, the session) could not be opened, read or written.
    case store(String)

    /// Worth trying again later with the same data: the service is away or busy
    /// (11 offline, 16 temporarily unavailable, 29 rate limit, 8 operation failed).
    public var isTemporary: Bool {
        switch self {
        case .api(let code, _): [8, 11, 16, 29].contains(code)
        case .unreachable, .badResponse: true
        case .notConfigured, .store: false
        }
    }

    /// The session key is no longer accepted (9): only a new sign-in helps.
    public var isInvalidSession: Bool {
        if case .api(9, _) = self { return true }
        return false
    }

    /// The API account itself is refused (10 invalid key, 13 bad signature, 26 suspended
    /// key): a configuration problem; the scrobbles are kept until it is fixed.
    public var isKeyProblem: Bool {
        if case .api(let code, _) = self { return [10, 13, 26].contains(code) }
        return false
    }

    public var description: String {
        switch self {
        case .api(let code, let message): "Last.fm error \(code): \(message)"
        case .unreachable(let why): "Last.fm cannot be reached: \(why)"
        case .badResponse(let why): "Last.fm answered something unexpected: \(why)"
        case .notConfigured(let why): why
        case .store(let why): "lastfm.sqlite: \(why)"
        }
    }
}
