import CrateHTTP
import CrateJSON
import Logging

/// Requests to plex.tv and a Plex Media Server: the headers of PLEX.md, JSON, paging on
/// every list, retries with backoff on 5xx and 429, and the answers turned into `PlexError`
/// (401 → unauthorized, even with an HTML body; a refused connection → unreachable).
public final class PlexClient: Sendable {
    let http: HTTPClient
    let device: PlexDevice
    let logger: Logger
    /// Items per list request (PLEX.md: 100–500).
    let pageSize: Int

    public init(http: HTTPClient, device: PlexDevice, pageSize: Int = 300, logger: Logger) {
        self.http = http
        self.device = device
        self.pageSize = pageSize
        self.logger = logger
    }

    /// One request; the body parsed as JSON. `token` goes in a header, never the URL.
    func json(_ method: String = "GET", _ base: String, _ path: String, query: [(String, String)] = [],
              token: String?, extraHeaders: [(name: String, value: String)] = [],
              cancel: CancelToken? = nil) throws(PlexError) -> JSONValue {
        let response = try send(method, base, path, query: query, token: token, extraHeaders: extraHeaders, cancel: cancel)
        do {
            return try LenientJSON.parse(response.body)
        } catch {
            throw .badResponse("\(describe(base, path)): \(error)")
        }
    }

    /// A request whose answer matters only as a status (ratings, timeline, scrobble).
    /// `retry` and `totalTimeout` default to a sync's patience; a reachability probe asks once, briefly.
    func send(_ method: String, _ base: String, _ path: String, query: [(String, String)] = [], token: String?,
              extraHeaders: [(name: String, value: String)] = [], cancel: CancelToken? = nil,
              retry: RetryPolicy = .standard, totalTimeout: Double = 60) throws(PlexError) -> HTTPResponse {
        var request = HTTPRequest(url: Self.url(base, path, query), method: method,
                                  headers: device.headers + extraHeaders + (token.map { [("X-Plex-Token", $0)] } ?? []))
        request.totalTimeout = totalTimeout
        request.connectTimeout = min(request.connectTimeout, totalTimeout)
        let response: HTTPResponse
        do {
            response = try http.send(request, retry: retry, cancel: cancel)
        } catch {
            // A server whose answer began is there: only its reply failed (cut off, too large).
            if error.answeredStatus != nil || error.kind == .tooLarge {
                throw .badResponse("\(describe(base, path)): the reply was cut off: \(error.message)")
            }
            throw .unreachable("\(describe(base, path)): \(error.message)")
        }
        switch response.status {
        case 200..<300: return response
        case 401 where token == nil:
            // Sign-in steps send no token yet: nothing was refused but the request itself.
            throw .badResponse("\(describe(base, path)) answered 401 Unauthorized to a request that carries no sign-in "
                + "yet: check tv_url and the box's clock, then try again\(Self.snippet(response.body))")
        case 401:
            throw .unauthorized("\(describe(base, path)) refused the token (401): sign in again with crate-admin plex login")
        default:
            throw .badResponse("\(describe(base, path)) answered \(response.status)\(Self.snippet(response.body))")
        }
    }

    /// Every item of a list endpoint, page by page (`X-Plex-Container-Start`/`-Size` on each
    /// request: newer servers answer 400 without them). `decode` reads one page's container.
    func pages<T>(_ base: String, _ path: String, query: [(String, String)] = [], token: String?,
                  cancel: CancelToken? = nil,
                  decode: (JSONValue) throws(PlexWireError) -> PlexPage<T>) throws(PlexError) -> (items: [T], skipped: [String]) {
        var items: [T] = []
        var skipped: [String] = []
        var start = 0
        while true {
            let body = try json("GET", base, path, query: query + [("X-Plex-Container-Start", String(start)),
                                                                    ("X-Plex-Container-Size", String(pageSize))],
                                token: token,
                                extraHeaders: [("X-Plex-Container-Start", String(start)),
                                               ("X-Plex-Container-Size", String(pageSize))],
                                cancel: cancel)
            let page: PlexPage<T>
            do { page = try decode(body) } catch { throw .badResponse("\(describe(base, path)): \(error)") }
            items += page.items
            skipped += page.skipped
            let received = page.items.count + page.skipped.count
            start += received
            // The total, when the server gives it, decides: a listing that stops short of it
            // (an empty page, as some servers send while they rescan) is incomplete, never
            // taken as the whole. Without a total, a short page ends the list.
            if let total = page.totalSize {
                if start >= total { break }
                if received == 0 {
                    throw .incomplete("partial listing: \(describe(base, path)) sent \(start) of \(total) items, then an empty page")
                }
            } else if received < pageSize { break }
        }
        return (items, skipped)
    }

    static func url(_ base: String, _ path: String, _ query: [(String, String)]) -> String {
        var url = base.hasSuffix("/") ? String(base.dropLast()) : base
        url += path
        if !query.isEmpty {
            url += (path.contains("?") ? "&" : "?")
                + query.map { "\(HTTPClient.percentEncode($0.0))=\(HTTPClient.percentEncode($0.1))" }.joined(separator: "&")
        }
        return url
    }

    private func describe(_ base: String, _ path: String) -> String {
        let trimmed = path.split(separator: "?").first.map(String.init) ?? path
        return "\(base)\(trimmed)"
    }

    /// The start of a body for a message: an HTML page or a JSON error says what happened.
    static func snippet(_ body: [UInt8]) -> String {
        guard !body.isEmpty else { return "" }
        let text = String(decoding: body.prefix(120), as: UTF8.self)
            .map { $0.isNewline ? " " : $0 }
        return " (\(String(text)))"
    }
}
