import HTTPTypes
import Hummingbird

/// In front of every route: the origin check for POSTs, the password for everything but
/// the page itself and sign-in, and headers that keep the page from being framed or
/// from loading anything that is not its own.
struct SecurityMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let sessions: WebSessions

    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let publicPaths: Set<String> = ["/", "/app.js", "/app.css", "/api/login"]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if request.method == .post, !OriginCheck.allows(origin: request.headers[.origin], host: request.head.authority) {
            response = WebServer.problem("refused: a change must come from this page (the Origin header names another site or none)",
                                         status: .forbidden)
        } else if request.method != .get && request.method != .post && request.method != .head {
            response = WebServer.problem("only GET and POST", status: .methodNotAllowed)
        } else if !Self.publicPaths.contains(request.uri.path), !sessions.isValid(request.cookies[WebSessions.cookieName]?.value) {
            response = WebServer.problem("sign in first", status: .unauthorized)
        } else {
            response = try await next(request, context)
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'"
        response.headers[Self.referrerPolicy] = "no-referrer"
        return response
    }
}
