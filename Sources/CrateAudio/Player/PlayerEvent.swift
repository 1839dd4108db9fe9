/// What the player tells its observer, in the engine's own terms: the daemon maps these
/// onto the events its front ends follow, so the engine knows no wire type.
public enum PlayerEvent: Sendable, Equatable, CaseIterable {
    /// Playback state changed (idle/buffering/playing/paused/error).
    case state
    /// A different track is under the play head.
    case track
    /// A track failed or was cut short; the message says why.
    case trackError
    /// The position jumped (seek).
    case seek
    /// The output changed (reconfigured, fell back, underran, came back).
    case output
}
