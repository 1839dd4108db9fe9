import CrateCore
import Logging
import Synchronization

/// Plays a list of files in order, gapless, through one ALSA device. The public face of
/// the audio engine: knows files and PCM, nothing about albums or crates. Every method
/// may be called from any thread; commands are carried out on the engine thread.
public final class Player: Sendable {
    private let engine: PlayerEngine

    /// Opens the output and starts the engine and writer threads. Never throws for a
    /// missing or broken device: the player then reports the error in `status()`, and a
    /// configured device that is missing is waited for (`output.waitingForDevice`).
    public init(settings: AudioOutputSettings, logger: Logger) {
        engine = PlayerEngine(output: PlayerOutput.open(settings: settings, logger: logger), logger: logger)
        engine.start()
    }

    /// Called for every change worth telling observers about, in order, on the player's
    /// events thread (never the engine's: an observer may write to disk).
    /// With the player's status as the event happened.
    public func setEventHandler(_ handler: @escaping @Sendable (PlayerEvent, String?, PlayerStatus) -> Void) {
        engine.setEventHandler(handler)
    }

    /// Plays `paths` in order from `startIndex`, `startSeconds` into it, replacing whatever
    /// was loaded. `paused`: load and hold there (a restore at boot), play on `resume`.
    public func play(paths: [String], startIndex: Int = 0, startSeconds: Double = 0,
                     paused: Bool = false) throws(PlayerError) {
        try engine.perform(.play(paths: paths, startIndex: startIndex, startSeconds: startSeconds, paused: paused))
    }

    /// Paths the resolver answers for are read from another file (a cached copy) or
    /// streamed over HTTP and decoded as they arrive; asked each time a track is opened,
    /// on the engine thread: it must answer from memory.
    public func setTrackResolver(_ resolver: @escaping @Sendable (String) -> TrackSource?) {
        engine.setTrackResolver(resolver)
    }

    /// What to play when the list runs out: asked on the player's `crate-advance` thread
    /// as soon as the last track has been decoded (seconds before it is heard), with the
    /// list's length then (where the answer's tracks will start), so the next album's
    /// first track follows gaplessly. Return nil to end. The engine never waits for it.
    public func setContinuation(_ provider: @escaping @Sendable (_ listLength: Int) -> [String]?) {
        engine.setContinuation(provider)
    }

    public func pause() throws(PlayerError) { try engine.perform(.pause) }
    public func resume() throws(PlayerError) { try engine.perform(.resume) }
    public func toggle() throws(PlayerError) { try engine.perform(.toggle) }
    public func stop() throws(PlayerError) { try engine.perform(.stop) }
    public func next() throws(PlayerError) { try engine.perform(.next) }
    /// Restarts the track when more than 3 s in, else goes to the previous track.
    public func previous() throws(PlayerError) { try engine.perform(.previous) }
    /// Seconds from the start of the current track.
    public func seek(to seconds: Double) throws(PlayerError) { try engine.perform(.seek(seconds: seconds)) }

    public func status() -> PlayerStatus { engine.status() }

    /// A slow fade's level, 0 (silence) … 1 (as decoded, bit-perfect), heard within a
    /// few ms: the writer glides to it. For a sleep timer's fade, stepped by the caller.
    public func setFadeLevel(_ level: Double) {
        let clamped = level.isFinite ? min(max(level, 0), 1) : 1
        engine.control.fadeGain.store(Int(clamped * Double(Ramp.unity)), ordering: .relaxed)
        engine.control.writerWake.post()
    }

    /// Waits (at most `timeout` seconds) until the state is no longer `before` — a pause
    /// is "paused" once the fade-out is heard — and returns the state then.
    public func waitForState(otherThan before: PlaybackState, timeout: Double) -> PlaybackState {
        engine.stateWaiters.wait(timeout: timeout) { engine.status().state != before }
        return engine.status().state
    }

    /// Waits (at most 10 s) for the engine thread to answer a no-op: it is not stuck.
    public func ping() throws(PlayerError) { try engine.perform(.ping) }

    /// Stops playback and both threads. The player is unusable afterwards.
    public func shutdown() { engine.shutdown() }
}
