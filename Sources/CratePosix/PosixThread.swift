import CCrateShims
import Glibc

/// Named POSIX threads, optionally SCHED_FIFO. Plain pthreads rather than Swift
/// concurrency: the audio threads must never wait behind the cooperative pool, and the
/// control socket's blocking I/O must not occupy it. Names show in `top -H` and `ps -L`.
public enum PosixThread {
    /// A thread started with a real-time request, and how that request went.
    public struct RealtimeStart {
        public let thread: pthread_t
        /// nil when SCHED_FIFO was granted; otherwise why not, fit for the log and `status`.
        public let refusal: String?
    }

    /// Starts `body` on a thread called `name` (15 bytes are kept). A detached thread
    /// cleans up after itself; a joinable one must be passed to `join`.
    public static func spawn(
        name: String, detached: Bool = true, _ body: @escaping @Sendable () -> Void
    ) throws(PosixError) -> pthread_t {
        try create(name: name, detached: detached, fifoPriority: nil, body)
    }

    /// Starts a detached SCHED_FIFO thread at `priority`. When the system refuses (no
    /// CAP_SYS_NICE, RLIMIT_RTPRIO too low) it starts at normal priority instead and the
    /// refusal is returned for the caller to log and report.
    public static func spawnRealtime(
        name: String, priority: Int, _ body: @escaping @Sendable () -> Void
    ) throws(PosixError) -> RealtimeStart {
        do {
            return RealtimeStart(thread: try create(name: name, detached: true, fifoPriority: priority, body), refusal: nil)
        } catch {
            let refusal = "SCHED_FIFO priority \(priority) refused (\(error.message)); "
                + "grant CAP_SYS_NICE or LimitRTPRIO=\(priority) to run \(name) in real time"
            return RealtimeStart(thread: try create(name: name, detached: true, fifoPriority: nil, body), refusal: refusal)
        }
    }

    /// Lowers the calling thread to idle CPU and I/O priority (background work such as a
    /// library scan must never disturb playback). Throws when the system refuses.
    public static func makeCurrentIdle() throws(PosixError) {
        let rc = crate_make_thread_idle()
        if rc != 0 { throw PosixError(call: "SCHED_IDLE/ioprio_set", code: rc) }
    }

    /// Lowers the calling thread to the lowest normal CPU and I/O priority: background
    /// work the listener waits for (a download) yields to everything but still moves on a
    /// machine with no idle time, where an idle thread would never run.
    public static func makeCurrentBackground() throws(PosixError) {
        let rc = crate_make_thread_background()
        if rc != 0 { throw PosixError(call: "setpriority/ioprio_set", code: rc) }
    }

    public static func join(_ thread: pthread_t) {
        _ = pthread_join(thread, nil)
    }

    public static func isCurrent(_ thread: pthread_t) -> Bool {
        pthread_equal(pthread_self(), thread) != 0
    }

    private static func create(
        name: String, detached: Bool, fifoPriority: Int?, _ body: @escaping @Sendable () -> Void
    ) throws(PosixError) -> pthread_t {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        if let priority = fifoPriority {
            pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
            pthread_attr_setschedpolicy(&attributes, SCHED_FIFO)
            var param = sched_param(sched_priority: Int32(priority))
            pthread_attr_setschedparam(&attributes, &param)
        }
        // The start routine is a C function pointer and cannot capture anything, so the
        // name and body travel through the context pointer, retained until the thread runs.
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body))
        var thread = pthread_t()
        let rc = pthread_create(&thread, &attributes, { raw in
            let start = Unmanaged<ThreadStart>.fromOpaque(raw!).takeRetainedValue()
            crate_set_thread_name(start.name)
            start.body()
            return nil
        }, context.toOpaque())
        guard rc == 0 else {
            context.release()
            throw PosixError(call: "pthread_create \(name)", code: rc)
        }
        return thread
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
