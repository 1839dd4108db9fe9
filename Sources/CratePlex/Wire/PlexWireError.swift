import CrateCore

/// Why a Plex or plex.tv answer, parsed as JSON (`LenientJSON`, whose own errors are
/// `JSONReadError`), is of no use, in words for `crate-admin status` and the log.
public enum PlexWireError: UserFacingError, Equatable {
    /// Valid JSON of the wrong shape, e.g. an array where a MediaContainer was expected.
    case unexpectedShape(expected: String, found: String)
    /// A single-object answer (a PIN, the server identity) lacks the field that makes it usable.
    case missingField(String, in: String)
    /// The server answered with its own error list (plex.tv: `{"errors": [...]}`).
    case serverSaid(String)

    public var userMessage: String {
        switch self {
        case .unexpectedShape(let expected, let found):
            "expected \(expected), got \(found)"
        case .missingField(let field, let what):
            "\(what) has no \(field)"
        case .serverSaid(let message):
            "the server said: \(message)"
        }
    }
}
