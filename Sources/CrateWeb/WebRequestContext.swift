import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the connection a request came on: the client's
/// address (the sign-in's back-off is per address) and its close (a live page's event
/// stream ends when its connection does).
public struct WebRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The client's address as text; "unknown" for a connection without one.
    var clientAddress: String { channel.remoteAddress?.ipAddress ?? "unknown" }
}
