/// What a caller asks the player to do. Carried to the engine thread and answered there.
enum PlayerCommand: Sendable {
    case play(paths: [String], startIndex: Int, startSeconds: Double, paused: Bool)
    case pause
    case resume
    case toggle
    case stop
    case next
    case previous
    case seek(seconds: Double)
    /// Answered at once: proves the engine thread still goes round (the watchdog).
    case ping
}

/// Why a command could not be carried out, in words fit for `crate-admin`.
public struct PlayerError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// How the player reaches the speaker.
public struct AudioOutputSettings: Sendable, Equatable {
    /// ALSA PCM name; nil = `default`, falling back to a null sink when there is no card.
    public var device: String?
    public var rtPriority: Int
    public var periodFrames: Int
    public var periods: Int
    /// Seconds of decoded audio held ahead of the device.
    public var bufferSeconds: Double
    /// Pace writes by the monotonic clock (sinks with no clock of their own).
    public var clockPaced: Bool
    /// "auto" or one `DeviceSampleFormat` name.
    public var sampleFormat: String
    public var replayGain: ReplayGainMode
    /// Send the audio to this snapserver stream instead of an ALSA device (nil: ALSA).
    public var snapcast: SnapcastStream?

    public init(
        device: String?, rtPriority: Int = 40, periodFrames: Int = 1024, periods: Int = 4,
        bufferSeconds: Double = 2.0, clockPaced: Bool = false, sampleFormat: String = "auto",
        replayGain: ReplayGainMode = .off, snapcast: SnapcastStream? = nil
    ) {
        self.snapcast = snapcast
        self.replayGain = replayGain
        self.sampleFormat = sampleFormat
        self.device = device
        self.rtPriority = rtPriority
        self.periodFrames = periodFrames
        self.periods = periods
        self.bufferSeconds = bufferSeconds
        self.clockPaced = clockPaced
    }
}
