import FoundationEssentials
import Hummingbird

extension WebServer {
    /// POST /api/login: the password for a session cookie. Wrong ones slow their address
    /// down (SignInThrottle); the first of a burst is logged, the rest are not.
    func signIn(_ request: Request, from address: String) async throws -> Response {
        struct Attempt: Decodable { var password: String }
        let body = try await request.body.collect(upTo: settings.limits.maxBodyBytes)
        // A body that is not the sign-in object is the client's mistake: answered 400, not logged.
        guard let attempt = try? JSONDecoder().decode(Attempt.self, from: Data(buffer: body)) else {
            return Self.problem("sign in with {\"password\": \"...\"}", status: .badRequest)
        }
        switch signIns.admit(address) {
        case .wait(let seconds):
            var response = Self.problem("too many wrong passwords from this address: try again in \(seconds) s",
                                        status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        case .allowed:
            break
        }
        guard let token = sessions.signIn(attempt.password) else {
            if signIns.failed(address) {
                logger.notice("web: wrong password from \(address); its next attempts wait, from \(WebLimits.firstSignInWaitSeconds) s doubling to \(signIns.longestWait) s, and further wrong ones are not logged until it has stopped")
            }
            return Self.problem("wrong password", status: .unauthorized)
        }
        signIns.succeeded(address)
        var response = Self.json(#"{"ok":true}"#)
        response.headers[.setCookie] = WebSessions.cookie(token)
        return response
    }
}
