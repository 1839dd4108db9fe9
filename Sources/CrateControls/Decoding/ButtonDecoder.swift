/// Turns the raw edges of one push button into gestures: stable-time debouncing, then short
/// press, long press or auto-repeat depending on the button's `Mode`.
///
/// Pure and clock-free: time only enters through the timestamps handed to `edge` and `advance`,
/// so the libgpiod backend, the simulated backend and the tests all drive the same code. The
/// input thread sleeps until the next edge or `nextDeadline`, whichever is first, and calls
/// `advance` when the deadline passes.
///
/// The level given is already logical (true = pressed); active-low inversion happens before.
public struct ButtonDecoder: Sendable {
    public enum Mode: Sendable, Equatable {
        /// A short press fires on the (debounced) release if the long press did not fire; the long
        /// press fires while still held, once held `longAfter` since the press began. Never both,
        /// never twice per hold.
        case pressAndLong(longAfter: Nanoseconds)
        /// The press fires as soon as it is debounced: for buttons with no long function, where
        /// waiting for the release would only add latency.
        case immediate
        /// A press on the debounced press, then again `delay` after the press began and every
        /// `interval` after that while held: volume buttons.
        case repeating(delay: Nanoseconds, interval: Nanoseconds)
    }

    public let debounce: Nanoseconds
    public let mode: Mode

    /// The debounced state of the button.
    public private(set) var isPressed: Bool

    /// The level the line last reported, possibly still bouncing.
    private var rawLevel: Bool
    /// The last edge seen: the line has to stay quiet for `debounce` after it to be believed.
    private var lastEdgeAt: Nanoseconds = 0
    /// When the line first moved away from the debounced state in the current burst of edges;
    /// nil while settled. For an accepted press this is when the finger went down.
    private var unsettledSince: Nanoseconds?
    /// When the current hold began (the first edge of the accepted press).
    private var pressStartedAt: Nanoseconds = 0
    /// The current hold has nothing more to report: its long press fired, or it was already
    /// held at start-up and we never saw it begin.
    private var holdConsumed: Bool
    /// The next auto-repeat, in `.repeating` mode.
    private var nextRepeatAt: Nanoseconds = 0
    /// The latest time seen. Timestamps are clamped to it so a clock going backwards (a backend
    /// bug, or events merged from two sources) can neither trap nor re-fire old deadlines.
    private var clock: Nanoseconds = 0

    /// - Parameter initialLevel: the level read at start-up. A button already held then is
    ///   treated as pressed but produces no gesture for that hold: we never saw it begin.
    public init(debounce: Nanoseconds, mode: Mode, initialLevel: Bool = false) {
        self.debounce = debounce
        self.mode = mode
        self.isPressed = initialLevel
        self.rawLevel = initialLevel
        self.holdConsumed = initialLevel
    }

    /// When `advance` next has something to do (a level settling, a long press, a repeat), or
    /// nil when nothing is pending and the input thread may wait for edges indefinitely.
    public var nextDeadline: Nanoseconds? {
        nextTimer?.time
    }

    /// Records an edge. Timers due up to `at` run first, so a late edge cannot swallow a long
    /// press that was due before it.
    public mutating func edge(level: Bool, at: Nanoseconds) -> [ButtonGesture] {
        var gestures = advance(to: at)
        let now = clock
        // Any edge restarts the stability wait. An edge repeating the tracked level means the
        // opposite edge between was lost: the line moved and came back at an unknown moment, so
        // it is treated like chatter rather than guessed into a gesture.
        rawLevel = level
        lastEdgeAt = now
        if unsettledSince == nil {
            unsettledSince = now
        }
        // Only matters for a zero debounce, where the new level is already stable.
        gestures += advance(to: now)
        return gestures
    }

    /// Fires whatever is due at `now`, in time order.
    public mutating func advance(to now: Nanoseconds) -> [ButtonGesture] {
        // `time` is when the timer being handled logically happens: a hold timer postponed by a
        // bouncing line happens when the line settles, not at its original deadline.
        var time = clock
        clock = max(clock, now)
        var gestures: [ButtonGesture] = []
        while let timer = nextTimer, timer.time <= clock {
            time = max(time, timer.time)
            fire(timer.kind, at: time, into: &gestures)
        }
        return gestures
    }

    private enum TimerKind {
        case settle, long, repeatPress
    }

    private var nextTimer: (kind: TimerKind, time: Nanoseconds)? {
        if unsettledSince != nil {
            return (.settle, lastEdgeAt.adding(debounce))
        }
        // Hold timers only run while the line is settled: a bouncing line may be a release, and
        // a release before the threshold must give a short press, not a long one.
        guard isPressed, !holdConsumed else { return nil }
        switch mode {
        case .pressAndLong(let longAfter):
            return (.long, pressStartedAt.adding(longAfter))
        case .repeating:
            return (.repeatPress, nextRepeatAt)
        case .immediate:
            return nil
        }
    }

    private mutating func fire(_ kind: TimerKind, at time: Nanoseconds, into gestures: inout [ButtonGesture]) {
        switch kind {
        case .settle:
            let burstStart = unsettledSince ?? time
            unsettledSince = nil
            // A burst that ends where it started was a glitch: nothing changes.
            guard rawLevel != isPressed else { return }
            isPressed = rawLevel
            if isPressed {
                pressAccepted(startedAt: burstStart, into: &gestures)
            } else {
                releaseAccepted(into: &gestures)
            }
        case .long:
            holdConsumed = true
            gestures.append(.long)
        case .repeatPress:
            gestures.append(.press)
            // From the time it actually fired, so a repeat held back by chatter does not
            // release a catch-up burst afterwards.
            if case .repeating(_, let interval) = mode {
                nextRepeatAt = time.adding(max(interval, 1))
            }
        }
    }

    private mutating func pressAccepted(startedAt start: Nanoseconds, into gestures: inout [ButtonGesture]) {
        pressStartedAt = start
        holdConsumed = false
        switch mode {
        case .pressAndLong:
            break  // decided by the long-press timer or the release
        case .immediate:
            gestures.append(.press)
        case .repeating(let delay, _):
            gestures.append(.press)
            nextRepeatAt = start.adding(delay)
        }
    }

    private mutating func releaseAccepted(into gestures: inout [ButtonGesture]) {
        if case .pressAndLong = mode, !holdConsumed {
            gestures.append(.press)
        }
        holdConsumed = false
    }
}
