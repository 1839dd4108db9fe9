import CrateConfig
import CrateLibrary
import CratePosix
import CrateRouter
import Glibc
import Logging
import Synchronization

/// The MPD protocol front end: one thread watches every listener and client (epoll), so a thousand
/// idle phones cost a thousand descriptors and buffers, not a thousand threads. Commands
/// go to the router like the JSON socket's do; router events wake idle clients. Each client
/// gets a bounded turn per poll (`MPDLimits`), so none can hold the thread for the others.
public final class MPDServer: Sendable {
    /// Bytes read from a client per wake-up.
    static let readChunk = 65536

    private let service: MPDService
    private let addresses: [String]
    private let limits: MPDLimits
    private let logger: Logger
    private let wake = WakeEventFD()
    private let stopping = Atomic<Bool>(false)
    private let running = Mutex<(thread: pthread_t, subscription: EventSubscription)?>(nil)
    /// Where each listener listens, for `doctor` and the log.
    public let listening = Mutex<[String]>([])

    /// `library`: the albums MPD lists as its database (nil: none, an empty database).
    public init(router: Router, library: Library?, roots: [String], config: CrateConfig.MPD, logger: Logger) {
        var logger = logger
        logger[metadataKey: "frontend"] = "mpd"
        self.logger = logger
        service = MPDService(router: router, library: library, roots: roots, password: config.password, logger: logger)
        addresses = config.listen
        limits = MPDLimits(config)
    }

    /// Opens every address; one that cannot be opened is logged and returned as a problem,
    /// the others still serve.
    @discardableResult
    public func start() -> [String] {
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

    public func stop() {
        guard let (thread, subscription) = running.withLock({ $0 }) else { return }
        subscription.cancel()
        stopping.store(true, ordering: .releasing)
        wake.post()
        PosixThread.join(thread)
        running.withLock { $0 = nil }
    }

    private func loop(_ listeners: [MPDListener]) {
        let commands = MPDCommands(service: service)
        let lists = MPDListBudget(limit: limits.maxCommandListsTotal)
        var clients: [MPDClient] = []
        var accepted = 0
        defer {
            for client in clients { Glibc.close(client.fd) }
            for listener in listeners { listener.close() }
        }
        let watched: EpollSet
        do {
            watched = try EpollSet()
            for listener in listeners { try watched.watch(listener.fd, for: Int16(POLLIN)) }
            try watched.watch(wake.fd, for: Int16(POLLIN))
        } catch {
            logger.error("cannot watch the MPD sockets: \(error); no MPD clients are served")
            return
        }
        var buffer = [UInt8](repeating: 0, count: Self.readChunk)
        var ready: [Int32: Int16] = [:]
        while !stopping.load(ordering: .acquiring) {
            var dropped = Set<Int32>()
            for client in clients {
                // Read only a client whose answers are all out: what it sends ahead waits in the kernel.
                let events = client.hasOutput ? POLLOUT : client.wantsInput || client.state.idling != nil ? POLLIN : 0
                do { try watched.watch(client.fd, for: Int16(events)) } catch {
                    // One client the kernel will not watch (out of epoll watches, say) is closed; the others go on.
                    logger.warning("cannot watch MPD client \(client.name): \(error); closing its connection")
                    dropped.insert(client.fd)
                }
            }
            ready.removeAll(keepingCapacity: true)
            do { try watched.wait(timeout: dropped.isEmpty ? pollTimeout(clients) : 0) { fd, events in ready[fd] = events } } catch {
                logger.error("\(error); no longer serving MPD clients")
                return
            }
            let now = MonotonicClock.now()
            if ready[wake.fd] != nil { deliverChanges(to: clients) }
            for client in clients where (ready[client.fd] ?? 0) & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                if !read(client, &buffer, now: now) { dropped.insert(client.fd) }
            }
            // Each client's turn: what it asked for produced (a bounded share) and sent.
            // What a command changed wakes the idle clients in this turn, not one poll later.
            for client in clients where client.needsTurn && !dropped.contains(client.fd) {
                if !turn(client, commands, now: now) { dropped.insert(client.fd) }
                if service.hasChanges { deliverChanges(to: clients) }
            }
            // Idle notices a later client's command made for an earlier one go out now too.
            for client in clients where client.hasOutput && !dropped.contains(client.fd) {
                if !send(client, now: now) { dropped.insert(client.fd) }
            }
            for client in clients where !dropped.contains(client.fd) && client.isSilent(now: now) {
                logger.info("MPD client \(client.name) silent for \(Int(limits.connectionTimeout)) s ([mpd] connection_timeout); closing it")
                dropped.insert(client.fd)
            }
            if !dropped.isEmpty {
                for fd in dropped {
                    watched.forget(fd)
                    Glibc.close(fd)
                }
                clients.removeAll { dropped.contains($0.fd) }
            }
            if lists.refusalToLog() {
                logger.notice("""
                    MPD clients' unfinished command lists hold \(lists.held) bytes ([mpd] \
                    max_command_lists_total = \(lists.limit)); refusing further lists until half is free
                    """)
            }
            lists.returnFreedMemory()
            for listener in listeners where ready[listener.fd] != nil {
                accept(listener, into: &clients, number: &accepted, lists, watched)
            }
        }
    }

