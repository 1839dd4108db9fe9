import CratePosix
import CrateCore
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's control socket: a Unix stream socket speaking newline-delimited JSON
/// (docs/PROTOCOL.md), served to `crate-admin` and scripts.
///
/// One thread (`ControlLoop`) polls every client, and a few workers run requests through
/// the `ControlHandler`, so a crowd of clients costs descriptors up to a cap and no
/// threads. The server itself only frames, validates and writes.
public final class ControlServer: Sendable {
    /// How long `stop()` waits for a request that is running to finish.
    static let stopTimeoutSeconds = 2.0

    /// What clients may take from the daemon.
    public struct Limits: Sendable, Equatable {
        /// Clients connected at once; one more is told so and closed.
        public var maxClients: Int
        /// Seconds a client has to send a whole request (from connecting or its last
        /// reply) before it is dropped. Event subscribers are exempt.
        public var requestTimeout: Double

        public init(maxClients: Int = 64, requestTimeout: Double = 30) {
            self.maxClients = maxClients
            self.requestTimeout = requestTimeout
        }

        /// Descriptors kept for everything but clients: the library databases, the
        /// tracks being decoded, the audio device, downloads.
        public static let reservedDescriptors = 256

        /// These limits with the cap lowered, if need be, to half of what the descriptor
        /// limit leaves after the reserve: clients must never starve playback.
        public func fitting(descriptorLimit: Int) -> Limits {
            var fitted = self
            fitted.maxClients = max(1, min(maxClients, (descriptorLimit - Self.reservedDescriptors) / 2))
            return fitted
        }
    }

    public let path: String
    public let mode: Int
    public let limits: Limits
    private let handler: any ControlHandler
    private let logger: Logger
    private let state = ConditionLocked(Phase.notStarted)
    private let accepting = Atomic<Bool>(false)

    private enum Phase {
        case notStarted
        case running(Listener)
        case stopped
    }

    /// What `start()` set up and `stop()` takes down.
    private struct Listener {
        var inbox: ControlInbox
        var workers: RequestWorkers
        var networkWorkers: RequestWorkers
        var loopThread: pthread_t
        /// The socket file we bound, so stop() never unlinks a successor's socket.
        var identity: SocketFile.Identity?
    }

    /// `mode` is the socket file's permission bits, e.g. 0o660 so group `crate` may connect.
    public init(path: String, mode: Int, handler: any ControlHandler, logger: Logger, limits: Limits = Limits()) {
        self.path = path
        self.mode = mode
        self.limits = limits
        self.handler = handler
        var logger = logger
        logger[metadataKey: "socket"] = "\(path)"
        self.logger = logger
    }

    /// Binds the socket and starts serving clients. Throws (with a message naming the
    /// path) if another daemon answers on it or the socket cannot be created.
    public func start() throws(ControlServerError) {
        try state.withLock { phase throws(ControlServerError) in
            guard case .notStarted = phase else { throw .alreadyStarted(path: path) }
            phase = .running(try listen())
        }
        logger.info("control socket listening", metadata: [
            "mode": "\(String(mode, radix: 8))", "max_clients": "\(limits.maxClients)",
        ])
    }

    /// Stops accepting, disconnects every client and removes the socket file.
    /// Safe to call more than once, and before `start()`.
    public func stop() {
        let listener: Listener? = state.withLock { phase in
            defer { phase = .stopped }
            guard case .running(let listener) = phase else { return nil }
            return listener
        }
        guard let listener else { return }

        // Unlink first so no new client finds the path while we wind down.
        if let identity = listener.identity, SocketFile.identity(of: path) == identity {
            if unlink(path) != 0 {
                logger.warning("cannot remove control socket: \(SocketIO.describe(errno: errno))")
            }
        }
        listener.inbox.requestStop()
        if !PosixThread.isCurrent(listener.loopThread) {
            PosixThread.join(listener.loopThread)
        }
        if !listener.workers.close(waitingUpTo: Self.stopTimeoutSeconds) {
            logger.warning("a control request is still running after \(Self.stopTimeoutSeconds) s; not waiting")
        }
        // A request waiting on a server is not waited for: its reply would have no client.
        if !listener.networkWorkers.close() {
            logger.notice("a control request waiting on the network is left to end on its own")
        }
        logger.info("control socket closed")
    }

    // MARK: - Listening

    private func listen() throws(ControlServerError) -> Listener {
        guard let address = UnixSocketAddress(path) else {
            throw .pathTooLong(path: path, limit: UnixSocketAddress.maxPathBytes)
        }
        try SocketFile.prepare(path: path, logger: logger)

        let fd: Int32
        do throws(PosixError) {
            fd = try SocketIO.makeStreamSocket()
        } catch {
            throw .system(action: "create control socket", path: path, errno: error.code)
        }
        var succeeded = false
        defer { if !succeeded { Glibc.close(fd) } }

        if address.withSockaddr({ bind(fd, $0, $1) }) != 0 {
            let code = errno
            throw code == EADDRINUSE ? .alreadyRunning(path: path) : .system(action: "bind control socket", path: path, errno: code)
        }
        let identity = SocketFile.identity(of: path)
        // From here on a failure must not leave our half-made socket file behind.
        var bound = true
        defer { if !succeeded && bound { unlink(path) } }

        // bind() created the file with the umask's bits; set the ones we were asked for.
        if chmod(path, mode_t(mode)) != 0 {
            throw .system(action: "set permissions on control socket", path: path, errno: errno)
        }
        // Non-blocking so a client that gives up between poll() and accept() cannot stall us.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        // A long queue so a burst of connects waits to be accepted (or refused with a
        // reason) instead of failing with EAGAIN; the kernel caps it at net.core.somaxconn.
        if Glibc.listen(fd, SOMAXCONN) != 0 {
            throw .system(action: "listen on control socket", path: path, errno: errno)
        }
        let inbox = ControlInbox()
        let workers: RequestWorkers, networkWorkers: RequestWorkers
        do throws(PosixError) {
            workers = try RequestWorkers(handler: handler, inbox: inbox, logger: logger)
        } catch {
            throw .system(action: "start request workers for control socket", path: path, errno: error.code)
        }
        do throws(PosixError) {
            networkWorkers = try RequestWorkers(count: RequestWorkers.networkCount, name: "crate-ctl-net",
                                                handler: handler, inbox: inbox, logger: logger)
        } catch {
            workers.close()
            throw .system(action: "start network request workers for control socket", path: path, errno: error.code)
        }
        do throws(PosixError) {
            let thread = try PosixThread.spawn(name: "crate-ctl", detached: false) { [limits, logger] in
                // The loop's state belongs to this thread alone.
                let loop = ControlLoop(listenFD: fd, limits: limits, inbox: inbox, workers: workers,
                                       networkWorkers: networkWorkers, logger: logger)
                self.accepting.store(true, ordering: .releasing)
                loop.run()
                self.accepting.store(false, ordering: .releasing)
                Glibc.close(fd)
            }
            succeeded = true
            bound = false
            return Listener(inbox: inbox, workers: workers, networkWorkers: networkWorkers, loopThread: thread,
                            identity: identity)
        } catch {
            workers.close()
            networkWorkers.close()
            throw .system(action: "start control socket thread", path: path, errno: error.code)
        }
    }

    /// Whether the control loop is serving clients (false before start, after stop, or
    /// once it gave up on a failing poll): the watchdog's view of the socket.
    public var isAccepting: Bool { accepting.load(ordering: .acquiring) }
}
