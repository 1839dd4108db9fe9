import CrateCore
import CrateHTTP
import CrateJSON
import Logging

/// Calls to the Last.fm web service (https://www.last.fm/api/rest): every call a POST of
/// form fields, signed as https://www.last.fm/api/authspec says — md5 of the fields
/// sorted by name (byte order, so `artist[10]` before `artist[1]`), each name followed by
/// its value, then the shared secret; `format` is not signed. Answers are JSON.
public final class LastFMClient: Sendable {
    public struct Credentials: Sendable {
        public var apiKey: String
        public var apiSecret: String
        public var apiRoot: String
        public init(apiKey: String, apiSecret: String, apiRoot: String) {
            self.apiKey = apiKey
            self.apiSecret = apiSecret
            self.apiRoot = apiRoot
        }
    }

    let credentials: Credentials
    let http: HTTPClient
    let logger: Logger

    public init(credentials: Credentials, http: HTTPClient, logger: Logger) {
        self.credentials = credentials
        self.http = http
        self.logger = logger
    }

    /// The signature of `fields` (without `api_sig` and `format`).
    static func signature(_ fields: [(String, String)], secret: String) -> String {
        let sorted = fields.filter { $0.0 != "format" && $0.0 != "callback" }
            .sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        return MD5.hex(sorted.map { $0.0 + $0.1 }.joined() + secret)
    }

    /// One signed call; the parsed answer, or the error Last.fm (or the network) gave.
    func call(_ method: String, _ parameters: [(String, String)], sessionKey: String? = nil) throws(LastFMError) -> JSONValue {
        var fields = [("method", method), ("api_key", credentials.apiKey)] + parameters
        if let sessionKey { fields.append(("sk", sessionKey)) }
        fields.append(("api_sig", Self.signature(fields, secret: credentials.apiSecret)))
        fields.append(("format", "json"))
        let body = fields.map { "\(HTTPClient.percentEncode($0.0))=\(HTTPClient.percentEncode($0.1))" }.joined(separator: "&")
        var request = HTTPRequest(url: credentials.apiRoot, method: "POST",
                                  headers: [("Content-Type", "application/x-www-form-urlencoded"),
                                            ("User-Agent", "crate (album player)")],
                                  body: Array(body.utf8))
        request.connectTimeout = 5
        request.totalTimeout = 20
        let response: HTTPResponse
        do {
            // No retries here: the queue's own backoff decides when to try again.
            response = try http.send(request, retry: .none, maxBodyBytes: 1 << 20)
        } catch {
            throw .unreachable("\(method): \(error.message)")
        }
        let parsed: JSONValue
        do { parsed = try LenientJSON.parse(response.body) } catch {
            if response.status >= 500 { throw .unreachable("\(method): HTTP \(response.status)") }
            throw .badResponse("\(method): HTTP \(response.status), not JSON (\(error))")
        }
        if let code = parsed.int("error") {
            throw .api(code: code, message: parsed.string("message") ?? "no message")
        }
        guard (200..<300).contains(response.status) else {
            if response.status >= 500 { throw .unreachable("\(method): HTTP \(response.status)") }
            throw .badResponse("\(method): HTTP \(response.status)")
        }
        return parsed
    }

    // MARK: The calls the box makes

    /// auth.getToken: a token for the user to approve.
    func token() throws(LastFMError) -> String {
        guard let token = try call("auth.getToken", []).string("token"), !token.isEmpty else {
            throw .badResponse("auth.getToken: no token")
        }
        return token
    }

    /// auth.getSession: the session key and user name once `token` is approved
    /// (error 14 until then).
    func session(token: String) throws(LastFMError) -> (key: String, user: String) {
        let answer = try call("auth.getSession", [("token", token)])
        guard let session = answer["session"], let key = session.string("key"), let name = session.string("name") else {
            throw .badResponse("auth.getSession: no session in the answer")
        }
        return (key, name)
    }

    func updateNowPlaying(_ track: LastFMTrack, sessionKey: String) throws(LastFMError) {
        _ = try call("track.updateNowPlaying", Self.fields(track, index: nil), sessionKey: sessionKey)
    }

    /// track.scrobble for up to 50 tracks; the number Last.fm accepted and ignored.
    func scrobble(_ tracks: [LastFMTrack], sessionKey: String) throws(LastFMError) -> (accepted: Int, ignored: Int) {
        precondition(tracks.count <= 50, "Last.fm takes at most 50 scrobbles per call")
        var fields: [(String, String)] = []
        for (i, track) in tracks.enumerated() { fields += Self.fields(track, index: i) }
        let answer = try call("track.scrobble", fields, sessionKey: sessionKey)
        guard let attributes = answer["scrobbles"]?["@attr"] else {
            throw .badResponse("track.scrobble: no scrobbles in the answer")
        }
        return (attributes.int("accepted") ?? 0, attributes.int("ignored") ?? 0)
    }

    /// A track's fields; `index` gives the array notation of a batch (`artist[0]`).
    static func fields(_ track: LastFMTrack, index: Int?) -> [(String, String)] {
        let suffix = index.map { "[\($0)]" } ?? ""
        var fields = [("artist" + suffix, track.artist), ("track" + suffix, track.track)]
        if index != nil { fields.append(("timestamp" + suffix, String(track.timestamp))) }
        if let album = track.album, !album.isEmpty { fields.append(("album" + suffix, album)) }
        if let albumArtist = track.albumArtist, !albumArtist.isEmpty { fields.append(("albumArtist" + suffix, albumArtist)) }
        if let number = track.trackNumber { fields.append(("trackNumber" + suffix, String(number))) }
        if let duration = track.duration { fields.append(("duration" + suffix, String(duration))) }
        return fields
    }
}