    /// Milliseconds until the next client turns silent; 0 while a client has work and no
    /// output to wait for; -1 (forever) when every client waits in `idle`.
    private func pollTimeout(_ clients: [MPDClient]) -> Int32 {
        if clients.contains(where: { $0.hasWork && !$0.hasOutput && !$0.closing }) { return 0 }
        var soonest: Double?
        for client in clients {
            if let at = client.silentAt, at < soonest ?? .infinity { soonest = at }
        }
        guard let next = soonest else { return -1 }
        let milliseconds = (next - MonotonicClock.now()) * 1000
        return Int32(max(0, min(milliseconds.rounded(.up), 3_600_000)))
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

    /// Takes what a client sent; false when it hung up or the connection failed.
    private func read(_ client: MPDClient, _ buffer: inout [UInt8], now: Double) -> Bool {
        guard client.wantsInput || client.state.idling != nil else { return true }
        let n = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress!, $0.count, 0) }
        if n < 0 { return errno == EAGAIN || errno == EINTR }
        if n == 0 { return false }
        client.received(buffer[0..<n], now: now)
        return true
    }

    /// Sends what waits, produces the client's next answers within its share, and sends
    /// again; false when the client is to be dropped.
    private func turn(_ client: MPDClient, _ commands: MPDCommands, now: Double) -> Bool {
        guard send(client, now: now) else { return false }
        do throws(MPDClient.Stop) {
            try client.produce(commands)
        } catch {
            switch error {
            case .lineTooLong:
                logger.notice("MPD client \(client.name) sent a line longer than \(limits.maxLine) bytes ([mpd] max_line); closing its connection")
            case .outputOverflow:
                logger.warning("MPD client \(client.name) has more than \(limits.maxOutput) bytes of unsent output ([mpd] max_output_buffer); closing its connection")
            }
            return false
        }
        guard send(client, now: now) else { return false }
        return !(client.closing && !client.hasOutput)
    }

    /// Writes what the socket takes now; false when the connection failed.
    private func send(_ client: MPDClient, now: Double) -> Bool {
        guard client.hasOutput else { return true }
        let n = client.output.withUnsafeBytes { raw in
            Glibc.send(client.fd, raw.baseAddress! + client.sent, raw.count - client.sent, Int32(MSG_NOSIGNAL))
        }
        if n < 0 { return errno == EAGAIN || errno == EINTR }
        client.took(n, now: now)
        return true
    }

    private func accept(_ listener: MPDListener, into clients: inout [MPDClient], number: inout Int,
                        _ lists: MPDListBudget, _ watched: EpollSet) {
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
        let now = MonotonicClock.now()
        if clients.count >= limits.maxClients { makeRoom(in: &clients, on: listener, now: now, watched) }
        number += 1
        let client = MPDClient(fd: fd, name: "#\(number) on \(listener.address)", authorized: service.password == nil,
                               limits: limits, lists: lists, now: now)
        clients.append(client)
        // The greeting goes out as soon as the socket takes it.
        _ = send(client, now: now)
    }

    /// At `max_clients`, closes the client that matters least so a new one always gets its
    /// greeting (`MPDClient.evictsBefore`).
    private func makeRoom(in clients: inout [MPDClient], on listener: MPDListener, now: Double, _ watched: EpollSet) {
        guard let victim = clients.indices.min(by: { clients[$0].evictsBefore(clients[$1]) }) else { return }
        let client = clients.remove(at: victim)
        logger.notice("""
            MPD clients at \(limits.maxClients) ([mpd] max_clients): closing \(client.name), silent for \
            \(Int(now - client.lastHeard)) s, to greet a new client on \(listener.address)
            """)
        watched.forget(client.fd)
        Glibc.close(client.fd)
    }
}
