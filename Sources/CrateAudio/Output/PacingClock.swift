import CratePosix
import Glibc

/// Real-time pacing for sinks that have no clock of their own (ALSA's `null`, `file:`):
/// the writer sleeps so that at most `aheadFrames` are ever "queued" ahead of the
/// monotonic clock, as a real card would block it, and wakes when `wakeFrames` fit again,
/// as a card's avail_min wakes it. Writer thread only.
final class PacingClock {
    private var rate = 44100
    /// Frames queued when the writer wakes: it then writes `wakeFrames`, up to `aheadFrames`.
    private var wakeAtFrames = 4096
    private var startNanos = 0
    private var framesSinceStart = 0

    func reset(rate: Int, aheadFrames: Int, wakeFrames: Int) {
        self.rate = rate
        wakeAtFrames = max(0, aheadFrames - wakeFrames)
        restart()
    }

    func restart() {
        startNanos = Self.now()
        framesSinceStart = 0
    }

    /// Records a write and sleeps until the next `wakeFrames` fit, or until `wake` fires
    /// (the next write then sleeps the difference).
    func advance(frames: Int, wake: WakeEventFD?) {
        framesSinceStart += frames
        let until = startNanos + (framesSinceStart - wakeAtFrames) * 1_000_000_000 / rate
        guard let wake else { return Self.sleep(until: until) }
        let remaining = until - Self.now()
        guard remaining > 0 else { return }
        var entry = pollfd(fd: wake.fd, events: Int16(POLLIN), revents: 0)
        if poll(&entry, 1, Int32((remaining + 999_999) / 1_000_000)) > 0 { wake.drain() }
    }

    func sleepUntilPlayed() {
        Self.sleep(until: startNanos + framesSinceStart * 1_000_000_000 / rate)
        restart()
    }

    func queuedFrames() -> Int {
        let heard = (Self.now() - startNanos) * rate / 1_000_000_000
        return max(0, framesSinceStart - heard)
    }

    private static func now() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
    }

    private static func sleep(until nanos: Int) {
        guard nanos > now() else { return }
        var ts = timespec(tv_sec: nanos / 1_000_000_000, tv_nsec: nanos % 1_000_000_000)
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
