import CratePosix
import CrateCore
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One client of the control socket, served by its own thread: read a line, answer it,
/// repeat. After `subscribe` the connection only carries events, written by a second
/// thread from a `SubscriberOutbox` so the event source never waits on this client.
final class ControlConnection: Sendable {
    /// How long one write may wait for a client that is not reading before we give up on it.
    static let sendTimeoutSeconds = 10

    let id: Int
    /// The descriptor, -1 once closed. Other threads only ever `shutdown` it, under this
    /// lock, so they can never hit a number the kernel has already reused.
    private let socket: Mutex<Int32>
    /// The same descriptor for this connection's own threads, which use it only while open.
    private let fd: Int32
    private let handler: any ControlHandler
    private let logger: Logger

    init(id: Int, fd: Int32, handler: any ControlHandler, logger: Logger) {
        self.id = id
        self.fd = fd
        socket = Mutex(fd)
        self.handler = handler
        var logger = logger
        logger[metadataKey: "connection"] = "\(id)"
        self.logger = logger
        SocketIO.setSendTimeout(fd, seconds: Self.sendTimeoutSeconds)
    }

    /// Ends the conversation from any thread: blocked reads return end-of-stream and
    /// blocked writes fail, so both of this connection's threads wind down.
    func shutdown() {
        socket.withLock { fd in
            if fd >= 0 { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// The reader thread's body. Returns once the client is gone (or shut down) and
    /// every resource of the connection has been released.
    func serve() {
        logger.debug("control client connected", metadata: peerMetadata())
        let json = JSONLines()
        var reader = LineReader(maxLineBytes: ControlProtocol.maxRequestBytes)
        defer { close() }
        while true {
            let next: LineReader.Next
            do throws(PosixError) {
                next = try reader.next { (buffer) throws(PosixError) in try SocketIO.receive(fd, into: &buffer) }
            } catch {
                if error.code != ECONNRESET { logger.warning("control socket read failed: \(error)") }
                return
            }
            switch next {
            case .end:
                logger.debug("control client disconnected")
                return
            case .tooLong:
                let limit = ControlProtocol.maxRequestBytes
                logger.warning("request longer than \(limit) bytes; closing the connection")
                _ = send(.failure("request too long: more than \(limit) bytes without a newline; closing the connection"), json)
                return
            case .line(let bytes):
                if bytes.allSatisfy(Self.isBlank) { continue }
                switch RequestValidator.validate(line: bytes, json: json) {
                case .failure(let invalid):
                    // The start of the line shows which script or typo sent it.
                    let sample = String(decoding: bytes.prefix(200), as: UTF8.self)
                    logger.notice("refused control request: \(invalid.message)", metadata: ["request": "\(sample)"])
                    guard send(.failure(invalid.message), json) else { return }
                case .success(let valid) where valid.command == .subscribe:
                    guard let subscription = subscribe(json) else { continue }
                    serveSubscriber(subscription)
                    return
                case .success(let valid):
                    let reply = handler.handle(valid.request)
                    if !reply.ok {
                        logger.info("\(valid.command.rawValue) failed: \(reply.error ?? "no reason given")")
                    }
                    guard send(reply, json) else { return }
                }
            }
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Writes one reply from the reader thread; false when the client is gone.
    private func send(_ reply: ControlReply, _ json: JSONLines) -> Bool {
        let (bytes, encodingError) = json.replyLine(reply)
        if let encodingError { logger.error("cannot encode control reply: \(encodingError)") }
        do throws(PosixError) {
            try SocketIO.sendAll(fd, bytes)
            return true
        } catch {
            logWriteFailure(error, what: "reply")
            return false
        }
    }

    private func logWriteFailure(_ error: PosixError, what: String) {
        switch error.code {
        case EPIPE, ECONNRESET:
            logger.debug("control client went away before reading its \(what)")
        case EAGAIN, EWOULDBLOCK:
            logger.warning("control client stopped reading; dropped it after \(Self.sendTimeoutSeconds) s with a \(what) unsent")
        default:
            logger.warning("cannot write \(what) to control client: \(error)")
        }
    }

    // MARK: - Subscribers

    private struct Subscription {
        var token: EventSubscription
        var outbox: SubscriberOutbox
        var writer: pthread_t
    }

    /// Answers `subscribe` and starts the event flow; nil when the subscription did not
    /// start (the status reply failed: it has been sent as the answer instead).
    private func subscribe(_ json: JSONLines) -> Subscription? {
        let outbox = SubscriberOutbox { [logger] queued in
            logger.warning("dropping event subscriber: it stopped reading (\(queued) events queued)")
            self.shutdown()
        }
        // Subscribe before taking the status snapshot so no event falls between the two;
        // events that arrive meanwhile wait in the outbox until the reply has been written.
        let token = handler.subscribe { event in outbox.push(event) }
        let status = handler.handle(ControlRequest(cmd: .status))
        guard status.ok else {
            token.cancel()
            logger.info("subscribe failed: \(status.error ?? "status unavailable")")
            _ = send(status, json)
            return nil
        }
        let (firstLine, encodingError) = json.replyLine(status)
        if let encodingError { logger.error("cannot encode subscribe reply: \(encodingError)") }
        do throws(PosixError) {
            let writer = try PosixThread.spawn(name: "crate-ctl-w\(id)", detached: false) {
                self.writeEvents(from: outbox, after: firstLine)
            }
            logger.debug("control client subscribed to events")
            return Subscription(token: token, outbox: outbox, writer: writer)
        } catch {
            token.cancel()
            logger.error("cannot start event writer thread: \(error)")
            _ = send(.failure("internal error: cannot start event writer: \(error.message)"), json)
            return nil
        }
    }

    /// Keeps a subscriber's connection until the client hangs up or is dropped, then
    /// stops its events. Input from a subscriber is read and ignored: after `subscribe`
    /// the connection only carries events (use another connection for commands).
    private func serveSubscriber(_ subscription: Subscription) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        // A receive error (reset) ends the subscription exactly as end of input does.
        while let n = try? SocketIO.receive(fd, into: &scratch), n > 0 {}
        // End of input may just be a half-close (`socat` does that at the end of its
        // stdin); such a client still reads, so keep writing until it is really gone.
        SocketIO.waitForHangUp(fd)
        subscription.token.cancel()
        subscription.outbox.close()
        // The writer may be blocked in send(); shutting the socket down releases it.
        shutdown()
        PosixThread.join(subscription.writer)
        logger.debug("event subscriber disconnected")
    }

    /// The writer thread's body: the subscribe reply first, then events as they come.
    private func writeEvents(from outbox: SubscriberOutbox, after firstLine: [UInt8]) {
        let json = JSONLines()
        do throws(PosixError) {
            try SocketIO.sendAll(fd, firstLine)
            while let events = outbox.takeAll() {
                for event in events {
                    let line: [UInt8]
                    do {
                        line = try json.line(event)
                    } catch {
                        logger.error("cannot encode \(event.event.rawValue) event: \(error)")
                        continue
                    }
                    try SocketIO.sendAll(fd, line)
                }
            }
        } catch {
            logWriteFailure(error, what: "event")
            outbox.close()
            shutdown()
        }
    }

    private func close() {
        socket.withLock { fd in
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }
    }

    /// Who connected, for the log: the socket's mode decides who may, this records who did.
    private func peerMetadata() -> Logger.Metadata {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } — the type itself is behind
        // _GNU_SOURCE, which Glibc's module map does not define.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return [:] }
        return ["pid": "\(credentials.pid)", "uid": "\(credentials.uid)"]
    }
}
