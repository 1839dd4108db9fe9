/// Optional acceleration for browsing long lists with the dial: a fast spin moves further per
/// detent than a slow turn, so the far end of a long list is a flick away while a slow turn
/// still moves exactly one item per click.
///
/// The factor follows the time between detents, averaged over the last few so a single quick
/// pair of clicks does not jump and a spin ramps up over a few detents: 40 ms or slower is ×1,
/// ramping linearly to ×8 at 8 ms or faster (125 detents per second, a hard spin). A change of
/// direction starts over at ×1, because it means the user is homing in on an item.
public struct TurnAcceleration: Sendable {
    public let enabled: Bool

    /// At or above this detent interval the factor is 1.
    static let slowInterval: Nanoseconds = 40_000_000
    /// At or below this detent interval the factor is `maxFactor`.
    static let fastInterval: Nanoseconds = 8_000_000
    static let maxFactor: Nanoseconds = 8
    /// How many recent intervals are averaged.
    static let window = 3
    /// Intervals are capped here: anything longer is "a pause" and the cap keeps sums small.
    static let intervalCap: Nanoseconds = 1_000_000_000

    private var lastAt: Nanoseconds?
    private var direction = 0
    private var recent: [Nanoseconds] = []

    public init(enabled: Bool) {
        self.enabled = enabled
        recent.reserveCapacity(Self.window)
    }

    /// Scales the detents the decoder reported at `at`. Never changes the sign, never scales
    /// 0, and is the identity when disabled.
    public mutating func scale(_ detents: Int, at: Nanoseconds) -> Int {
        guard enabled, detents != 0 else { return detents }
        let sign = detents > 0 ? 1 : -1
        defer {
            lastAt = max(at, lastAt ?? 0)
            direction = sign
        }
        guard sign == direction, let last = lastAt else {
            recent.removeAll(keepingCapacity: true)
            return detents
        }
        // Several detents in one report share the interval since the previous report. A clock
        // going backwards counts as no time at all rather than trapping.
        let elapsed = min(at > last ? at - last : 0, Self.intervalCap)
        let perDetent = elapsed / Nanoseconds(detents.magnitude)
        if recent.count == Self.window {
            recent.removeFirst()
        }
        recent.append(perDetent)
        // Intervals not yet seen since the last reset count as slow, so acceleration builds up
        // over the first few detents of a spin instead of jumping on the second one.
        let unseen = Nanoseconds(Self.window - recent.count) * Self.slowInterval
        let average = (recent.reduce(0, +) + unseen) / Nanoseconds(Self.window)
        return detents * Int(Self.factor(forInterval: average))
    }

    /// The multiplier for a smoothed interval between detents.
    static func factor(forInterval interval: Nanoseconds) -> Nanoseconds {
        if interval >= slowInterval { return 1 }
        if interval <= fastInterval { return maxFactor }
        let span = slowInterval - fastInterval
        // Linear from 1 at slowInterval to maxFactor at fastInterval, rounded to nearest.
        return 1 + ((maxFactor - 1) * (slowInterval - interval) + span / 2) / span
    }
}
