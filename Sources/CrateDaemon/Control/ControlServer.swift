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
/// One thread accepts; each client gets its own thread (there are only ever a few
/// admins). Requests go to the `ControlHandler`; the server itself only frames,
/// validates and writes.
public final class ControlServer: Sendable {
    /// How long `stop()` waits for connection threads to finish before giving up on them.
    static let stopTimeoutSeconds = 2.0

    public let path: String
    public let mode: Int
    private let handler: any ControlHandler
    private let logger: Logger
    private let state = ConditionLocked(State())
    private let accepting = Atomic<Bool>(false)

    private struct State {
        enum Phase {
            case notStarted
            case running(Listener)
            case stopped
        }
        var phase = Phase.notStarted
        var connections: [Int: ControlConnection] = [:]
        var nextConnectionID = 1
    }

    /// What `start()` set up and `stop()` takes down.
    private struct Listener {
        var fd: Int32
        /// Writing a byte here wakes the accept thread out of poll() so it can exit.
        var wakeRead: Int32
        var wakeWrite: Int32
        var acceptThread: pthread_t
        /// The socket file we bound, so stop() never unlinks a successor's socket.
        var identity: SocketFile.Identity?
    }

    /// `mode` is the socket file's permission bits, e.g. 0o660 so group `crate` may connect.
    public init(path: String, mode: Int, handler: any ControlHandler, logger: Logger) {
        self.path = path
        self.mode = mode
        self.handler = handler
        var logger = logger
        logger[metadataKey: "socket"] = "\(path)"
        self.logger = logger
    }

    /// Binds the socket and starts accepting clients. Throws (with a message naming the
    /// path) if another daemon answers on it or the socket cannot be created.
    public func start() throws(ControlServerError) {
        try state.withLock { state throws(ControlServerError) in
            guard case .notStarted = state.phase else { throw .alreadyStarted(path: path) }
            state.phase = .running(try listen())
        }
        logger.info("control socket listening", metadata: ["mode": "\(String(mode, radix: 8))"])
    }

    /// Stops accepting, disconnects every client and removes the socket file.
    /// Safe to call more than once, and before `start()`.
    public func stop() {
        let listener: Listener? = state.withLock { state in
            defer { state.phase = .stopped }
            guard case .running(let listener) = state.phase else { return nil }
            return listener
        }
        guard let listener else { return }

        // Unlink first so no new client finds the path while we wind down.
        if let identity = listener.identity, SocketFile.identity(of: path) == identity {
            if unlink(path) != 0 {
                logger.warning("cannot remove control socket: \(SocketIO.describe(errno: errno))")
            }
        }
        var byte: UInt8 = 1
        _ = write(listener.wakeWrite, &byte, 1)
        if !PosixThread.isCurrent(listener.acceptThread) {
            PosixThread.join(listener.acceptThread)
        }
        Glibc.close(listener.wakeRead)
        Glibc.close(listener.wakeWrite)

        // The accept thread has exited: the set of connections can only shrink now.
        let connections = state.withLock { Array($0.connections.values) }
        for connection in connections { connection.shutdown() }
        let finished = state.wait(timeout: Self.stopTimeoutSeconds) { state in
            state.connections.isEmpty ? true : nil
        }
        if finished == nil {
            let left = state.withLock { $0.connections.count }
            logger.warning("\(left) control connection(s) still busy after \(Self.stopTimeoutSeconds) s; not waiting")
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
        if Glibc.listen(fd, 16) != 0 {
            throw .system(action: "listen on control socket", path: path, errno: errno)
        }
        var pipeFDs: [Int32] = [-1, -1]
        if pipe(&pipeFDs) != 0 {
            throw .system(action: "create wake-up pipe for control socket", path: path, errno: errno)
        }
        let wake = (read: pipeFDs[0], write: pipeFDs[1])
        SocketIO.setCloseOnExec(wake.read)
        SocketIO.setCloseOnExec(wake.write)
        do throws(PosixError) {
            let thread = try PosixThread.spawn(name: "crate-ctl", detached: false) {
                self.acceptLoop(listenFD: fd, wakeFD: wake.read)
            }
            succeeded = true
            bound = false
            return Listener(fd: fd, wakeRead: wake.read, wakeWrite: wake.write, acceptThread: thread, identity: identity)
        } catch {
            Glibc.close(wake.read)
            Glibc.close(wake.write)
            throw .system(action: "start accept thread for control socket", path: path, errno: error.code)
        }
    }

    /// Whether the accept thread is serving clients (false before start, after stop, or
    /// once it gave up on a failing listener): the watchdog's view of the socket.
    public var isAccepting: Bool { accepting.load(ordering: .acquiring) }

    /// The accept thread's body: hands each client to a thread of its own until woken by stop().
    private func acceptLoop(listenFD: Int32, wakeFD: Int32) {
        accepting.store(true, ordering: .releasing)
        defer {
            accepting.store(false, ordering: .releasing)
            Glibc.close(listenFD)
        }
        var polled = [
            pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            if poll(&polled, 2, -1) < 0 {
                if errno == EINTR { continue }
                logger.error("control socket poll failed: \(SocketIO.describe(errno: errno)); no longer accepting clients")
                return
            }
            if polled[1].revents != 0 { return }
            guard polled[0].revents != 0 else { continue }
            let client = accept(listenFD, nil, nil)
            if client < 0 {
                let code = errno
                switch code {
                case EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: back off instead of spinning on a
                    // listener that stays readable.
                    logger.error("cannot accept control client: \(SocketIO.describe(errno: code)); retrying shortly")
                    usleep(100_000)
                default:
                    logger.error("cannot accept control client: \(SocketIO.describe(errno: code)); no longer accepting clients")
                    return
                }
                continue
            }
            // accept4(SOCK_CLOEXEC) is a GNU extension Glibc's module map does not expose.
            SocketIO.setCloseOnExec(client)
            // The listener is non-blocking; Linux does not pass that on, but be explicit.
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
            startConnection(fd: client)
        }
    }

    private func startConnection(fd: Int32) {
        let id = state.withLock { state in
            defer { state.nextConnectionID += 1 }
            return state.nextConnectionID
        }
        let connection = ControlConnection(id: id, fd: fd, handler: handler, logger: logger)
        state.withLock { $0.connections[id] = connection }
        do throws(PosixError) {
            _ = try PosixThread.spawn(name: "crate-ctl-\(id)", detached: true) {
                connection.serve()
                self.state.withLockAndBroadcast { _ = $0.connections.removeValue(forKey: id) }
            }
        } catch {
            logger.error("cannot start thread for control client: \(error); disconnecting it")
            state.withLockAndBroadcast { _ = $0.connections.removeValue(forKey: id) }
            Glibc.close(fd)
        }
    }
}
