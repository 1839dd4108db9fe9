import CratePosix
import Glibc
import Logging

/// The thread (`crate-input`) that reads the GPIO lines: one poll() over every line's
/// event descriptor and a wake eventfd, edges drained as soon as they arrive (the kernel
/// keeps 16 per line), decoded on the spot, gestures handed to the worker. Its poll
/// timeout is the decoders' next deadline, so a long press fires while still held.
final class InputThread: @unchecked Sendable {
    // @unchecked: `lines` and `pipeline` are touched only by the thread after start().
    private let lines: GPIOLineSet
    private var pipeline: InputPipeline
    private let wake = WakeEventFD()
    private let deliver: @Sendable ([DecodedInput]) -> Void
    private let failed: @Sendable (String) -> Void
    private let stopping = ConditionLocked(false)
    private let logger: Logger

    init(lines: GPIOLineSet, pipeline: InputPipeline, logger: Logger,
         deliver: @escaping @Sendable ([DecodedInput]) -> Void, failed: @escaping @Sendable (String) -> Void) {
        self.lines = lines
        self.pipeline = pipeline
        self.logger = logger
        self.deliver = deliver
        self.failed = failed
    }

    func start() throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-input") { [self] in run() }
    }

    func stop() {
        stopping.withLock { $0 = true }
        wake.post()
    }

    private func run() {
        var fds = [pollfd(fd: wake.fd, events: Int16(POLLIN), revents: 0)]
        fds += lines.lines.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        defer { lines.close() }
        while !stopping.withLock({ $0 }) {
            let timeout: Int32 = pipeline.nextDeadline.map { deadline in
                let now = InputClock.now()
                return deadline <= now ? 0 : Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
            } ?? -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR {
                return fail("poll of the GPIO lines failed: \(errnoDescription())")
            }
            if fds[0].revents != 0 { wake.drain() }
            var decoded: [DecodedInput] = []
            for index in 1..<fds.count where fds[index].revents != 0 {
                if fds[index].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && fds[index].revents & Int16(POLLIN) == 0 {
                    return fail("GPIO line \(lines.lines[index - 1].spec.origin) went away (chip removed?)")
                }
                do {
                    for edge in try lines.drain(index - 1) {
                        decoded += pipeline.edge(line: index - 1, level: edge.level, at: edge.at)
                    }
                } catch {
                    return fail(error.message)
                }
            }
            decoded += pipeline.advance(to: InputClock.now())
            if !decoded.isEmpty { deliver(decoded) }
        }
    }

    private func fail(_ message: String) {
        logger.error("controls: \(message); the physical controls stop, crate-admin input still works")
        failed(message)
    }
}
