/// Decodes the two lines of a rotary encoder (the Crate Dial) into detents.
///
/// The decoder tracks the level of each line and sets it from every edge (rising = true)
/// instead of toggling it, so a dropped edge heals itself at that line's next edge. Each change
/// of the tracked pair is one step along the quadrature Gray cycle
///
///     A B:  0 0 → 1 0 → 1 1 → 0 1 → 0 0   clockwise (A leads)
///
/// and the steps are turned into detents by one of two strategies, picked by `stepsPerDetent`:
/// a detent state table for 2 and 4 (`DetentCounter`), hysteresis for 1 (`StepHysteresis`).
///
/// Physical assumption: contact chatter on one line dies down before the other line's next
/// edge. A Gray-code encoder never changes both lines at once, so this holds at any speed a
/// hand can turn a detented knob with sane debounce capacitors. If chatter on the two lines
/// overlaps, the level sequence is indistinguishable from a real back-and-forth turn and no
/// decoder can tell them apart.
///
/// No time and no debounce here: the Gray code itself makes single-line bounce harmless (at
/// worst a step is dropped, never one reported in the wrong direction), and a debounce delay
/// would only lose edges on fast turns.
public struct QuadratureDecoder: Sendable {
    public enum Line: Sendable {
        case a, b
    }

    /// Gray transitions per detent: 4 = a full quadrature cycle per click (the common
    /// KY-040 / Alps type), 2 = half a cycle, 1 = every transition is a click. With 1 the
    /// first click of every reversal, and of the first turn after start, is dropped: that is
    /// how bounce is told from a turn when there is no rest position to wait for.
    public let stepsPerDetent: Int

    private var a: Bool
    private var b: Bool
    private var strategy: Strategy

    private enum Strategy: Sendable {
        case table(DetentCounter)
        case hysteresis(StepHysteresis)
    }

    /// - Parameters:
    ///   - stepsPerDetent: 1, 2 or 4; anything else is a programming error (the configuration
    ///     layer validates it before it gets here).
    ///   - a: the level of line A at start, taken as the rest position.
    ///   - b: the level of line B at start.
    public init(stepsPerDetent: Int, a: Bool, b: Bool) {
        precondition([1, 2, 4].contains(stepsPerDetent), "stepsPerDetent must be 1, 2 or 4")
        self.stepsPerDetent = stepsPerDetent
        self.a = a
        self.b = b
        let rest = Self.cyclePosition(a: a, b: b)
        if stepsPerDetent == 1 {
            strategy = .hysteresis(StepHysteresis())
        } else {
            strategy = .table(DetentCounter(stepsPerDetent: stepsPerDetent, restPosition: rest))
        }
    }

    /// Records an edge on one line and returns the detents it completed: +1 clockwise,
    /// -1 counter-clockwise, 0 none. An edge equal to the tracked level (the opposite edge was
    /// lost, or a duplicate) changes nothing.
    public mutating func edge(_ line: Line, level: Bool) -> Int {
        switch line {
        case .a: return levels(a: level, b: b)
        case .b: return levels(a: a, b: level)
        }
    }

    /// Moves the tracked pair to new levels. Through `edge` only one line ever changes; this
    /// entry point also admits both changing at once (an invalid jump), which a polling
    /// backend that samples both lines could produce.
    mutating func levels(a newA: Bool, b newB: Bool) -> Int {
        let from = Self.cyclePosition(a: a, b: b)
        let to = Self.cyclePosition(a: newA, b: newB)
        a = newA
        b = newB
        guard from != to else { return 0 }
        // Distance along the cycle: 1 = clockwise, 3 = counter-clockwise, 2 = both lines moved.
        let move: Step
        switch (to - from + 4) % 4 {
        case 1: move = .clockwise
        case 3: move = .counterClockwise
        default: move = .invalid
        }
        switch strategy {
        case .table(var counter):
            let detents = counter.step(move, arrivingAt: to)
            strategy = .table(counter)
            return detents
        case .hysteresis(var hysteresis):
            let detents = hysteresis.step(move)
            strategy = .hysteresis(hysteresis)
            return detents
        }
    }

    /// Position of a level pair on the clockwise Gray cycle 00 → 10 → 11 → 01.
    static func cyclePosition(a: Bool, b: Bool) -> Int {
        switch (a, b) {
        case (false, false): return 0
        case (true, false): return 1
        case (true, true): return 2
        case (false, true): return 3
        }
    }

    /// One change of the tracked pair, classified.
    enum Step: Sendable {
        case clockwise, counterClockwise, invalid
    }
}
