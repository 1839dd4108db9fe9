import CratePosix
import Glibc
import Logging
import Synchronization

/// The MPD protocol front end: one thread polls every listener and client, so a thousand
/// idle phones cost a thousand descriptors and buffers, not a thousand threads. Commands
/// go to the router like the JSON socket's do; router events wake idle clients.
public final class MPDServer: Sendable {
    /// Bytes read from a client per wake-up.
    static let readChunk = 65536

    private let service: MPDService
    private let addresses: [String]
    private let maxClients: Int
    private let maxLine: Int
    private let logger: Logger
    private let wake = WakeEventFD()
    private let stopping = Atomic<Bool>(false)
    private let running = Mutex<(thread: pthread_t, subscription: EventSubscription)?>(nil)
    /// Where each listener listens, for `doctor` and the log.
    public let listening = Mutex<[String]>([])

    init(router: Router, roots: [String], listen: [String], password: String?, maxClients: Int, maxLine: Int,
         logger: Logger) {
        var logger = logger
        logger[metadataKey: "frontend"] = "mpd"
        self.logger = logger
        service = MPDService(router: router, roots: roots, password: password, logger: logger)
        addresses = listen
        self.maxClients = maxClients
        self.maxLine = maxLine
    }

    /// Opens every address; one that cannot be opened is logged and returned as a problem,
    /// the others still serve.
    func start() -> [String] {
        guard !addresses.isEmpty else { return [] }
        var listeners: [MPDListener] = [], problems: [String] = []
        for address in addresses {
            do { listeners.append(try MPDListener.open(address, logger: logger)) } catch {
                logger.error("\(error)")
                problems.append(error.description)
            }
        }
        guard !listeners.isEmpty else { return problems }
        listening.withLock { $0 = listeners.map(\.address) }
        let subscription = service.subscribe(wake: wake)
        let opened = listeners
        do {
            let thread = try PosixThread.spawn(name: "crate-mpd", detached: false) {
                self.loop(opened)
            }
            running.withLock { $0 = (thread, subscription) }
            logger.info("MPD clients served on \(listeners.map(\.address).joined(separator: ", "))")
        } catch {
            subscription.cancel()
            for listener in listeners { listener.close() }
            logger.error("cannot start the MPD thread: \(error)")
            problems.append("MPD listener not started: \(error)")
        }
        return problems
    }

    func stop() {
        guard let (thread, subscription) = running.withLock({ $0 }) else { return }
        subscription.cancel()
        stopping.store(true, ordering: .releasing)
        wake.post()
        PosixThread.join(thread)
        running.withLock { $0 = nil }
    }

    private func loop(_ listeners: [MPDListener]) {
        let commands = MPDCommands(service: service)
        var clients: [MPDClient] = []
        defer {
            for client in clients { Glibc.close(client.fd) }
            for listener in listeners { listener.close() }
        }
        var buffer = [UInt8](repeating: 0, count: Self.readChunk)
        while !stopping.load(ordering: .acquiring) {
            var fds = listeners.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            fds.append(pollfd(fd: wake.fd, events: Int16(POLLIN), revents: 0))
            for client in clients {
                // A client whose answer is still going out is not read: its requests wait in the kernel.
                let events = client.hasOutput ? POLLOUT : POLLIN
                fds.append(pollfd(fd: client.fd, events: Int16(events), revents: 0))
            }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                logger.error("poll failed: \(errnoDescription(errno)); no longer serving MPD clients")
                return
            }
            let base = listeners.count + 1
            if fds[listeners.count].revents != 0 { deliverChanges(to: clients) }
            var dropped = Set<Int32>()
            for (index, client) in clients.enumerated() where fds[base + index].revents != 0 {
                if !serve(client, revents: fds[base + index].revents, commands, &buffer) { dropped.insert(client.fd) }
            }
            // What a command changed wakes the idle clients in this turn, not one poll later,
            // and every answer goes out now: only what a socket does not take waits for POLLOUT.
            if service.hasChanges { deliverChanges(to: clients) }
            for client in clients where (client.hasOutput || client.closing) && !dropped.contains(client.fd) {
                if !pump(client, commands) { dropped.insert(client.fd) }
            }
            for client in clients where client.closing && !client.hasOutput { dropped.insert(client.fd) }
            if !dropped.isEmpty {
                for fd in dropped { Glibc.close(fd) }
                clients.removeAll { dropped.contains($0.fd) }
            }
            for (index, listener) in listeners.enumerated() where fds[index].revents != 0 {
                accept(listener, into: &clients)
            }
        }
    }

    private func deliverChanges(to clients: [MPDClient]) {
        wake.drain()
        let changed = service.takeChanges()
        guard !changed.isEmpty else { return }
        for client in clients {
            client.state.pending.formUnion(changed)
            client.deliverIdle()
        }
    }

    /// Reads what a client sent and runs it; the answer goes out with the others' after
    /// the idle clients have been told what it changed. False when it is to be dropped.
    private func serve(_ client: MPDClient, revents: Int16, _ commands: MPDCommands, _ buffer: inout [UInt8]) -> Bool {
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 && !client.hasOutput {
            let n = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 { return errno == EAGAIN || errno == EINTR }
            if n == 0 { return false }
            client.input += buffer[0..<n]
        }
        if client.hasOutput { return true }
        guard client.process(commands, maxLine: maxLine) else {
            logger.notice("MPD client \(client.peer) sent a line longer than \(maxLine) bytes; closing its connection")
            return false
        }
        return true
    }

    /// Sends the answer waiting, runs the next command once it is out, and so on until the
    /// socket is full or no complete line is left; false when the client is to be dropped.
    private func pump(_ client: MPDClient, _ commands: MPDCommands) -> Bool {
        while true {
            if client.hasOutput {
                let n = client.output.withUnsafeBytes { raw in
                    send(client.fd, raw.baseAddress! + client.sent, raw.count - client.sent, Int32(MSG_NOSIGNAL))
                }
                if n < 0 { return errno == EAGAIN || errno == EINTR }
                client.sent += n
                if client.hasOutput { return true }
                client.output = []
                client.sent = 0
            }
            if client.closing { return false }
            guard client.process(commands, maxLine: maxLine) else {
                logger.notice("MPD client \(client.peer) sent a line longer than \(maxLine) bytes; closing its connection")
                return false
            }
            if !client.hasOutput { return true }
        }
    }

    private func accept(_ listener: MPDListener, into clients: inout [MPDClient]) {
        let fd = Glibc.accept(listener.fd, nil, nil)
        guard fd >= 0 else {
            if errno != EAGAIN && errno != EINTR && errno != ECONNABORTED {
                logger.warning("cannot accept an MPD client on \(listener.address): \(errnoDescription(errno))")
                if errno == EMFILE || errno == ENFILE { usleep(100_000) }
            }
            return
        }
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        guard clients.count < maxClients else {
            logger.warning("MPD client refused on \(listener.address): already \(maxClients) clients ([mpd] max_clients)")
            Glibc.close(fd)
            return
        }
        let client = MPDClient(fd: fd, peer: listener.address, authorized: service.password == nil)
        clients.append(client)
        // The greeting goes out as soon as the socket takes it.
        _ = pump(client, MPDCommands(service: service))
    }
}
