/// Something that changed: the router's one event stream, which the control socket, MPD,
/// the display and Last.fm all follow (subscribers get it as it happens).
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
        /// A library scan started, moved on (`scanProgress`) or ended (`scanReport`).
        case scanStarted = "scan-started"
        case scanProgress = "scan-progress"
        case scanFinished = "scan-finished"
        /// A button or the knob did something (`input`).
        case input
        /// A Plex sync finished (`message` says how it went).
        case plexSynced = "plex-synced"
        /// The mixer's level changed (`message`: the new level in percent), by a volume
        /// button, MPD or the socket.
        case mixer
    }

    public var event: Kind
    public var message: String?
    public var status: PlayerStatus
    public var scanProgress: ScanProgress?
    public var scanReport: ScanReport?
    public var input: InputEvent?

    public init(event: Kind, message: String? = nil, status: PlayerStatus, scanProgress: ScanProgress? = nil,
                scanReport: ScanReport? = nil, input: InputEvent? = nil) {
        self.input = input
        self.event = event
        self.message = message
        self.status = status
        self.scanProgress = scanProgress
        self.scanReport = scanReport
    }
}
