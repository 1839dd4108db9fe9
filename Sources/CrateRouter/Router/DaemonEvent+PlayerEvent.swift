import CrateAudio
import CrateCore

extension DaemonEvent.Kind {
    /// The player's events as the router's event stream carries them; nil for those the
    /// router acts on itself (a missing file: Router+MissingTrack).
    init?(_ event: PlayerEvent) {
        switch event {
        case .state: self = .state
        case .track: self = .track
        case .trackError: self = .trackError
        case .seek: self = .seek
        case .output: self = .output
        case .trackMissing: return nil
        }
    }
}
