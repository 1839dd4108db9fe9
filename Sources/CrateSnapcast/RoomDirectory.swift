import CrateConfig
import CrateCore

/// The rooms in a Server.GetStatus answer, and which stream is this box's: snapserver
/// names streams freely, so the box's is the tcp source listening where
/// `[snapcast] stream` points.
public struct RoomDirectory: Sendable {
    public let server: SnapcastServer
    /// The box's stream, when one matches.
    public let boxStream: SnapcastStream?

    public init(server: SnapcastServer, source: CrateConfig.HostPort?) {
        self.server = server
        boxStream = source.flatMap { Self.stream(in: server, listeningAt: $0) }
    }

    /// The tcp stream on `source`'s port; its host must match unless either side is a
    /// wildcard or loopback (snapserver on 0.0.0.0, crated sending to 127.0.0.1).
    static func stream(in server: SnapcastServer, listeningAt source: CrateConfig.HostPort) -> SnapcastStream? {
        let local: Set<String> = ["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"]
        let candidates = server.streams.filter { stream in
            guard stream.uri.scheme == "tcp", let listen = CrateConfig.HostPort.parse(stream.uri.host) else { return false }
            return listen.port == source.port
                && (listen.host == source.host || local.contains(listen.host) || local.contains(source.host))
        }
        return candidates.first { $0.uri.host == source.description } ?? candidates.first
    }

    public var rooms: [RoomStatus] {
        server.clients.map { entry in
            let client = entry.client
            return RoomStatus(id: client.id, name: client.displayName, connected: client.connected,
                              group: entry.group.id, stream: entry.group.streamID,
                              playingBox: boxStream.map { $0.id == entry.group.streamID } ?? false,
                              volume: client.config.volume.percent, muted: client.config.volume.muted,
                              latency: client.config.latency)
        }
    }

    /// The room called `key` (its name, case aside) or with that host id.
    public func room(_ key: String, label: String) throws(SnapcastError) -> (client: SnapcastClientInfo, group: SnapcastGroup) {
        let clients = server.clients
        if let exact = clients.first(where: { $0.client.id == key }) { return exact }
        let named = clients.filter { $0.client.displayName.lowercased() == key.lowercased() }
        if named.count == 1 { return named[0] }
        let list = clients.isEmpty ? "it knows no rooms yet (no snapclient has connected)"
            : "its rooms: " + clients.map { $0.client.displayName == $0.client.id ? $0.client.id
                : "\($0.client.displayName) (\($0.client.id))" }.joined(separator: ", ")
        if named.count > 1 {
            throw SnapcastError(.usage, "\(named.count) rooms on \(label) are called '\(key)'; use the host id. \(list)")
        }
        throw SnapcastError(.usage, "no room '\(key)' on \(label); \(list)")
    }

    /// The box's stream, or an error naming what snapserver has instead.
    public func requireBoxStream(source: CrateConfig.HostPort?, label: String) throws(SnapcastError) -> SnapcastStream {
        if let boxStream { return boxStream }
        let streams = server.streams.map { "\($0.id) (\($0.uri.scheme)://\($0.uri.host))" }.joined(separator: ", ")
        let wanted = source.map { "tcp://\($0)" } ?? "[snapcast] stream (not set in crate.toml)"
        throw SnapcastError(.usage, "\(label) has no stream reading \(wanted); its streams: \(streams.isEmpty ? "none" : streams)")
    }
}
