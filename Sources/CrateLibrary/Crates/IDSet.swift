/// A set of album ids for the generator's hot loop: open addressing, linear probing, a
/// multiplicative (Fibonacci) hash. The stdlib `Set` hashes with per-process seeded
/// SipHash, which is the right default for untrusted keys but costs most of the time of a
/// whole-library crate (each list element is looked up in `taken` and `excluded`). Album
/// ids are our own row ids, so a cheap hash is safe here. Only insert and contains: no
/// removal, no iteration (so no iteration order can leak into results).
struct IDSet {
    /// `Int64.min` marks an empty slot; the id `Int64.min` itself is tracked on the side.
    private static let empty = Int64.min
    private var slots: [Int64]
    private var mask: Int
    private var shift: UInt64
    /// Ids in `slots` (what the load factor counts).
    private var stored = 0
    private var hasEmptyMarker = false

    var count: Int { stored + (hasEmptyMarker ? 1 : 0) }

    init(minimumCapacity: Int = 0) {
        var capacity = 16
        while capacity < 2 * minimumCapacity { capacity *= 2 }
        slots = Array(repeating: Self.empty, count: capacity)
        mask = capacity - 1
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    init<S: Sequence>(_ ids: S) where S.Element == Int64 {
        self.init(minimumCapacity: ids.underestimatedCount)
        for id in ids { insert(id) }
    }

    func contains(_ id: Int64) -> Bool {
        if id == Self.empty { return hasEmptyMarker }
        var i = slot(for: id)
        while true {
            let here = slots[i]
            if here == id { return true }
            if here == Self.empty { return false }
            i = (i + 1) & mask
        }
    }

    @discardableResult
    mutating func insert(_ id: Int64) -> Bool {
        if id == Self.empty {
            defer { hasEmptyMarker = true }
            return !hasEmptyMarker
        }
        if 2 * (stored + 1) > slots.count { grow() }
        var i = slot(for: id)
        while true {
            let here = slots[i]
            if here == id { return false }
            if here == Self.empty {
                slots[i] = id
                stored += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    /// The top bits of id × 2^64/φ: consecutive ids (the usual case) land far apart.
    private func slot(for id: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.empty, count: old.count * 2)
        mask = slots.count - 1
        shift = UInt64(64 - slots.count.trailingZeroBitCount)
        stored = 0
        for id in old where id != Self.empty { insert(id) }
    }
}
