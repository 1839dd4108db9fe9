import CrateControls
import CrateCore

// Generators of edge sequences shaped like what libgpiod reports for a turning encoder or a
// pressed button: clean, chattering, with lost edges, reversed, or very fast. Everything is
// seeded so a failing case can be replayed from its seed.

let millisecond: Nanoseconds = 1_000_000
let microsecond: Nanoseconds = 1_000

// Scenarios draw from CrateCore's SplitMix64, seeded so a failing case can be replayed.

struct EncoderEdge: Equatable {
    var line: QuadratureDecoder.Line
    var level: Bool
    var at: Nanoseconds
}

struct ButtonEdge: Equatable {
    var level: Bool
    var at: Nanoseconds
}

/// Builds a clean quadrature edge stream by walking the Gray cycle 00 → 10 → 11 → 01
/// (clockwise, A leads). `position` is unwrapped: +1 per clockwise transition.
struct EncoderStream {
    let stepsPerDetent: Int
    private(set) var position: Int
    private(set) var time: Nanoseconds
    private(set) var edges: [EncoderEdge] = []

    /// Starts at rest at the given levels.
    init(stepsPerDetent: Int, restA: Bool = false, restB: Bool = false, startingAt start: Nanoseconds = 0) {
        self.stepsPerDetent = stepsPerDetent
        self.position = Self.cycle.firstIndex { $0 == (restA, restB) }!
        self.time = start
    }

    static let cycle: [(Bool, Bool)] = [(false, false), (true, false), (true, true), (false, true)]

    var levels: (a: Bool, b: Bool) {
        let code = Self.cycle[((position % 4) + 4) % 4]
        return (code.0, code.1)
    }

    /// `count` Gray transitions (negative = counter-clockwise), one every `interval`.
    mutating func steps(_ count: Int, every interval: Nanoseconds) {
        let direction = count >= 0 ? 1 : -1
        for _ in 0..<count.magnitude {
            let before = levels
            position += direction
            time += interval
            let after = levels
            if before.a != after.a {
                edges.append(EncoderEdge(line: .a, level: after.a, at: time))
            } else {
                edges.append(EncoderEdge(line: .b, level: after.b, at: time))
            }
        }
    }

    /// Whole detents (negative = counter-clockwise) at `perSecond` detents per second.
    mutating func turn(detents: Int, perSecond rate: Int) {
        steps(detents * stepsPerDetent, every: interval(perSecond: rate))
    }

    /// The time between transitions when turning at `rate` detents per second.
    func interval(perSecond rate: Int) -> Nanoseconds {
        1_000_000_000 / Nanoseconds(rate * stepsPerDetent)
    }

    mutating func pause(_ duration: Nanoseconds) {
        time += duration
    }
}

/// A burst of `toggles` (odd) alternating levels ending at `level`, spread evenly over
/// `spread`: the contact bouncing before it settles.
func burst(to level: Bool, at start: Nanoseconds, toggles: Int, spread: Nanoseconds) -> [(level: Bool, at: Nanoseconds)] {
    precondition(toggles % 2 == 1, "a burst must end at the new level")
    return (0..<toggles).map { index in
        let offset = toggles == 1 ? 0 : spread * Nanoseconds(index) / Nanoseconds(toggles - 1)
        return (index % 2 == 0 ? level : !level, start + offset)
    }
}

/// A random chatter burst shape: 3...9 toggles over 0.4–2 ms.
func randomBurstShape(_ rng: inout SplitMix64) -> (toggles: Int, spread: Nanoseconds) {
    (2 * Int.random(in: 1...4, using: &rng) + 1, Nanoseconds.random(in: 400 * microsecond...2 * millisecond, using: &rng))
}

/// Replaces every edge by a chatter burst. The physical assumption of the decoder is checked,
/// not assumed: each burst must end before the next edge.
func chattered(_ edges: [EncoderEdge], _ rng: inout SplitMix64) -> [EncoderEdge] {
    var result: [EncoderEdge] = []
    for (index, edge) in edges.enumerated() {
        let shape = randomBurstShape(&rng)
        if index + 1 < edges.count {
            precondition(edge.at + shape.spread < edges[index + 1].at, "turn too fast for 2 ms chatter")
        }
        for toggle in burst(to: edge.level, at: edge.at, toggles: shape.toggles, spread: shape.spread) {
            result.append(EncoderEdge(line: edge.line, level: toggle.level, at: toggle.at))
        }
    }
    return result
}

/// Drops one random edge from each group of `groupSize` consecutive edges, chosen among the
/// first half of the group so that consecutive drops are at least half a group apart (the
/// decoder has resynchronised by then). Returns the thinned stream and the number dropped.
func droppingEdges(_ edges: [EncoderEdge], groupSize: Int, _ rng: inout SplitMix64) -> (edges: [EncoderEdge], dropped: Int) {
    precondition(groupSize >= 8)
    var result: [EncoderEdge] = []
    var dropped = 0
    var groupStart = 0
    while groupStart < edges.count {
        let groupEnd = min(groupStart + groupSize, edges.count)
        let victim = groupEnd - groupStart == groupSize ? groupStart + Int.random(in: 0..<groupSize / 2, using: &rng) : -1
        for index in groupStart..<groupEnd where index != victim {
            result.append(edges[index])
        }
        if victim >= 0 { dropped += 1 }
        groupStart = groupEnd
    }
    return (result, dropped)
}

/// Feeds a stream to a fresh decoder; returns the non-zero results in order.
func decode(_ edges: [EncoderEdge], stepsPerDetent: Int, restA: Bool = false, restB: Bool = false) -> [Int] {
    var decoder = QuadratureDecoder(stepsPerDetent: stepsPerDetent, a: restA, b: restB)
    return edges.map { decoder.edge($0.line, level: $0.level) }.filter { $0 != 0 }
}

/// A clean press: one edge down, one edge up.
func cleanPress(at pressAt: Nanoseconds, releaseAt: Nanoseconds) -> [ButtonEdge] {
    [ButtonEdge(level: true, at: pressAt), ButtonEdge(level: false, at: releaseAt)]
}

/// A press whose contact chatters both going down and coming up; the first edge of each burst
/// is at `pressAt` / `releaseAt`.
func chatteredPress(at pressAt: Nanoseconds, releaseAt: Nanoseconds, _ rng: inout SplitMix64) -> [ButtonEdge] {
    var edges: [ButtonEdge] = []
    for (level, at) in [(true, pressAt), (false, releaseAt)] {
        let shape = randomBurstShape(&rng)
        edges += burst(to: level, at: at, toggles: shape.toggles, spread: shape.spread).map {
            ButtonEdge(level: $0.level, at: $0.at)
        }
    }
    return edges
}
