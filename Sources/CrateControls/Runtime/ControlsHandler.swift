import Glibc
import CrateCore

/// Where the controls' intents are carried out: the daemon's router. Called on the
/// controls worker thread, one intent at a time.
public protocol ControlsHandler: AnyObject, Sendable {
    /// Carries out `intent`; returns what it did in a few words for `input watch`
    /// ("browse 4/24: Artist — Album"), or throws with a message for the user.
    func perform(_ intent: ControlIntent) throws -> String?
    /// The Crate Dial's confirmed position, 0…4: where dial mode starts.
    func currentDialIndex() -> Int
    /// Every decoded gesture with what its intents came to, for subscribers (`crate-admin
    /// input watch`) and the panel; `event.action` is the outcomes' text.
    func inputDecoded(_ event: InputEvent, outcomes: [ActionOutcome])
    /// The crates a person can pick in the menu, starting at the one the knob is in.
    func crateMenu() -> CrateMenu?
    /// The album playing and its track under the play head; nil with nothing loaded.
    func playingTrack() -> PlayingTrack?
    /// The album under the knob while browsing (the track playing when it is loaded).
    func browsedAlbum() -> PlayingTrack?
}

extension ControlsHandler {
    public func crateMenu() -> CrateMenu? { nil }
    public func playingTrack() -> PlayingTrack? { nil }
    public func browsedAlbum() -> PlayingTrack? { nil }
}

/// A clock in the decoders' unit.
public enum InputClock {
    public static func now() -> Nanoseconds {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Nanoseconds(ts.tv_sec) * 1_000_000_000 + Nanoseconds(ts.tv_nsec)
    }
}
