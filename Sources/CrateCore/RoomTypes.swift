/// A room of a snapcast household: one snapclient, as snapserver reports it.
public struct RoomStatus: Sendable, Codable, Equatable {
    /// The host id (`snapclient --hostID`, else its MAC address).
    public var id: String
    /// The name set in snapserver, else the host id.
    public var name: String
    public var connected: Bool
    /// The snapserver group it is in, and the stream that group plays.
    public var group: String
    public var stream: String
    /// True when that stream is this box's.
    public var playingBox: Bool
    /// Percent, 0…100.
    public var volume: Int
    public var muted: Bool
    /// The client's extra delay in ms, as set in snapserver.
    public var latency: Int
    /// In crated's status: it was connected while crated watched and is not any more.
    public var droppedOut: Bool?

    public init(id: String, name: String, connected: Bool, group: String, stream: String, playingBox: Bool,
                volume: Int, muted: Bool, latency: Int) {
        self.id = id
        self.name = name
        self.connected = connected
        self.group = group
        self.stream = stream
        self.playingBox = playingBox
        self.volume = volume
        self.muted = muted
        self.latency = latency
    }
}

/// The rooms as crated or `crate-admin rooms` last saw them.
public struct RoomsStatus: Sendable, Codable, Equatable {
    /// snapserver's JSON-RPC address ("127.0.0.1:1705").
    public var server: String
    /// The id of the snapserver stream this box plays into; nil when none matches.
    public var stream: String?
    /// `crate-admin rooms`: every room. crated's status: the rooms on the box's stream
    /// that are connected or dropped out.
    public var rooms: [RoomStatus]
    /// Why snapserver could not be asked, or what is wrong with its answer.
    public var error: String?

    public init(server: String, stream: String?, rooms: [RoomStatus], error: String? = nil) {
        self.server = server
        self.stream = stream
        self.rooms = rooms
        self.error = error
    }

    /// Rooms that play the box's stream now.
    public var playing: [RoomStatus] { rooms.filter { $0.playingBox && $0.connected } }
    public var droppedOut: [RoomStatus] { rooms.filter { $0.droppedOut == true } }
}
