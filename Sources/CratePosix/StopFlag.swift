import Synchronization

/// Tells background loops the daemon is stopping: set once, read by every loop that
/// sleeps a second at a time (the rooms watcher).
public final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    public init() {}
    public var isSet: Bool { flag.load(ordering: .acquiring) }
    public func set() { flag.store(true, ordering: .releasing) }
}
