/// Why a request produced no usable response. HTTP error statuses are not errors
/// here: a 404 or 503 is a response, and the caller decides what it means.
public struct HTTPError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Name not resolved, connection refused, or no connection within connectTimeout:
        /// the server is unreachable (offline), as opposed to reachable but failing.
        case cannotConnect
        /// Connected, but the total or low-speed timeout ran out.
        case timedOut
        /// The CancelToken was cancelled.
        case cancelled
        /// The body is larger than the caller allowed.
        case tooLarge
        /// Anything else on the wire: connection cut mid-body, bad TLS, too many redirects…
        case transport
        /// The URL cannot be sent (malformed, or not http/https).
        case badURL
    }

    public var kind: Kind
    /// The status the server had answered with before the failure (a reply cut off
    /// mid-body, too many redirects); nil when no answer began. A server that answered
    /// is there, whatever went wrong after.
    public var answeredStatus: Int? = nil
    /// "GET http://host/path?X-Plex-Token=…: <what happened>": never holds a token value.
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = redactingTokens(message)
    }

    /// A message naming the request (method and redacted URL) and the detail.
    init(_ kind: Kind, _ request: HTTPRequest, _ detail: String) {
        self.init(kind: kind, message: "\(request.method) \(request.url): \(detail)")
    }

    public var description: String { message }

    /// True for failures worth another attempt: the network or server may recover.
    var isTransient: Bool { kind == .cannotConnect || kind == .timedOut || kind == .transport }
}
