import CrateControlClient
import CrateCore
import CrateWire
import FoundationEssentials
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// What crate-web needs to run: where to listen, the daemon's socket, the password.
public struct WebSettings: Sendable {
    public var listen: ListenAddress
    public var socketPath: String
    public var password: String?
    public var maxClients: Int

    public init(listen: ListenAddress, socketPath: String, password: String?, maxClients: Int) {
        self.listen = listen
        self.socketPath = socketPath
        self.password = password
        self.maxClients = maxClients
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
    let logger: Logger

    public init(settings: WebSettings, logger: Logger) {
        self.settings = settings
        self.logger = logger
        self.daemon = DaemonLink(socketPath: settings.socketPath)
        // Pages listening live take at most half the connections: the rest serve requests.
        let library = LibraryList(daemon: daemon)
        let covers = self.covers
        self.library = library
        self.events = EventHub(socketPath: settings.socketPath, maxListeners: max(1, settings.maxClients / 2), logger: logger,
                               onLibraryChange: { covers.forgetAll(); library.forget() })
        self.sessions = WebSessions(password: settings.password)
    }

    /// Serves until the process is stopped.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        events.start()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: SecurityMiddleware(sessions: sessions))
        addRoutes(router)
        let http = HTTP1Channel.Configuration(
            idleTimeout: .seconds(WebLimits.idleSeconds),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: WebLimits.maxHeaderBytes,
                                            maxHeaderListSize: WebLimits.maxHeaderBytes,
                                            maxHeaderFieldCount: WebLimits.maxHeaderFields))
        let app = Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(settings.listen.host, port: settings.listen.port),
                                 serverName: "crate-web",
                                 availableConnectionsDelegate: MaximumAvailableConnections(settings.maxClients, logger: logger)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.runService()
    }

    func addRoutes(_ router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in Self.asset(PageAssets.html, type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.asset(PageAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.asset(PageAssets.style, type: "text/css; charset=utf-8") }
        router.post("/api/login") { request, _ in try await self.login(request) }
        router.get("/api/events") { _, _ in try self.eventStream() }
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
        router.get("/cover/:id") { request, context in
            // ?size=thumb (the wall, and when no size is given) or ?size=large (album, now playing).
            let name = request.uri.queryParameters.get("size") ?? CoverSize.thumb.rawValue
            guard let size = CoverSize(rawValue: name) else {
                return Self.problem("size must be \(CoverSize.accepted)", status: .badRequest)
            }
            return try await self.cover(context.parameters.require("id", as: Int64.self), size: size)
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

    func login(_ request: Request) async throws -> Response {
        struct Attempt: Decodable { var password: String }
        let body = try await request.body.collect(upTo: WebLimits.maxBodyBytes)
        // A body that is not the sign-in object is the client's mistake: answered 400, not logged.
        guard let attempt = try? JSONDecoder().decode(Attempt.self, from: Data(buffer: body)) else {
            return Self.problem("sign in with {\"password\": \"...\"}", status: .badRequest)
        }
        guard let token = sessions.signIn(attempt.password) else {
            logger.notice("web: wrong password from a page")
            try await Task.sleep(for: .milliseconds(WebLimits.wrongPasswordDelayMilliseconds))
            return Self.problem("wrong password", status: .unauthorized)
        }
        var response = Self.json(#"{"ok":true}"#)
        response.headers[.setCookie] = WebSessions.cookie(token)
        return response
    }

    func perform(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: WebLimits.maxBodyBytes)
        let daemonRequest: WebDaemonRequest
        do throws(PageCommandError) {
            daemonRequest = try PageCommand.decode(Array(buffer: body)).daemonRequest()
        } catch {
            return Self.problem(error.description, status: .badRequest)
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

    func cover(_ album: Int64, size: CoverSize) async throws -> Response {
        let key = CoverStore.Key(album: album, size: size)
        let cover: CoverStore.Cover
        if let hit = covers.cover(key) {
            cover = hit
        } else {
            var request = WebDaemonRequest("cover")
            request.album = album
            request.size = size.rawValue
            var reply: ControlReply
            var waited = 0
            while true {
                do { reply = try await daemon.request(request).reply } catch { return Self.problem(error.message, status: .badGateway) }
                // A Plex cover on its way from the server: asked again shortly, within a bound.
                guard reply.pending == true, waited < WebLimits.coverWaitMilliseconds else { break }
                try await Task.sleep(for: .milliseconds(WebLimits.coverRetryMilliseconds))
                waited += WebLimits.coverRetryMilliseconds
            }
            guard let image = reply.cover, let bytes = Data(base64Encoded: image.data) else {
                return Self.problem(reply.error ?? "no cover", status: .notFound)
            }
            cover = CoverStore.Cover(bytes: [UInt8](bytes), contentType: image.format == "png" ? "image/png" : "image/jpeg")
            covers.keep(cover, for: key)
        }
        var headers = HTTPFields()
        headers[.contentType] = cover.contentType
        headers[.cacheControl] = "private, max-age=3600"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: cover.bytes)))
    }

    /// Server-Sent Events: one `data:` line per daemon event, as the daemon wrote it.
    func eventStream() throws -> Response {
        guard let stream = events.listen() else {
            return Self.problem("too many pages are open (\(events.maxListeners)); close one and reload", status: .serviceUnavailable)
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            // The browser reconnects by itself after a second if the stream breaks.
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            for await line in stream {
                try await writer.write(ByteBuffer(string: "data: " + line + "\n\n"))
            }
            try await writer.finish(nil)
        })
    }
}
