#if canImport(Glibc)
import Glibc
#endif

/// Plain POSIX threads for the control socket: it serves a handful of admin clients,
/// so one blocking thread per job is simpler and easier to reason about than an event loop.
enum PosixThread {
    /// Linux limits thread names to 15 bytes plus the terminator.
    static let maxNameBytes = 15

    /// Starts a thread named `name` running `body`.
    /// A detached thread cleans up after itself; a joinable one must be passed to `join`.
    /// Throws the `pthread_create` error number on failure.
    static func spawn(
        name: String, detached: Bool, _ body: @escaping @Sendable () -> Void
    ) throws(PosixError) -> pthread_t {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if detached {
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        }
        // The start routine is a C function pointer and cannot capture anything, so the
        // name and body travel through the context pointer, retained until the thread runs.
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body))
        var thread = pthread_t()
        let rc = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            let start = Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue()
            PosixThread.setCurrentName(start.name)
            start.body()
            return nil
        }, context.toOpaque())
        guard rc == 0 else {
            context.release()
            throw PosixError(call: "pthread_create", code: rc)
        }
        return thread
    }

    static func join(_ thread: pthread_t) {
        _ = pthread_join(thread, nil)
    }

    static func isCurrent(_ thread: pthread_t) -> Bool {
        pthread_equal(pthread_self(), thread) != 0
    }

    /// Names show up in `top -H`, `ps -L` and gdb, which is how threads get told apart on the box.
    /// pthread_setname_np is a GNU extension that Swift's Glibc module does not expose;
    /// the per-thread comm file is the same kernel setting.
    static func setCurrentName(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(maxNameBytes))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}

private final class ThreadStart: Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

/// A value guarded by a pthread mutex, with a condition variable for threads that wait
/// for it to change. (`Synchronization.Mutex` has no condition variable.)
final class ConditionLocked<Value>: @unchecked Sendable {
    // Heap-allocated so the pthread objects never move.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    init(_ value: Value) {
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

    func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` and wakes every waiter.
    func withLockAndBroadcast<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&value)
    }

    /// Waits until `ready` returns a non-nil result, or until `timeout` seconds have passed
    /// (nil = forever); returns that result, or nil on timeout.
    func wait<R>(timeout: Double? = nil, until ready: (inout Value) -> R?) -> R? {
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

enum MonotonicClock {
    /// Seconds on CLOCK_MONOTONIC.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func absoluteTime(_ seconds: Double) -> timespec {
        let whole = seconds.rounded(.down)
        return timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    }
}
