import CrateCore
import CrateDisplay
import CratePosix
import Glibc
import Logging
import Synchronization

/// The sleep timer: after some minutes, or at the end of the album playing, the music
/// fades out and pauses. The fade is stepped here, on the timer's own thread, through
/// the player's fade level (the real-time writer only reads an atomic); the pause is
/// the player's ordinary one, so play resumes at full level where it stopped.
final class SleepTimer: Sendable {
    private struct Armed {
        var endOfAlbum: Bool
        /// Monotonic seconds at which a timed one pauses.
        var deadline: Double?
        var generation: Int
    }

    let player: any PlayerControl
    let session: AlbumSession?
    /// The fade's length, and how long a minute is (shorter only in tests).
    let fadeSeconds: Double
    let minuteSeconds: Double
    let logger: Logger
    /// Told when the timer paused the music, for the panel; set once by the router.
    let whenPaused = Mutex<(@Sendable () -> Void)?>(nil)
    private let armed = Mutex<Armed?>(nil)
    private let generations = Atomic<Int>(0)

    /// Seconds between the timer's looks at the player (and fade steps).
    static let tick = 0.05
    /// The pause at the end of an album comes this long before its last sound, so a
    /// late look at the player never lets the list run out first.
    static let albumEndMargin = 0.3

    init(player: any PlayerControl, session: AlbumSession?, fadeSeconds: Double, minuteSeconds: Double, logger: Logger) {
        self.player = player
        self.session = session
        self.fadeSeconds = fadeSeconds
        self.minuteSeconds = minuteSeconds
        self.logger = logger
    }

    /// Sets, replaces or clears the timer.
    func set(_ setting: SleepSetting) throws {
        let generation = generations.add(1, ordering: .relaxed).newValue
        let armed: Armed?
        switch setting {
        case .off:
            armed = nil
        case .endOfAlbum:
            guard session?.state.access({ $0.current }) != nil, player.status().state != .idle else {
                throw RouterError("nothing is playing: no album to sleep at the end of")
            }
            armed = Armed(endOfAlbum: true, deadline: nil, generation: generation)
        case .minutes(let minutes):
            armed = Armed(endOfAlbum: false, deadline: MonotonicClock.now() + Double(minutes) * minuteSeconds,
                          generation: generation)
        }
        self.armed.withLock { $0 = armed }
        // A fade under way (a timer replaced or turned off) is undone.
        player.setFadeLevel(1)
        session?.stopAfterAlbum.store(armed?.endOfAlbum ?? false, ordering: .relaxed)
        logger.info("sleep timer: \(setting.wire)")
        guard let armed else { return }
        do {
            _ = try PosixThread.spawn(name: "crate-sleep") { [self] in watch(armed) }
        } catch {
            self.armed.withLock { $0 = nil }
            session?.stopAfterAlbum.store(false, ordering: .relaxed)
            throw RouterError("cannot start the sleep timer: \(error)")
        }
    }

    /// What is left, for `status` and the panel; nil while no timer is set.
    func status() -> SleepTimerStatus? {
        guard let armed = armed.withLock({ $0 }) else { return nil }
        if armed.endOfAlbum { return SleepTimerStatus(remainingSeconds: albumRemaining(player.status()), endOfAlbum: true) }
        return SleepTimerStatus(remainingSeconds: max(0, (armed.deadline ?? 0) - MonotonicClock.now()), endOfAlbum: false)
    }

    /// The now-playing screen's words: "Sleep 14:32", "Sleep: end of album".
    static func panelWords(_ status: SleepTimerStatus) -> String {
        if status.endOfAlbum { return "Sleep: end of album" }
        return "Sleep " + ScreenRenderer.formatTime((status.remainingSeconds ?? 0).rounded(.up))
    }

    /// The same for a narrow status row (six letters on a 320×240 panel), where the time
    /// left must not be cut: "14:32", "Zz end".
    static func shortPanelWords(_ status: SleepTimerStatus) -> String {
        if status.endOfAlbum { return "Zz end" }
        return ScreenRenderer.formatTime((status.remainingSeconds ?? 0).rounded(.up))
    }

    private func current(_ generation: Int) -> Bool {
        armed.withLock { $0?.generation == generation }
    }

    /// The timer's thread: looks every `tick` until the timer is replaced, or fades,
    /// pauses and ends.
    private func watch(_ armed: Armed) {
        while current(armed.generation) {
            usleep(UInt32(Self.tick * 1_000_000))
            let status = player.status()
            let left: Double?
            if armed.endOfAlbum {
                // Idle: the album ended (or was stopped) with nothing after it.
                if status.state == .idle { return finish(armed, pause: false) }
                left = albumRemaining(status).map { $0 - Self.albumEndMargin }
            } else {
                left = (armed.deadline ?? 0) - MonotonicClock.now()
            }
            guard let left else { continue }
            if left <= 0 { return finish(armed, pause: status.state == .playing || status.state == .buffering) }
            if left < fadeSeconds, status.state == .playing, current(armed.generation) {
                player.setFadeLevel(left / fadeSeconds)
            }
        }
    }

    /// The end: the pause (when something plays), then the level back to full for the
    /// next play, and the timer cleared.
    private func finish(_ armed: Armed, pause: Bool) {
        guard current(armed.generation) else { return }
        if pause {
            player.setFadeLevel(0)
            do {
                try player.pause()
                _ = player.waitForState(otherThan: .playing, timeout: 2)
                if armed.endOfAlbum { session?.sleptAtEndOfAlbum() }
            } catch {
                logger.error("sleep timer: cannot pause: \(error)")
            }
        }
        let still = self.armed.withLock { held -> Bool in
            guard held?.generation == armed.generation else { return false }
            held = nil
            return true
        }
        guard still else { return }
        player.setFadeLevel(1)
        session?.stopAfterAlbum.store(false, ordering: .relaxed)
        logger.info(pause ? "sleep timer: faded out and paused" : "sleep timer: the music had ended; cleared")
        if pause { whenPaused.withLock { $0 }?() }
    }

    /// Seconds left of the album playing: the rest of the track under the play head and
    /// the album's tracks after it; nil while a track's length is not known yet (known
    /// once opened) or nothing of an album plays.
    private func albumRemaining(_ status: PlayerStatus) -> Double? {
        guard let index = status.currentIndex, let session else { return nil }
        // Asked from the timer's thread too: the segment is read on the executor.
        guard let segment = session.executor.run({ session.state.access { $0.segment(containing: index) } }) else { return nil }
        let last = segment.startIndex + segment.trackCount - 1
        guard status.tracks.indices.contains(last), let duration = status.tracks[index].duration else { return nil }
        var left = max(0, duration - status.position)
        for later in status.tracks[(index + 1)..<(last + 1)] {
            guard let length = later.duration else { return nil }
            left += length
        }
        return left
    }
}
