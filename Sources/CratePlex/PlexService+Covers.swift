import CrateCore

/// Album covers from the chosen server's photo transcoder (PLEX.md: `/photo/:/transcode`
/// with the album's `thumb`, URL-encoded, and the size wanted), with the token.
extension PlexService {
    /// A cover is one small request (a few KB from a server on the LAN): no retries (the
    /// caller tries again later), and a short wait, so a stuck server does not hold up
    /// the covers after it.
    static let coverTimeout = 5.0

    /// The picture's bytes, `side` pixels square at most. Throws when the server refuses
    /// (401), cannot be reached or times out, or answers with something not a picture
    /// (an HTML page, JSON, nothing).
    func coverBytes(machine: String, thumb: String, side: Int) throws(PlexError) -> [UInt8] {
        guard let server = try account.server(), server.machineIdentifier == machine else {
            throw .notConfigured("the album is on a Plex server that is not the one chosen (crate-admin plex use)")
        }
        let path = "/photo/:/transcode"
        let response = try client.send("GET", server.uri, path, query: [
            ("url", thumb), ("width", String(side)), ("height", String(side)), ("minSize", "1"), ("upscale", "1"),
        ], token: server.accessToken, retry: .none, totalTimeout: Self.coverTimeout)
        let type = response.header("content-type")?.lowercased() ?? ""
        if !type.isEmpty && !type.hasPrefix("image/") {
            throw .badResponse("\(server.uri)\(path) answered \(type), not a picture\(PlexClient.snippet(response.body))")
        }
        guard !response.body.isEmpty else { throw .badResponse("\(server.uri)\(path) answered an empty body") }
        return response.body
    }
}
