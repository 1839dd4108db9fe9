import CCrateShims
import Glibc

/// Starts a named POSIX thread, optionally SCHED_FIFO. Plain pthreads rather than
/// Swift concurrency: the audio threads must never wait behind the cooperative pool.
enum NamedThread {
    struct Started {
        let thread: pthread_t
        /// nil when real-time scheduling was granted (or not asked for); otherwise why not.
        let realtimeRefusal: String?
    }

    private final class Box {
        let body: @Sendable () -> Void
        let name: String
        init(_ name: String, _ body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Starts `body` on a new thread called `name` (≤ 15 bytes, shown in /proc and top).
    /// With `fifoPriority`, the thread is created SCHED_FIFO; if the system refuses
    /// (no CAP_SYS_NICE, RLIMIT_RTPRIO too low), it starts at normal priority and the
    /// refusal is returned for the caller to log and report.
    static func start(
        name: String, fifoPriority: Int? = nil, body: @escaping @Sendable () -> Void
    ) throws(AudioError) -> Started {
        var refusal: String? = nil
        if let priority = fifoPriority {
            var attr = pthread_attr_t()
            pthread_attr_init(&attr)
            defer { pthread_attr_destroy(&attr) }
            pthread_attr_setinheritsched(&attr, Int32(PTHREAD_EXPLICIT_SCHED))
            pthread_attr_setschedpolicy(&attr, SCHED_FIFO)
            var param = sched_param(sched_priority: Int32(priority))
            pthread_attr_setschedparam(&attr, &param)
            switch create(&attr, name, body) {
            case .success(let thread): return Started(thread: thread, realtimeRefusal: nil)
            case .failure(let code):
                refusal = "SCHED_FIFO priority \(priority) refused (\(errnoString(code))); "
                    + "grant CAP_SYS_NICE or LimitRTPRIO=\(priority) to run the audio writer in real time"
            }
        }
        switch create(nil, name, body) {
        case .success(let thread): return Started(thread: thread, realtimeRefusal: refusal)
        case .failure(let code): throw AudioError.thread("cannot start thread \(name): \(errnoString(code))")
        }
    }

    private enum Outcome { case success(pthread_t), failure(Int32) }

    private static func create(
        _ attr: UnsafePointer<pthread_attr_t>?, _ name: String, _ body: @escaping @Sendable () -> Void
    ) -> Outcome {
        let box = Unmanaged.passRetained(Box(name, body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, attr, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            crate_set_thread_name(box.name)
            box.body()
            return nil
        }, box)
        if rc != 0 {
            Unmanaged<Box>.fromOpaque(box).release()
            return .failure(rc)
        }
        return .success(thread)
    }
}
