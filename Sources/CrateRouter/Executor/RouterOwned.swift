import Synchronization

/// State only the router's executor touches: no lock, because only one thread ever
/// reaches it. Debug builds (the tests) check that claim on every access.
final class RouterOwned<Value>: @unchecked Sendable {
    private let executor: RouterExecutor
    private var value: Value

    init(_ value: Value, on executor: RouterExecutor) {
        self.value = value
        self.executor = executor
    }

    func access<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        assert(executor.isCurrent, "the router's state was touched off its executor thread")
        return try body(&value)
    }
}

/// Router state that other threads may also read as the executor last left it, without
/// waiting their turn: MPD asks for the queue on nearly every command, and a hop onto
/// the executor for each would cost its clients more than the answer. Only the executor
/// changes it; every access leaves a copy behind (arrays are shared, not copied).
final class RouterPublished<Value: Sendable>: @unchecked Sendable {
    private let owned: RouterOwned<Value>
    private let copy: Mutex<Value>

    init(_ value: Value, on executor: RouterExecutor) {
        owned = RouterOwned(value, on: executor)
        copy = Mutex(value)
    }

    func access<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        defer {
            let now = owned.access { $0 }
            copy.withLock { $0 = now }
        }
        return try owned.access(body)
    }

    /// The state as the last access on the executor left it; from any thread.
    var published: Value { copy.withLock { $0 } }
}
