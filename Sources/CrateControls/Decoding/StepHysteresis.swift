/// Direction hysteresis for encoders where every Gray transition is a detent.
///
/// With one transition per detent there is no rest position to wait for, and contact bounce on
/// one line looks exactly like a turn back and forth by one step. So:
/// - a step in the direction of the last reported step is reported at once;
/// - a single step against it is held back: it is either bounce or the start of a reversal;
/// - a step that undoes a held-back step reports nothing (that was bounce);
/// - a second consecutive step against the direction is a real reversal: it is reported and
///   becomes the new direction. The first step of every reversal is therefore dropped, the
///   price of never turning bounce into a wrong-direction detent.
/// At start there is no direction yet, and it is established the same way: the very first
/// step is held back too. Reporting it at once would be wrong whenever the first edge of a
/// turn is lost, since the other line's edge then reads as a step the other way.
struct StepHysteresis: Sendable {
    /// Sign of the last reported step; 0 before the first.
    private var direction = 0
    /// Sign of a step held back (against `direction`, or any step before the first report);
    /// 0 when none is.
    private var pending = 0

    mutating func step(_ step: QuadratureDecoder.Step) -> Int {
        let sign: Int
        switch step {
        case .clockwise: sign = 1
        case .counterClockwise: sign = -1
        case .invalid:
            // Two lines changed at once: direction unknown, and whatever was held back is void.
            pending = 0
            return 0
        }
        if sign == direction {
            if pending != 0 {
                pending = 0  // the held-back step was bounce, now undone
                return 0
            }
            return sign
        }
        if pending == sign {
            // Second consecutive step this way: a real reversal (or the first turn).
            pending = 0
            direction = sign
            return sign
        }
        // Either the first step against the direction, or (before any report) a step undoing
        // the held-back one, which leaves nothing pending.
        pending = pending == 0 ? sign : 0
        return 0
    }
}
