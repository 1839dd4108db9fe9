/// The few most recently used display-sized covers, so that flipping back and forth
/// through a crate never touches the disk. A handful of entries: a linear scan is the
/// fastest structure there is at this size.
struct ArtworkMemoryLRU {
    struct Key: Hashable {
        var albumKey: String
        var box: ArtworkBox
    }

    let capacity: Int
    /// Most recently used last.
    private var entries: [(key: Key, image: RGBImage)] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { entries.count }

    mutating func image(for key: Key) -> RGBImage? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.image
    }

    mutating func insert(_ image: RGBImage, for key: Key) {
        guard capacity > 0 else { return }
        entries.removeAll { $0.key == key }
        if entries.count >= capacity { entries.removeFirst() }
        entries.append((key, image))
    }

    mutating func remove(albumKey: String) {
        entries.removeAll { $0.key.albumKey == albumKey }
    }
}
