import Glibc

/// A value guarded by a pthread mutex, with a condition variable for threads that wait
/// for it to change. (`Synchronization.Mutex` has no condition variable.)
public final class ConditionLocked<Value>: @unchecked Sendable {
    // Heap-allocated so the pthread objects never move.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        // Waits use CLOCK_MONOTONIC deadlines so a clock change cannot stretch or skip them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` and wakes every waiter.
    public func withLockAndBroadcast<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&value)
    }

    /// Waits until `ready` returns a non-nil result, or until `timeout` seconds have passed
    /// (nil = forever); returns that result, or nil on timeout.
    public func wait<R>(timeout: Double? = nil, until ready: (inout Value) -> R?) -> R? {
        let deadline = timeout.map { MonotonicClock.now() + $0 }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = ready(&value) { return result }
            if let deadline {
                let remaining = deadline - MonotonicClock.now()
                if remaining <= 0 { return nil }
                var until = MonotonicClock.absoluteTime(deadline)
                _ = pthread_cond_timedwait(condition, mutex, &until)
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
    }
}
