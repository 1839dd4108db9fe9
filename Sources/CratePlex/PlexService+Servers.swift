import CrateCore
import CrateHTTP

/// The servers an account can use, and choosing one.
extension PlexService {
    /// Servers the account can reach, from plex.tv (or the configured `server_url`).
    public func servers() throws(PlexError) -> [PlexServerInfo] {
        try resources().map { resource in
            PlexServerInfo(name: resource.name, machineIdentifier: resource.clientIdentifier,
                           uris: Self.ordered(resource.connections).map(\.uri))
        }
    }

    /// Chooses the server named `name` (or with that machine identifier): the first of its
    /// connections whose /identity answers is kept. Then a sync starts.
    public func use(_ name: String) throws(PlexError) -> PlexServerInfo {
        let all = try resources()
        guard let resource = all.first(where: { $0.name == name || $0.clientIdentifier == name })
                ?? all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            let names = all.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw .notConfigured("no server called \"\(name)\"\(names.isEmpty ? "" : " (there are \(names))")")
        }
        guard let token = try account.token()?.token else { throw .notConfigured("not signed in: crate-admin plex login") }
        var problems: [String] = []
        for connection in Self.ordered(resource.connections) {
            do {
                let machine = try identity(at: connection.uri).machineIdentifier
                guard machine == resource.clientIdentifier else {
                    problems.append("\(connection.uri) is another server (\(machine))")
                    continue
                }
                try account.save(PlexAccount.Server(name: resource.name, machineIdentifier: resource.clientIdentifier,
                                                    uri: connection.uri, accessToken: resource.accessToken ?? token))
                logger.info("plex: using \(resource.name) at \(connection.uri)")
                state.withLock { $0.reachable = true; $0.problem = nil }
                return PlexServerInfo(name: resource.name, machineIdentifier: resource.clientIdentifier, uris: [connection.uri])
            } catch {
                problems.append("\(error)")
            }
        }
        throw .unreachable("\(resource.name) answers on none of its addresses: \(problems.joined(separator: "; "))")
    }

    private func resources() throws(PlexError) -> [PlexResource] {
        guard let token = try account.token()?.token else { throw .notConfigured("not signed in: crate-admin plex login") }
        if let url = settings.serverURL {
            // A fixed address: ask the server itself who it is.
            let machine = try identity(at: url).machineIdentifier
            return [PlexResource(name: "server at \(url)", clientIdentifier: machine, provides: "server",
                                 accessToken: token, connections: [PlexConnection(uri: url, local: true, relay: false)])]
        }
        do {
            let body = try client.json("GET", settings.tvURL, "/api/v2/resources", query: [("includeHttps", "1")],
                                       token: token)
            return try PlexDecode.resources(body).filter(\.isServer)
        } catch let error as PlexError {
            if case .unauthorized = error, tokenRefusedAgain({ () throws(PlexError) in
                _ = try client.send("GET", settings.tvURL, "/api/v2/user", token: token, retry: .none,
                                    totalTimeout: Self.probeTimeout)
            }) {
                state.withLock { $0.expired = true }
            }
            throw error
        } catch {
            throw .badResponse("plex.tv resources: \(error)")
        }
    }

    private func identity(at url: String) throws(PlexError) -> PlexIdentity {
        let body = try client.json("GET", url, "/identity", token: nil)
        do { return try PlexIdentity(json: body) } catch { throw .badResponse("\(url)/identity: \(error)") }
    }

    /// Local addresses first, relays last: a box on the same network as its server.
    static func ordered(_ connections: [PlexConnection]) -> [PlexConnection] {
        connections.filter { $0.local && !$0.relay } + connections.filter { !$0.local && !$0.relay }
            + connections.filter(\.relay)
    }
}
