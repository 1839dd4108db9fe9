import CratePosix

/// Where the real-time writer sends PCM: an ALSA device, a snapcast stream. Opened by an
/// ordinary thread (`PlayerOutput.open`), then used by the writer thread alone, so every
/// method below must keep the writer's rules: no allocation per period, no locks, no
/// waiting on other threads. A sink may sleep in its own `write` and `drain` (a card's
/// buffer, a pacing clock, a socket), together with `wake` so a skip cuts the wait short.
protocol OutputSink: AnyObject, Sendable {
    /// Frames the writer hands `write` at most at a time: what the sink frees between two
    /// wake-ups of the writer (for a card, its avail_min), so one wake-up fills it again.
    var wakeFrames: Int { get }
    /// The source rate and bits the sink is set up for (0: not configured).
    var sampleRate: Int { get }
    var sourceBits: Int { get }
    /// Index into `DeviceSampleFormat.allCases` of what the sink writes (for `status`).
    var formatIndex: Int { get }
    /// Source bits the sink's format cannot carry (0: bit-perfect).
    var bitsLost: Int { get }
    /// Why the sink cannot deliver right now, as an errno (0: fine). Not fatal: the sink
    /// keeps time and retries by itself; `status` shows it while it lasts.
    var problem: Int32 { get }

    /// Sets up for `rate` and samples of `bits` bits. Returns 0 or a negative error code
    /// (fatal: the writer stops). Called at the first track and at a format change.
    func configure(rate: Int, bits: Int) -> Int32
    /// Takes a new format at once, gapless, when the sink can (true); false: the writer
    /// drains and calls `configure`.
    func adopt(rate: Int, bits: Int) -> Bool
    /// Writes up to `frames`; returns early with what was taken when `wake` fires.
    /// `wake` nil: take everything (a fade, which must not be applied twice).
    func write(_ samples: UnsafeMutablePointer<Int32>, frames: Int, wake: WakeEventFD?) -> WriteOutcome
    /// Plays out what is queued and stops (pause, end of stream, before a format change).
    func drain()
    /// Discards what is queued at once (skip, seek, stop).
    func drop()
    /// Frames (at the source rate) taken but not yet heard.
    func delayFrames() -> Int
    /// Playing again after a pause with nothing queued: restart the sink's clock.
    func resumeAfterPause()
}

/// What one `write` achieved.
struct WriteOutcome {
    /// Frames the sink took (the caller consumes exactly these from the ring).
    var frames = 0
    var underruns = 0
    /// Negative error code when the sink failed for good, else 0.
    var error = 0
}

/// What the writer last published about its sink, read by other threads for `status`.
struct SinkReport: Sendable, Equatable {
    var sourceRate = 0
    var sourceBits = 0
    var formatIndex = 0
    var bitsLost = 0
    var problem: Int32 = 0
}
