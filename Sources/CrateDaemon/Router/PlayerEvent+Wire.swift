import CrateAudio
import CrateCore
import CrateWire

extension DaemonEvent.Kind {
    /// The player's events as the front ends see them.
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
