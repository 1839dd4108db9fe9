import CrateAudio
import CrateCore

extension DaemonEvent.Kind {
    /// The player's events as the router's event stream carries them.
    init(_ event: PlayerEvent) {
        self = switch event {
        case .state: .state
        case .track: .track
        case .trackError: .trackError
        case .seek: .seek
        case .output: .output
        }
    }
}
