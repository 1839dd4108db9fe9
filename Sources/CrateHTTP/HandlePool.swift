internal import CratePosix

/// Idle curl handles, most recently used first out: a sequence of requests from one
/// thread keeps getting the handle that holds its warm connection. Never blocks: when
/// more requests run at once than the pool keeps, the extra ones get a fresh handle that
/// is closed afterwards, so a long stream can never starve a sync (or deadlock a caller
/// that sends from inside a stream callback).
final class HandlePool: Sendable {
    private let idle = ConditionLocked<[CurlHandle]>([])
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    func checkout() -> CurlHandle? {
        if let handle = idle.withLock({ $0.popLast() }) { return handle }
        return CurlHandle()
    }

    /// Returns a handle after its request, cleared of that request's options and pointers.
    func checkin(_ handle: CurlHandle) {
        handle.reset()
        let surplus: CurlHandle? = idle.withLock { handles in
            guard handles.count < capacity else { return handle }
            handles.append(handle)
            return nil
        }
        _ = surplus  // released here, outside the lock: closing connections may take a moment
    }
}
