import CrateJSON

/// A device of the account (`GET /api/v2/resources` on plex.tv, a bare JSON array): the
/// servers the box can use, each with its addresses and its own access token.
public struct PlexResource: Sendable, Equatable {
    public var name: String
    /// The server's machineIdentifier.
    public var clientIdentifier: String
    /// Comma-separated roles: "server", "client,player", …
    public var provides: String
    /// The token to use with this server; the account token may not be accepted.
    public var accessToken: String?
    public var connections: [PlexConnection]

    public init(name: String, clientIdentifier: String, provides: String, accessToken: String? = nil,
                connections: [PlexConnection] = []) {
        self.name = name
        self.clientIdentifier = clientIdentifier
        self.provides = provides
        self.accessToken = accessToken
        self.connections = connections
    }

    public var isServer: Bool {
        provides.split(separator: ",").contains { $0.trimmingASCIIWhitespace().lowercased() == "server" }
    }
}

/// One address of a resource.
public struct PlexConnection: Sendable, Equatable {
    public var uri: String
    /// On the same network as the box, by plex.tv's reckoning.
    public var local: Bool
    /// Through Plex's relay: slow and capped, the last resort.
    public var relay: Bool

    public init(uri: String, local: Bool, relay: Bool) {
        self.uri = uri
        self.local = local
        self.relay = relay
    }
}

extension PlexResource {
    init(plexItem item: JSONValue) throws(PlexSkip) {
        guard let identifier = item.id("clientIdentifier") else { throw PlexSkip("no clientIdentifier") }
        let connections = (item.list("connections") + item.list("Connection")).compactMap { connection -> PlexConnection? in
            // An address without a URI cannot be dialled; the others still can.
            guard let uri = connection.string("uri"), !uri.isEmpty else { return nil }
            return PlexConnection(uri: uri, local: connection.bool("local") ?? false,
                                  relay: connection.bool("relay") ?? false)
        }
        let token = item.string("accessToken")
        self.init(name: item.string("name") ?? "", clientIdentifier: identifier,
                  provides: item.string("provides") ?? "", accessToken: token?.isEmpty == true ? nil : token,
                  connections: connections)
    }
}
