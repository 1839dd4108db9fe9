import CrateControlClient
import CrateCore
import CrateWire
import FoundationEssentials
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// What crate-web needs to run: where to listen, the daemon's socket, the password, the
/// other names the page is reached by, and the limits clients meet.
public struct WebSettings: Sendable {
    public var listen: ListenAddress
    public var socketPath: String
    public var password: String?
    public var hosts: [String]
    public var limits: WebLimits

    public init(listen: ListenAddress, socketPath: String, password: String?, hosts: [String] = [], limits: WebLimits = WebLimits()) {
        self.listen = listen
        self.socketPath = socketPath
        self.password = password
        self.hosts = hosts
        self.limits = limits
    }
}

/// crate-web's HTTP side: the page and its assets from the binary, a small JSON API over
/// crated's control socket, covers by album id, and the live event stream (SSE).
public struct WebServer: Sendable {
    let settings: WebSettings
    let daemon: DaemonLink
    let events: EventHub
    let sessions: WebSessions
    let covers = CoverStore()
    let library: LibraryList
    let names: BoxNames
    let signIns: SignInThrottle
    let clients: ClientAddresses
    let logger: Logger

    public init(settings: WebSettings, logger: Logger) {
        self.settings = settings
        self.logger = logger
        self.daemon = DaemonLink(socketPath: settings.socketPath)
        let library = LibraryList(daemon: daemon)
        let covers = self.covers
        self.library = library
        self.events = EventHub(socketPath: settings.socketPath, maxListeners: settings.limits.maxLivePages, logger: logger,
                               onLibraryChange: { covers.forgetAll(); library.forget() })
        self.sessions = WebSessions(password: settings.password)
        self.names = BoxNames(listenHost: settings.listen.host, extra: settings.hosts)
        self.signIns = SignInThrottle(longestWaitSeconds: settings.limits.signInBackoffSeconds)
        self.clients = ClientAddresses(limit: settings.limits.maxClientsPerAddress)
    }

