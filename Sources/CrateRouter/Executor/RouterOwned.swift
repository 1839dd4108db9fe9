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
