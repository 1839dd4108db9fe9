/// The control socket speaks newline-delimited JSON: one request object per line,
/// answered by one reply object per line, in order. A `subscribe` request is answered
/// once and then the connection carries one `DaemonEvent` per line until it closes.
/// The full protocol is documented in docs/PROTOCOL.md.
public enum ControlProtocol {
    /// Bumped when a request or reply changes incompatibly.
    public static let version = 1
    /// Requests longer than this are refused (and the connection closed).
    public static let maxRequestBytes = 64 * 1024
}

/// The commands the daemon understands.
public enum ControlCommand: String, Sendable, Codable, CaseIterable {
    case ping, status, play, pause, resume, toggle, next, prev, stop, seek, subscribe
}

public struct ControlRequest: Sendable, Codable, Equatable {
    public var cmd: String
    /// `play`: files, or one folder whose MP3s form an album in track order.
    public var paths: [String]?
    /// `seek`: seconds from the start of the current track.
    public var seconds: Double?

    public init(cmd: ControlCommand, paths: [String]? = nil, seconds: Double? = nil) {
        self.cmd = cmd.rawValue
        self.paths = paths
        self.seconds = seconds
    }
}

/// What the daemon is and how it is doing, for `crate-admin status`.
public struct DaemonStatus: Sendable, Codable, Equatable {
    public var version: String
    public var pid: Int
    public var uptimeSeconds: Double
    public var configPath: String?
    public var player: PlayerStatus
    /// Things an admin should know (fallback sink, refused RT priority, …).
    public var warnings: [String]

    public init(
        version: String, pid: Int, uptimeSeconds: Double, configPath: String?, player: PlayerStatus,
        warnings: [String]
    ) {
        self.version = version
        self.pid = pid
        self.uptimeSeconds = uptimeSeconds
        self.configPath = configPath
        self.player = player
        self.warnings = warnings
    }
}

public struct ControlReply: Sendable, Codable, Equatable {
    public var ok: Bool
    public var error: String?
    public var status: DaemonStatus?

    public init(ok: Bool, error: String? = nil, status: DaemonStatus? = nil) {
        self.ok = ok
        self.error = error
        self.status = status
    }

    public static func failure(_ message: String) -> ControlReply { ControlReply(ok: false, error: message) }
}

/// Something that changed, pushed to subscribers as it happens.
public struct DaemonEvent: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// Playback state changed (idle/buffering/playing/paused/error).
        case state
        /// A different track is under the play head.
        case track
        /// A track failed or was cut short; `message` says why.
        case trackError = "track-error"
        /// The position jumped (seek).
        case seek
        /// The audio output changed (reconfigured, fell back, underran).
        case output
    }

    public var event: Kind
    public var message: String?
    public var status: PlayerStatus

    public init(event: Kind, message: String? = nil, status: PlayerStatus) {
        self.event = event
        self.message = message
        self.status = status
    }
}
