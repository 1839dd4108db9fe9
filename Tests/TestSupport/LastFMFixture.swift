import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Last.fm stand-in (Tests/Fixtures/lastfm_fixture.py) on 127.0.0.1: the desktop
/// sign-in, now-playing and batched scrobbles, with Last.fm's request signing checked.
public final class LastFMFixture {
    private let server: FixtureServer
    public var process: Process { server.process }
    public var port: Int { server.port }
    public var apiRoot: String { "http://127.0.0.1:\(port)/2.0/" }
    public static let apiKey = "fixture-api-key"
    public static let apiSecret = "fixture-secret"
    public static let user = "crate-tester"

    /// The `[lastfm]` table pointing crated at this stand-in; `minTrackSeconds` lowers
    /// Last.fm's 30 s minimum so short test tracks count.
    public func config(minTrackSeconds: Double = 0.5, secret: String = LastFMFixture.apiSecret) -> String {
        """
        [lastfm]
        api_key = "\(Self.apiKey)"
        api_secret = "\(secret)"
        api_root = "\(apiRoot)"
        auth_url = "http://127.0.0.1:\(port)/api/auth/"
        min_track_seconds = \(minTrackSeconds)
        """
    }

    public init() throws { server = try FixtureServer(script: "lastfm_fixture.py") }


    /// Every token issued so far is approved, as if the user allowed access in a browser.
    public func approve() throws { try post("/__fixture/approve", [:]) }

    /// Misbehaviour (see lastfm_fixture.py): ["down": true], ["error": 11], ["garbage": true],
    /// ["revoke": true]; [:] for a healthy service.
    public func mode(_ mode: [String: Any]) throws { try post("/__fixture/mode", mode) }

    /// One API call as the stand-in saw it.
    public struct Call {
        public var method: String
        public var http: String
        public var params: [String: String]
        /// "ok", an error code, "down" or "garbage".
        public var result: String
    }

    public func calls() throws -> [Call] {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/__fixture/log")!)
        let entries = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
        return entries.map { entry in
            Call(method: entry["method"] as? String ?? "", http: entry["http"] as? String ?? "",
                 params: entry["params"] as? [String: String] ?? [:], result: "\(entry["result"] ?? "")")
        }
    }

    /// The scrobbles of every accepted track.scrobble call, one array per call, each
    /// scrobble by field name (artist, track, timestamp, album, albumArtist, trackNumber, duration).
    public func acceptedBatches() throws -> [[[String: String]]] {
        try calls().filter { $0.method == "track.scrobble" && $0.result == "ok" }.map { call in
            var items: [[String: String]] = []
            for i in 0..<50 {
                let suffix = call.params["artist[\(i)]"] != nil ? "[\(i)]" : (i == 0 && call.params["artist"] != nil ? "" : nil)
                guard let suffix else { break }
                var item: [String: String] = [:]
                for name in ["artist", "track", "timestamp", "album", "albumArtist", "trackNumber", "duration"] {
                    item[name] = call.params[name + suffix]
                }
                items.append(item)
                if suffix.isEmpty { break }
            }
            return items
        }
    }

    /// Polls the log until `condition` holds.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 20, _ condition: ([Call]) -> Bool) throws -> [Call] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let calls = try calls()
            if condition(calls) { return calls }
            if Date() > deadline {
                throw FixtureError("timed out waiting for \(what); calls: \(calls.map { "\($0.method)=\($0.result)" })")
            }
            usleep(20_000)
        }
    }

    private func post(_ path: String, _ body: Any) throws { try server.post(path, body) }
}
