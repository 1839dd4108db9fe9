/// The parts of a canvas changed since they were last taken: a short list of rectangles.
/// A few separate rectangles (a progress bar at the bottom, a clock at the top) copy far
/// fewer pixels to a slow SPI panel than their union would; more than `limit` of them are
/// merged pairwise, cheapest merge first, so the list and its cost stay bounded.
public struct DirtyRegion: Sendable, Equatable {
    public private(set) var rects: [Rect] = []
    public let limit: Int

    public init(limit: Int = 8) {
        precondition(limit >= 1, "a dirty region needs room for one rectangle")
        self.limit = limit
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle covering everything dirty.
    public var bounds: Rect { rects.reduce(Rect.zero) { $0.union($1) } }

    public mutating func add(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        var incoming = rect
        // Absorb whatever overlaps or touches it when the merged box wastes little: such
        // neighbours are usually one drawing split in parts (text, then its underline).
        var index = 0
        while index < rects.count {
            let existing = rects[index]
            if existing.contains(incoming) { return }
            let merged = existing.union(incoming)
            if incoming.contains(existing) || (touches(existing, incoming) && waste(merged, existing, incoming) <= 0) {
                incoming = merged
                rects.remove(at: index)
                index = 0 // the grown rectangle may now reach ones already passed
            } else {
                index += 1
            }
        }
        rects.append(incoming)
        while rects.count > limit { mergeCheapestPair() }
    }

    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Overlapping or sharing an edge.
    private func touches(_ a: Rect, _ b: Rect) -> Bool {
        a.x <= b.maxX && b.x <= a.maxX && a.y <= b.maxY && b.y <= a.maxY
    }

    /// Pixels the union covers that neither rectangle does (approximate when they overlap:
    /// the overlap is counted once, so overlapping pairs look cheaper, which is right).
    private func waste(_ merged: Rect, _ a: Rect, _ b: Rect) -> Int {
        merged.area - a.area - b.area + a.intersection(b).area
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, cost: Int.max)
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let cost = waste(rects[i].union(rects[j]), rects[i], rects[j])
                if cost < best.cost { best = (i, j, cost) }
            }
        }
        let merged = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        add(merged)
    }
}
