import CratePosix
import CrateCore
import CrateRouter
import CrateWire
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The control socket's one thread: a poll() over the listener, every client and the
/// inbox. It accepts (or refuses, past the cap), splits requests into lines, hands them
/// to the workers, writes replies and events without ever blocking on a client, and drops
/// clients that stall: a request not finished in time, output not taken in time.
final class ControlLoop {
    /// How long a client that stopped taking its output is given before it is dropped.
    static let sendTimeoutSeconds = 10.0
    /// A subscriber's events wait in its outbox while this much output is unwritten.
    static let maxBufferedOutput = 65536

    private let listenFD: Int32
    let limits: ControlServer.Limits
    private let inbox: ControlInbox
    private let workers: RequestWorkers
    /// For the commands that wait on the network (`ControlLane.network`), beside `workers`.
    private let networkWorkers: RequestWorkers
    private let logger: Logger
    let json = JSONLines()
    var connections: [Int: ControlConnection] = [:]
    private var nextID = 1
    /// Clients refused since the cap was last reached (logged once per episode, not each).
    private var refusedWhileFull = 0
    /// After accept() ran out of descriptors: the listener rests until then.
    var acceptResumes = 0.0
    private var scratch = [UInt8](repeating: 0, count: 4096)

    init(listenFD: Int32, limits: ControlServer.Limits, inbox: ControlInbox, workers: RequestWorkers,
         networkWorkers: RequestWorkers, logger: Logger) {
        self.listenFD = listenFD
        self.limits = limits
        self.inbox = inbox
        self.workers = workers
        self.networkWorkers = networkWorkers
        self.logger = logger
    }

    /// Serves until `inbox.requestStop()` (or poll() itself fails), then disconnects everyone.
    func run() {
        var polled: [pollfd] = []
        var order: [ControlConnection] = []
        defer {
            for connection in connections.values { connection.close() }
            connections.removeAll()
        }
        while !inbox.stopRequested {
            var now = MonotonicClock.now()
            polled.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            let listening = now >= acceptResumes
            polled.append(pollfd(fd: listening ? listenFD : -1, events: Int16(POLLIN), revents: 0))
            polled.append(pollfd(fd: inbox.fd, events: Int16(POLLIN), revents: 0))
            for connection in connections.values {
                polled.append(pollfd(fd: connection.fd, events: connection.pollEvents, revents: 0))
                order.append(connection)
            }
            if poll(&polled, nfds_t(polled.count), pollTimeout(now: now)) < 0 {
                if errno == EINTR { continue }
                logger.error("control socket poll failed: \(SocketIO.describe(errno: errno)); no longer serving clients")
                return
            }
            now = MonotonicClock.now()
            if polled[1].revents != 0 {
                for finished in inbox.takeAll() { deliver(finished, now: now) }
            }
            for (index, connection) in order.enumerated() {
                let revents = polled[index + 2].revents
                guard revents != 0, connections[connection.id] === connection else { continue }
                service(connection, revents: revents, now: now)
            }
            pumpEvents(now: now)
            expire(now: now)
            if polled[0].revents != 0 { acceptClients(now: now) }
        }
    }

    // MARK: - Clients

    private func acceptClients(now: Double) {
        while true {
            let fd = accept(listenFD, nil, nil)
            if fd < 0 {
                let code = errno
                switch code {
                case EINTR, ECONNABORTED:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    return
                default:
                    // Out of descriptors or memory (or worse): rest the listener a moment
                    // instead of spinning on a listener that stays readable.
                    logger.error("cannot accept control client: \(SocketIO.describe(errno: code)); retrying shortly")
                    acceptResumes = now + 0.1
                    return
                }
            }
            // accept4(SOCK_CLOEXEC) is a GNU extension Glibc's module map does not expose.
            SocketIO.setCloseOnExec(fd)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            guard connections.count < limits.maxClients || evictSilentClient(now: now) else {
                refuse(fd)
                continue
            }
            let connection = ControlConnection(id: nextID, fd: fd, now: now, logger: logger)
            nextID += 1
            connections[connection.id] = connection
            connection.logger.debug("control client connected", metadata: connection.peerMetadata())
        }
    }

