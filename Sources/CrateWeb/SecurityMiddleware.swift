import HTTPTypes
import Hummingbird

/// In front of every route, the page's trust model (docs/admin-guide.md, "The page's
/// trust model"): a request must name this box as its host (`BoxNames`: no DNS
/// rebinding); a POST must come from this very page (`OriginCheck`); everything but the
/// page itself and sign-in needs a session when there is a password. Every answer
/// carries headers that keep the page from being framed or loading anything not its own.
struct SecurityMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let sessions: WebSessions
    let names: BoxNames

    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    /// The page and what installs it (the browser fetches the manifest without cookies).
    static let publicPaths: Set<String> = ["/", "/app.js", "/app.css", "/api/login",
                                           "/manifest.webmanifest", "/icon.svg", "/icon-192.png", "/icon-512.png"]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if !names.accepts(host: request.head.authority) {
            let named = String((request.head.authority ?? "none").prefix(80))
            response = WebServer.problem("refused: the request names the host '\(named)', which is not this box "
                                         + "(if the box is reached by that name, add it to [web] hosts)", status: .forbidden)
        } else if request.method == .post, !OriginCheck.allows(origin: request.headers[.origin], host: request.head.authority) {
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