    /// Serves until the process is stopped.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        events.start()
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: SecurityMiddleware(sessions: sessions, names: names))
        addRoutes(router)
        let limits = settings.limits, clients = self.clients, logger = self.logger
        // No idle timeout of Hummingbird's: ConnectionGuard's header deadline is also the
        // idle one (a connection's next request must be whole within it).
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuard(limits: limits, clients: clients, logger: logger)],
            idleTimeout: nil,
            httpDecoderConfiguration: .init(maxHeaderFieldSize: limits.maxHeaderBytes,
                                            maxHeaderListSize: limits.maxHeaderBytes,
                                            maxHeaderFieldCount: WebLimits.maxHeaderFields))
        let app = Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(settings.listen.host, port: settings.listen.port),
                                 serverName: "crate-web",
                                 availableConnectionsDelegate: MaximumAvailableConnections(limits.maxClients, logger: logger)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
        logger.info("web: the page answers to \(names.names.sorted().joined(separator: ", ")), the box's addresses and loopback")
        try await app.runService()
    }

    func addRoutes(_ router: Router<WebRequestContext>) {
        router.get("/") { _, _ in Self.asset(PageAssets.html, type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.asset(PageAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.asset(PageAssets.style, type: "text/css; charset=utf-8") }
        router.get("/manifest.webmanifest") { _, _ in Self.asset(PageAssets.manifest, type: "application/manifest+json") }
        router.get("/icon.svg") { _, _ in Self.asset(PageAssets.iconSVG, type: "image/svg+xml") }
        router.get("/icon-192.png") { _, _ in Self.image(PageAssets.icon192) }
        router.get("/icon-512.png") { _, _ in Self.image(PageAssets.icon512) }
        router.post("/api/login") { request, context in try await self.signIn(request, from: context.clientAddress) }
        router.get("/api/events") { _, context in self.eventStream(closing: context.channel) }
        router.get("/api/status") { _, _ in try await self.boxStatus() }
        router.get("/api/crate") { _, _ in try await self.pass(WebDaemonRequest("crate")) }
        router.get("/api/queue") { _, _ in try await self.pass(WebDaemonRequest("queue")) }
        router.get("/api/genres") { _, _ in try await self.pass(WebDaemonRequest("genres")) }
        router.get("/api/now-playing") { _, _ in try await self.pass(WebDaemonRequest("now-playing")) }
        router.get("/api/album/:id") { _, context in
            var request = WebDaemonRequest("album")
            request.album = try context.parameters.require("id", as: Int64.self)
            return try await self.pass(request)
        }
        router.get("/api/albums") { request, _ in try await self.albums(request) }
        router.get("/api/artists") { _, _ in try await self.artists() }
        router.get("/cover/:id") { request, context in
            // ?size=thumb (the wall, and when no size is given) or ?size=large (album, now playing).
            let name = request.uri.queryParameters.get("size") ?? CoverSize.thumb.rawValue
            guard let size = CoverSize(rawValue: name) else {
                return Self.problem("size must be \(CoverSize.accepted)", status: .badRequest)
            }
            return try await self.cover(context.parameters.require("id", as: Int64.self), size: size,
                                        ifNoneMatch: request.headers[.ifNoneMatch])
        }
        router.post("/api/do") { request, _ in try await self.perform(request) }
    }

    static func asset(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func problem(_ message: String, status: HTTPResponse.Status) -> Response {
        struct Problem: Encodable { var ok = false; var error: String }
        // Encoding one string cannot fail in practice; the literal below stands in if it does.
        let text = (try? JSONEncoder().encode(Problem(error: message))).map { String(decoding: $0, as: UTF8.self) }
        return json(text ?? #"{"ok":false}"#, status: status)
    }

    /// The daemon's reply line as it came; 502 when crated is not there.
    func pass(_ request: WebDaemonRequest) async throws -> Response {
        do {
            let (reply, raw) = try await daemon.request(request)
            return Self.json(raw, status: reply.ok ? .ok : .conflict)
        } catch {
            return Self.problem(error.message, status: .badGateway)
        }
    }

    func perform(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: settings.limits.maxBodyBytes)
        let command: PageCommand
        let daemonRequest: WebDaemonRequest
        do throws(PageCommandError) {
            command = try PageCommand.decode(Array(buffer: body))
            daemonRequest = try command.daemonRequest()
        } catch {
            return Self.problem(error.description, status: .badRequest)
        }
        // Without a password anyone on the network has a session: a command that replaces
        // the box's accounts needs one who knows the password.
        if command.changesAccounts, sessions.isOpen {
            return Self.problem(PageCommand.accountsNeedPassword, status: .forbidden)
        }
        return try await pass(daemonRequest)
    }

    /// `status`, `plex-status` and `library-stats` together, plus which newer commands this
    /// crated offers (the page hides the controls it lacks).
    func boxStatus() async throws -> Response {
        do {
            let status = try await daemon.request(WebDaemonRequest("status")).raw
            let plex = try await daemon.request(WebDaemonRequest("plex-status")).raw
            let library = try await daemon.request(WebDaemonRequest("library-stats")).raw
            let features = events.features
            return Self.json(#"{"status":\#(status),"plex":\#(plex),"library":\#(library),"features":\#(features.json)}"#)
        } catch {
            return Self.problem(error.message, status: .badGateway)
        }
    }

    func albums(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        let offset = query.get("offset", as: Int.self) ?? 0
        let limit = query.get("limit", as: Int.self) ?? 60
        let text = query.get("q").map { String($0) } ?? ""
        guard text.utf8.count <= WebLimits.maxQueryBytes else { return Self.problem("search text too long", status: .badRequest) }
        do {
            let all = try await library.albums()
            let page = AlbumListing.page(AlbumListing.matching(all, query: text), offset: offset, limit: limit)
            return Self.json(String(decoding: try JSONEncoder().encode(page), as: UTF8.self))
        } catch let error as ControlClientError {
            return Self.problem(error.message, status: error.isUnreachable ? .badGateway : .conflict)
        }
    }
}
