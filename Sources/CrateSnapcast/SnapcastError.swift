/// A failed talk with snapserver, in words an admin can act on. Every message starts
/// with the server's address, so a log line or `status` says which snapserver it was.
public struct SnapcastError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Nothing answered: refused, timed out, no route, name not found.
        case unreachable
        /// It answered, but not JSON-RPC we understand.
        case garbage
        /// A JSON-RPC error object: the request reached snapserver and was refused.
        case refused
        /// Our side: a room or stream that does not exist, a request we cannot make.
        case usage
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
