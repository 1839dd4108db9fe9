/// What `Server.GetStatus` answers, as far as Crate reads it: the groups with their
/// clients (a client is a room) and the streams with their now-playing properties.
public struct SnapcastServer: Decodable, Sendable, Equatable {
    public var groups: [SnapcastGroup]
    public var streams: [SnapcastStream]

    /// Every client with the group it is in, in snapserver's order.
    public var clients: [(client: SnapcastClientInfo, group: SnapcastGroup)] {
        groups.flatMap { group in group.clients.map { (client: $0, group: group) } }
    }
}

struct ServerStatusResult: Decodable {
    var server: SnapcastServer
}

public struct SnapcastGroup: Decodable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var streamID: String
    public var muted: Bool
    public var clients: [SnapcastClientInfo]

    enum CodingKeys: String, CodingKey {
        case id, name, muted, clients
        case streamID = "stream_id"
    }
}

public struct SnapcastClientInfo: Decodable, Sendable, Equatable {
    public struct Volume: Codable, Sendable, Equatable {
        public var percent: Int
        public var muted: Bool
        public init(percent: Int, muted: Bool) {
            self.percent = percent
            self.muted = muted
        }
    }
    public struct Config: Decodable, Sendable, Equatable {
        public var name: String
        public var latency: Int
        public var volume: Volume
    }
    public struct Host: Decodable, Sendable, Equatable {
        public var name: String
        public var ip: String
    }
    public struct Time: Decodable, Sendable, Equatable {
        public var sec: Int
        public var usec: Int
    }

    /// The host id (`snapclient --hostID`, else the MAC address).
    public var id: String
    public var connected: Bool
    public var config: Config
    public var host: Host
    public var lastSeen: Time?

    /// What the room is called: the name set in snapserver, else the host id.
    public var displayName: String { config.name.isEmpty ? id : config.name }
}

public struct SnapcastStream: Decodable, Sendable, Equatable {
    public struct URI: Decodable, Sendable, Equatable {
        public var raw: String
        public var scheme: String
        /// `host:port` for a tcp source.
        public var host: String
        public var query: [String: String]
    }
    /// What the stream's control script last published.
    public struct Properties: Decodable, Sendable, Equatable {
        public var playbackStatus: String?
        public var position: Double?
        public var metadata: Metadata?
    }
    public struct Metadata: Decodable, Sendable, Equatable {
        public var title: String?
        public var artist: [String]?
        public var album: String?
        public var trackNumber: Int?
        public var duration: Double?
        public var artUrl: String?
        public var artData: ArtData?
    }
    /// A picture sent by the control script: base64 bytes and "jpg" or "png".
    public struct ArtData: Decodable, Sendable, Equatable {
        public var data: String
        public var `extension`: String
        public init(data: String, extension: String) {
            self.data = data
            self.extension = `extension`
        }
    }

    public var id: String
    /// "idle" or "playing".
    public var status: String
    public var uri: URI
    public var properties: Properties?
}
