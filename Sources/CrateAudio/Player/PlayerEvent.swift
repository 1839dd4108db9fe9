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
    /// A track's file is gone (a folder renamed?): the player waits while its buffer lasts
    /// for the library to find it again (PendingOpen); the message is the track's path.
    case trackMissing
    /// The output changed (reconfigured, fell back, underran, came back).
    case output
}
