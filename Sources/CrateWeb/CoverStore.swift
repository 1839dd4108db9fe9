import CrateCore
import Synchronization

/// Covers the wall showed lately, as the daemon sent them, least recently used forgotten
/// first past `WebLimits.coverCacheBytes`. A cover is named by its album id and size alone:
/// no part of a URL ever reaches the file system.
public final class CoverStore: Sendable {
    public struct Cover: Sendable {
        public let bytes: [UInt8]
        public let contentType: String
        /// The picture's own name for revalidation: a hash of its bytes, so a cover that a
        /// scan changed gets a new one and the page fetches it again.
        public let etag: String

        public init(bytes: [UInt8], contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            let hex = String(hash, radix: 16)
            etag = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
        }

        /// Whether an `If-None-Match` header names this cover (a list, weak or not, or `*`).
        public static func matches(_ ifNoneMatch: String?, etag: String) -> Bool {
            guard let ifNoneMatch else { return false }
            return ifNoneMatch.split(separator: ",").contains { part in
                var tag = part.drop { $0 == " " || $0 == "\t" }
                while tag.last == " " || tag.last == "\t" { tag.removeLast() }
                if tag.starts(with: "W/") { tag.removeFirst(2) }  // a weak validator compares alike for a GET
                return tag == "*" || tag == etag
            }
        }
    }
    /// One album's cover at one size: the wall's thumbnail and the album page's large one
    /// are different pictures.
    public struct Key: Hashable, Sendable {
        public var album: Int64
        public var size: CoverSize
    }
    private struct State {
        var covers: [Key: Cover] = [:]
        var order: [Key] = []
        var bytes = 0
    }
    private let state = Mutex(State())
    let capacity: Int

    public init(capacity: Int = WebLimits.coverCacheBytes) { self.capacity = capacity }

    public func cover(_ key: Key) -> Cover? {
        state.withLock { s in
            guard let hit = s.covers[key] else { return nil }
            if let i = s.order.firstIndex(of: key) { s.order.remove(at: i) }
            s.order.append(key)
            return hit
        }
    }

    public func keep(_ cover: Cover, for key: Key) {
        guard cover.bytes.count <= capacity else { return }
        state.withLock { s in
            if let old = s.covers.removeValue(forKey: key) {
                s.bytes -= old.bytes.count
                s.order.removeAll { $0 == key }
            }
            s.covers[key] = cover
            s.order.append(key)
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
