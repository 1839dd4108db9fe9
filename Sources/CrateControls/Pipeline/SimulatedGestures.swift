import CrateCore

/// The edges a hand would make, for the simulated backend (`crate-admin input`): a press
/// and release, a hold past the long-press time, or an encoder turned click by click.
/// They are stamped on a virtual clock, so a simulated long press takes no real second
/// and a turn is never fast enough to be accelerated.
public struct SimulatedGestures: Sendable {
    /// One line per button and two per encoder, every control whether wired or not.
    public static let roles: [InputPipeline.Role] =
        ButtonFunction.allCases.map { .button($0) }
        + EncoderFunction.allCases.flatMap { [.encoder($0, .a), .encoder($0, .b)] }

    public struct Edge: Sendable, Equatable {
        public var line: Int
        public var level: Bool
        public var at: Nanoseconds
    }

    static let millisecond: Nanoseconds = 1_000_000
    /// A short press is held this long.
    static let pressHold = 120 * millisecond
    /// Between clicks of a simulated turn: slow enough that acceleration stays at ×1.
    static let detentGap = 100 * millisecond
    /// Between the four transitions of one click.
    static let transitionGap = 3 * millisecond

    let timing: InputPipeline.Timing

    public init(timing: InputPipeline.Timing) { self.timing = timing }

    /// Press and release `function`; `long` holds it past the long-press time first.
    public func press(_ function: ButtonFunction, long: Bool, from start: Nanoseconds) -> [Edge] {
        guard let line = Self.roles.firstIndex(of: .button(function)) else { return [] }
        let hold = long ? timing.longPress + 200 * Self.millisecond : Self.pressHold
        return [Edge(line: line, level: true, at: start), Edge(line: line, level: false, at: start + hold)]
    }

    /// `detents` clicks of `encoder`, clockwise when positive: the full Gray-code cycle
    /// 00 → 10 → 11 → 01 → 00 (A leads) per click, reversed for counter-clockwise.
    public func turn(_ encoder: EncoderFunction, detents: Int, from start: Nanoseconds) -> [Edge] {
        guard let a = Self.roles.firstIndex(of: .encoder(encoder, .a)),
              let b = Self.roles.firstIndex(of: .encoder(encoder, .b)) else { return [] }
        let cycle: [(Int, Bool)] = detents > 0
            ? [(a, true), (b, true), (a, false), (b, false)]
            : [(b, true), (a, true), (b, false), (a, false)]
        var edges: [Edge] = []
        var time = start
        for _ in 0..<abs(detents) {
            for (line, level) in cycle {
                edges.append(Edge(line: line, level: level, at: time))
                time += Self.transitionGap
            }
            time += Self.detentGap
        }
        return edges
    }

    /// When everything the edges started has settled (debounce and repeats included).
    public func settled(after edges: [Edge]) -> Nanoseconds {
        (edges.last?.at ?? 0) + timing.debounce + Self.millisecond
    }
}