    /// Tells a client over the cap why, and closes it (best effort: it may not be reading).
    private func refuse(_ fd: Int32) {
        if refusedWhileFull == 0 {
            logger.warning("\(limits.maxClients) control clients connected ([control] max_clients); refusing new ones")
        }
        refusedWhileFull += 1
        let line = json.replyLine(.failure(
            "too many control clients: \(limits.maxClients) are connected, the most [control] max_clients allows; "
                + "try again later")).bytes
        _ = line.withUnsafeBytes { send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        Glibc.close(fd)
    }

    func drop(_ connection: ControlConnection) {
        connections.removeValue(forKey: connection.id)
        connection.close()
        if refusedWhileFull > 0 && connections.count < limits.maxClients {
            logger.notice("accepting control clients again; refused \(refusedWhileFull) while full")
            refusedWhileFull = 0
        }
    }

    private func service(_ connection: ControlConnection, revents: Int16, now: Double) {
        if revents & Int16(POLLIN) != 0 {
            guard proceed(connection, connection.receive(into: &scratch), what: "read") else { return }
            advance(connection, now: now)
        } else if revents & Int16(POLLHUP | POLLERR) != 0 {
            // Gone altogether (a half-close shows as readable end of input instead).
            connection.logger.debug("control client disconnected")
            drop(connection)
            return
        }
        if revents & Int16(POLLOUT) != 0 { flush(connection, now: now) }
    }

    /// Whether the connection lives on after an I/O result; drops it otherwise.
    private func proceed(_ connection: ControlConnection, _ result: ControlConnection.IOResult, what: String) -> Bool {
        guard case .gone(let error) = result else { return true }
        if let error {
            connection.logger.warning("control socket \(what) failed: \(error)")
        } else {
            connection.logger.debug("control client went away")
        }
        drop(connection)
        return false
    }

    private func flush(_ connection: ControlConnection, now: Double) {
        guard proceed(connection, connection.flush(now: now), what: "write") else { return }
        if connection.closeWhenFlushed && connection.pendingOutputBytes == 0 {
            connection.logger.debug("control client done")
            drop(connection)
        }
    }

    /// Answers what can be answered from the bytes received: the next request goes to the
    /// workers; refused lines are answered here, in order.
    private func advance(_ connection: ControlConnection, now: Double) {
        guard case .reading = connection.phase, !connection.closeWhenFlushed else { return flush(connection, now: now) }
        while let next = connection.lines.next() {
            switch next {
            case .tooLong:
                let limit = ControlProtocol.maxRequestBytes
                connection.logger.warning("request longer than \(limit) bytes; closing the connection")
                connection.queue(json.replyLine(.failure(
                    "request too long: more than \(limit) bytes without a newline; closing the connection")).bytes, now: now)
                connection.closeWhenFlushed = true
                return flush(connection, now: now)
            case .line(let bytes):
                if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
                switch RequestValidator.validate(line: bytes, json: json) {
                case .failure(let invalid):
                    // The start of the line shows which script or typo sent it.
                    let sample = String(decoding: bytes.prefix(200), as: UTF8.self)
                    connection.logger.notice("refused control request: \(invalid.message)", metadata: ["request": "\(sample)"])
                    connection.queue(json.replyLine(.failure(invalid.message)).bytes, now: now)
                    connection.phase = .reading(since: now)
                case .success(let valid) where valid.lane == .subscribe:
                    let outbox = SubscriberOutbox { [inbox] in inbox.wake() }
                    connection.phase = .subscribing(outbox)
                    workers.submit(RequestWorkers.Job(connection: connection.id, work: .subscribe(outbox)))
                    return flush(connection, now: now)
                case .success(let valid):
                    connection.phase = .busy
                    let lane = valid.lane == .network ? networkWorkers : workers
                    lane.submit(RequestWorkers.Job(connection: connection.id, work: .request(valid.command, valid.name)))
                    return flush(connection, now: now)
                }
            }
        }
        // End of input: a request never finished is not run; what was asked is answered.
        if connection.inputClosed { connection.closeWhenFlushed = true }
        flush(connection, now: now)
    }

    private func deliver(_ finished: ControlInbox.Finished, now: Double) {
        guard let connection = connections[finished.connection] else {
            // The client left while its request ran.
            if case .subscribed(let token, _) = finished.result { token.cancel() }
            return
        }
        switch finished.result {
        case .reply(let line):
            connection.queue(line, now: now)
            connection.phase = .reading(since: now)
            advance(connection, now: now)
        case .subscribed(let token, let firstLine):
            guard case .subscribing(let outbox) = connection.phase else {
                token.cancel()
                return
            }
            connection.phase = .subscribed(token, outbox)
            connection.queue(firstLine, now: now)
            connection.logger.debug("control client subscribed to events")
            flush(connection, now: now)
        }
    }

    /// Moves queued events into subscribers' output, while they keep reading.
    private func pumpEvents(now: Double) {
        for connection in Array(connections.values) {
            guard case .subscribed(_, let outbox) = connection.phase,
                  connection.pendingOutputBytes < Self.maxBufferedOutput else { continue }
            guard let events = outbox.takeAvailable() else {
                connection.logger.warning(
                    "dropping event subscriber: it stopped reading (more than \(outbox.capacity) events queued)")
                drop(connection)
                continue
            }
            guard !events.isEmpty else { continue }
            for event in events {
                do {
                    connection.queue(try json.line(event), now: now)
                } catch {
                    connection.logger.error("cannot encode \(event.event.rawValue) event: \(error)")
                }
            }
            flush(connection, now: now)
        }
    }
}
