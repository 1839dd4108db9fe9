import Synchronization

/// Covers the wall showed lately, as the daemon sent them, least recently used forgotten
/// first past `WebLimits.coverCacheBytes`. A cover is named by its album id alone: no part
/// of a URL ever reaches the file system.
public final class CoverStore: Sendable {
    public struct Cover: Sendable {
        public var bytes: [UInt8]
        public var contentType: String
    }
    private struct State {
        var covers: [Int64: Cover] = [:]
        var order: [Int64] = []
        var bytes = 0
    }
    private let state = Mutex(State())
    let capacity: Int

    public init(capacity: Int = WebLimits.coverCacheBytes) { self.capacity = capacity }

    public func cover(_ album: Int64) -> Cover? {
        state.withLock { s in
            guard let hit = s.covers[album] else { return nil }
            if let i = s.order.firstIndex(of: album) { s.order.remove(at: i) }
            s.order.append(album)
            return hit
        }
    }

    public func keep(_ cover: Cover, for album: Int64) {
        guard cover.bytes.count <= capacity else { return }
        state.withLock { s in
            if let old = s.covers.removeValue(forKey: album) {
                s.bytes -= old.bytes.count
                s.order.removeAll { $0 == album }
            }
            s.covers[album] = cover
            s.order.append(album)
            s.bytes += cover.bytes.count
            while s.bytes > capacity, !s.order.isEmpty {
                let oldest = s.order.removeFirst()
                s.bytes -= s.covers.removeValue(forKey: oldest)?.bytes.count ?? 0
            }
        }
    }

    /// After a library scan a cover may have changed.
    public func forgetAll() { state.withLock { $0 = State() } }
}
