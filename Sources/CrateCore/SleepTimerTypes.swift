/// What a sleep timer is asked to do: `crate-admin sleep`, the crate menu's "Sleep
/// timer" rows, and the `sleep` request's field, all in the same words.
public enum SleepSetting: Sendable, Equatable {
    /// Fade and pause after this many minutes.
    case minutes(Int)
    /// Fade and pause at the end of the album playing, instead of going on to the next.
    case endOfAlbum
    case off

    /// The longest timer a request may set: 12 hours.
    public static let maxMinutes = 720

    /// The words a request understands, for errors and `--help`.
    public static let accepted = "\"15m\", \"30m\", \"60m\" (any \"<N>m\", 1 to \(maxMinutes)), \"end-of-album\" or \"off\""

    /// "15m", "30m", "<N>m", "end-of-album", "off"; nil for anything else.
    public init?(wire text: String) {
        let word = text.lowercased()
        switch word {
        case "end-of-album": self = .endOfAlbum
        case "off": self = .off
        default:
            guard word.hasSuffix("m"), let minutes = Int(word.dropLast()), (1...Self.maxMinutes).contains(minutes) else {
                return nil
            }
            self = .minutes(minutes)
        }
    }

    /// As a request writes it.
    public var wire: String {
        switch self {
        case .minutes(let minutes): "\(minutes)m"
        case .endOfAlbum: "end-of-album"
        case .off: "off"
        }
    }
}

/// A sleep timer that is set, in `status`: what is left before the fade and pause.
public struct SleepTimerStatus: Sendable, Codable, Equatable {
    /// Seconds until the music pauses: the timer's, or what is left of the album for
    /// `endOfAlbum` (nil while that is not known).
    public var remainingSeconds: Double?
    /// The music pauses at the end of the album playing.
    public var endOfAlbum: Bool

    public init(remainingSeconds: Double?, endOfAlbum: Bool) {
        self.remainingSeconds = remainingSeconds
        self.endOfAlbum = endOfAlbum
    }
}
