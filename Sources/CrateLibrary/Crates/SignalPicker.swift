import CrateCore

/// Draws albums from one signal's best-first list with a bias towards the front, so a
/// crate is mostly the signal's best albums but not the same top-N every time.
///
/// How: the picker keeps a small *window* holding the next few usable ids of the list, in
/// list order. Each pick draws `u` uniform in [0, 1) and takes window index
/// `floor(count × u²)`; squaring the draw makes P(index < j) = √(j / count), so the front
/// of the window is favoured (with a window of 8 the first id is taken 35% of the time,
/// the last 6%). The taken id leaves the window and the next id of the list slides in.
/// The window is `count` ids wide (at least 4, at most 32), where `count` is what the
/// signal was asked for, so a signal's picks come from roughly the top 2 × count of its
/// list: the crate changes with the seed, the best albums still dominate.
///
/// Cost: each list element is looked at once (the cursor only moves forward) and each
/// pick moves at most 32 ids, so a pick is O(1) amortised; nothing big is copied (the
/// list is shared copy-on-write storage, only read).
struct SignalPicker {
    static let minWindow = 4
    static let maxWindow = 32

    private let list: [Int64]
    private var cursor = 0
    private var window: [Int64] = []
    private let windowSize: Int
    private var rng: SplitMix64

    init(list: [Int64], asked: Int, seed: UInt64) {
        self.list = list
        windowSize = min(Self.maxWindow, max(Self.minWindow, asked))
        window.reserveCapacity(windowSize)
        rng = SplitMix64(seed: seed)
    }

    /// The next album for this signal, or nil when its list is exhausted. Ids already in
    /// `taken` (by this or an earlier signal) and `excluded` ones are skipped.
    mutating func next(taken: IDSet, excluded: IDSet) -> Int64? {
        while true {
            while window.count < windowSize, cursor < list.count {
                let id = list[cursor]
                cursor += 1
                if !excluded.contains(id), !taken.contains(id) { window.append(id) }
            }
            if window.isEmpty { return nil }
            let u = rng.unit()
            let index = min(window.count - 1, Int(Double(window.count) * u * u))
            let id = window.remove(at: index)
            // Checked again here rather than by sweeping the window before every pick:
            // an id queued earlier may since have gone to another signal (or appear twice
            // in the list). Lazy removal keeps a pick to one hash lookup.
            if !taken.contains(id) { return id }
        }
    }
}
