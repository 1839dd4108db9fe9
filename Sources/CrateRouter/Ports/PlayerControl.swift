import CrateAudio
import CrateCore

/// What the router and the album session ask of a player. On the box it is the audio
/// engine's `Player`; the queue tests drive the session with a twin on a manual clock,
/// so the rules of what plays next are checked in milliseconds, without ALSA or sleeps.
public protocol PlayerControl: AnyObject, Sendable {
    func play(paths: [String], startIndex: Int, startSeconds: Double, paused: Bool) throws(PlayerError)
    func pause() throws(PlayerError)
    func resume() throws(PlayerError)
    func toggle() throws(PlayerError)
    func stop() throws(PlayerError)
    func next() throws(PlayerError)
    func previous() throws(PlayerError)
    func seek(to seconds: Double) throws(PlayerError)
    func ping() throws(PlayerError)
    func status() -> PlayerStatus
    func setFadeLevel(_ level: Double)
    func waitForState(otherThan before: PlaybackState, timeout: Double) -> PlaybackState
    func setEventHandler(_ handler: @escaping @Sendable (PlayerEvent, String?, PlayerStatus) -> Void)
    func setContinuation(_ provider: @escaping @Sendable (_ listLength: Int) -> [String]?)
    func setTrackResolver(_ resolver: @escaping @Sendable (String) -> TrackSource?)
    func shutdown()
}

extension PlayerControl {
    func play(paths: [String]) throws(PlayerError) {
        try play(paths: paths, startIndex: 0, startSeconds: 0, paused: false)
    }
}

extension Player: PlayerControl {}
