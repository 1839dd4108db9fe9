import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// One connection's bounds, in its channel between the HTTP codec and Hummingbird:
/// - connections per client address (`ClientAddresses`): past the bound, closed at once;
/// - requests sent ahead of their answers (pipelined, `maxPipelinedRequests`): a client
///   that sends more and reads nothing is closed, so unread answers cannot pile up;
/// - a request's header must be whole within `headerTimeoutSeconds` of the connection
///   opening or of its last answer, its body within `bodyTimeoutSeconds` of the header
///   (bytes trickled one a second do not keep a connection: slowloris);
/// - a live page's event stream ends when its client closes its side (a browser leaving
///   the page sends its FIN; the stream would otherwise only notice at its next write)
///   and when crate-web is asked to stop (the server waits for open answers to end).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Timer: Equatable { case none, header, body }

    private let limits: WebLimits
    private let clients: ClientAddresses
    private let logger: Logger
    private var started = false
    /// Set when this handler closed the connection: what the codec still decodes is dropped.
    private var closing = false
    /// Set while this connection is counted against its address.
    private var address: String?
    /// Requests whose header arrived and whose answer has not ended.
    private var unanswered = 0
    private var readingRequest = false
    private var streamingEvents = false
    private var timer = Timer.none
    private var scheduled: Scheduled<Void>?

    static let eventStreamType = "text/event-stream"

    init(limits: WebLimits, clients: ClientAddresses, logger: Logger) {
        self.limits = limits
        self.clients = clients
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        switch clients.admit(address) {
        case .admitted:
            self.address = address
            rearm(context)
        case .refused(let firstOfBurst):
            if firstOfBurst {
                logger.notice("web: \(address) has \(clients.limit) connections open ([web] max_clients_per_address); its connections past that are closed (said once, until it has closed them all)")
            }
            close(context)
        }
    }

    private func close(_ context: ChannelHandlerContext) {
        closing = true
        cancelTimer()
        context.close(promise: nil)
    }

    private func finish() {
        cancelTimer()
        if let address { clients.leave(address) }
        address = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            guard unanswered <= limits.maxPipelinedRequests else {
                logger.debug("web: closed a connection from \(address ?? "?"): \(unanswered) requests sent ahead of their answers ([web] max_pipelined_requests)")
                close(context)
                return
            }
            readingRequest = true
        case .body:
            break
        case .end:
            readingRequest = false
        }
        rearm(context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            if head.status.kind != .informational,
               head.headerFields[.contentType]?.hasPrefix(Self.eventStreamType) == true {
                streamingEvents = true
            }
        case .body:
            break
        case .end:
            unanswered = max(0, unanswered - 1)
            streamingEvents = false
            rearm(context)
        }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        let clientLeft = (event as? ChannelEvent) == .inputClosed
        let stopping = event is ChannelShouldQuiesceEvent
        context.fireUserInboundEventTriggered(event)
        // A live page whose client is gone, or crate-web stopping: the stream has no end of
        // its own, so its connection is closed (which ends the stream: WebServer.eventStream).
        if streamingEvents, clientLeft || stopping { close(context) }
    }

    /// The one deadline that applies now: the body's while a request is read, the next
    /// header's when every request has its answer, none while answers are being written.
    private func rearm(_ context: ChannelHandlerContext) {
        let wanted: Timer = readingRequest ? .body : (unanswered == 0 ? .header : .none)
        guard wanted != timer else { return }
        cancelTimer()
        timer = wanted
        let seconds: Int
        switch wanted {
        case .none: return
        case .header: seconds = limits.headerTimeoutSeconds
        case .body: seconds = limits.bodyTimeoutSeconds
        }
        scheduled = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(Int64(seconds))) { [self] in
            scheduled = nil
            let what = timer == .body ? "its request's body did not arrive within \(seconds) s ([web] body_timeout)"
                                      : "no whole request header within \(seconds) s ([web] header_timeout)"
            timer = .none
            logger.debug("web: closed a connection from \(address ?? "?"): \(what)")
            close(context)
        }
    }

    private func cancelTimer() {
        scheduled?.cancel()
        scheduled = nil
        timer = .none
    }
}
