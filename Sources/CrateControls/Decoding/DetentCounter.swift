/// The detent state table for encoders with 2 or 4 Gray transitions per detent.
///
/// It counts valid transitions (signed) since the encoder last sat at a rest position; a step
/// back toward the rest undoes one. A detent is reported only on arriving at a rest position
/// with the count at ±stepsPerDetent, i.e. after stepsPerDetent consecutive transitions one
/// way. Hence:
/// - chatter on one line only toggles between two neighbouring positions, moving the count
///   back and forth by one, so it can complete at most the detent really being turned, once;
/// - a turn reversed mid-detent counts back down to zero and reports nothing for the
///   abandoned detent;
/// - a jump over two positions (both lines changed) cannot be given a direction, so the
///   counter waits for the next rest position and starts afresh there, reporting nothing.
struct DetentCounter: Sendable {
    let stepsPerDetent: Int
    /// Cycle position of the rest code; for 2 the complementary code (two positions on) is a
    /// rest too, which `stepsPerDetent` as the modulus expresses for both cases.
    let restPosition: Int

    /// Signed transitions since the last rest position, within -(stepsPerDetent-1)...+(stepsPerDetent-1)
    /// between rests.
    private var count = 0
    /// Set after an invalid jump until the encoder reaches a rest position again.
    private var lost = false

    init(stepsPerDetent: Int, restPosition: Int) {
        self.stepsPerDetent = stepsPerDetent
        self.restPosition = restPosition
    }

    private func isRest(_ position: Int) -> Bool {
        (position - restPosition + 4) % stepsPerDetent == 0
    }

    /// Feeds one transition that ended at cycle `position`; returns the detent it completed.
    mutating func step(_ step: QuadratureDecoder.Step, arrivingAt position: Int) -> Int {
        let atRest = isRest(position)
        switch step {
        case .invalid:
            count = 0
            lost = !atRest
            return 0
        case .clockwise:
            count += 1
        case .counterClockwise:
            count -= 1
        }
        if lost {
            // Direction is unknown until a rest position gives a fresh reference.
            if atRest {
                lost = false
                count = 0
            }
            return 0
        }
        guard atRest else { return 0 }
        // Arriving at a rest position the count is 0 (a step undone) or ±stepsPerDetent.
        defer { count = 0 }
        if count == stepsPerDetent { return 1 }
        if count == -stepsPerDetent { return -1 }
        return 0
    }
}
