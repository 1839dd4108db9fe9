import CCrateShims
import Glibc

/// A counting semaphore for "something changed, look again". Posting never blocks
/// or allocates (a futex underneath), so the real-time thread may post; only the
/// waiter sleeps.
final class WakeSignal: @unchecked Sendable {
    // sem_t must not move in memory, hence the manual allocation.
    private let sem: UnsafeMutablePointer<sem_t>

    init() {
        sem = .allocate(capacity: 1)
        sem_init(sem, 0, 0)
    }

    deinit {
        sem_destroy(sem)
        sem.deallocate()
    }

    func post() { sem_post(sem) }

    /// Waits up to `seconds`; returns early when posted. Extra posts collapse into one wake-up.
    func wait(seconds: Double) {
        // On the monotonic clock, so setting the wall clock (NTP at boot) cannot stall a wait.
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanos = Int(seconds * 1e9) + deadline.tv_nsec
        deadline.tv_sec += nanos / 1_000_000_000
        deadline.tv_nsec = nanos % 1_000_000_000
        while crate_sem_wait_monotonic(sem, &deadline) != 0 && errno == EINTR {}
        // Drain extra posts so one burst of signals costs one wake-up.
        while sem_trywait(sem) == 0 {}
    }
}
