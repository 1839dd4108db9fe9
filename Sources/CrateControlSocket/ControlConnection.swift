import CratePosix
import CrateCore
import CrateRouter
import CrateWire
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// One client of the control socket, as the control loop sees it: a non-blocking
/// descriptor, the request bytes received so far, the reply bytes not yet written, and
/// where the conversation stands. Only the loop's thread touches it.
final class ControlConnection {
    enum Phase {
        /// Waiting for a request line, counted from `since` (connecting or the last reply).
        case reading(since: Double)
        /// A request is with the workers.
        case busy
        /// `subscribe` is with the workers; events already collect in the outbox.
        case subscribing(SubscriberOutbox)
        /// Only events flow now; input is read and ignored.
        case subscribed(EventSubscription, SubscriberOutbox)
    }

    enum IOResult {
        case ok
        /// The peer is gone or the socket failed; `error` is nil for an orderly hang-up.
        case gone(PosixError?)
    }

    let id: Int
    let fd: Int32
    let logger: Logger
    var lines = LineBuffer(maxLineBytes: ControlProtocol.maxRequestBytes)
    var phase: Phase
    /// The client shut down its writing side (or closed); replies may still be owed.
    var inputClosed = false
    /// Close once the output is written (after a refusal or the last reply).
    var closeWhenFlushed = false
    private var output: [UInt8] = []
    private var outputStart = 0
    /// Since when output has been waiting without the client taking any of it.
    private(set) var stalledSince: Double?

    init(id: Int, fd: Int32, now: Double, logger: Logger) {
        self.id = id
        self.fd = fd
        phase = .reading(since: now)
        var logger = logger
        logger[metadataKey: "connection"] = "\(id)"
        self.logger = logger
    }

    var pendingOutputBytes: Int { output.count - outputStart }

    var isSubscriber: Bool {
        switch phase {
        case .subscribing, .subscribed: true
        case .reading, .busy: false
        }
    }

    /// What to poll for: input while a request may arrive (or a subscriber may send
    /// something to discard), output while some is pending. Hang-ups are always reported.
    var pollEvents: Int16 {
        var events: Int16 = 0
        switch phase {
        case .reading, .subscribed:
            if !inputClosed && !closeWhenFlushed { events |= Int16(POLLIN) }
        case .busy, .subscribing:
            break
        }
        if pendingOutputBytes > 0 { events |= Int16(POLLOUT) }
        return events
    }

    func queue(_ bytes: [UInt8], now: Double) {
        if pendingOutputBytes == 0 { stalledSince = now }
        output.append(contentsOf: bytes)
    }

    /// Writes as much pending output as the socket takes without waiting.
    func flush(now: Double) -> IOResult {
        while outputStart < output.count {
            let n = output.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + outputStart, raw.count - outputStart, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if n > 0 {
                outputStart += n
                stalledSince = now
                continue
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .ok }
            return .gone(code == EPIPE || code == ECONNRESET ? nil : PosixError(call: "send", code: code))
        }
        output.removeAll(keepingCapacity: output.capacity <= 65536)
        outputStart = 0
        stalledSince = nil
        return .ok
    }

    /// Reads what is available into the line buffer (or discards it, for a subscriber).
    func receive(into scratch: inout [UInt8]) -> IOResult {
        let n = scratch.withUnsafeMutableBytes { raw in recv(fd, raw.baseAddress!, raw.count, Int32(MSG_DONTWAIT)) }
        if n > 0 {
            if !isSubscriber { lines.append(scratch[0..<n]) }
            return .ok
        }
        if n == 0 {
            inputClosed = true
            return .ok
        }
        let code = errno
        if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { return .ok }
        return .gone(code == ECONNRESET ? nil : PosixError(call: "recv", code: code))
    }

    /// Releases everything: stops the events and closes the descriptor.
    func close() {
        switch phase {
        case .subscribed(let token, let outbox):
            token.cancel()
            outbox.close()
        case .subscribing(let outbox):
            outbox.close()
        case .reading, .busy:
            break
        }
        Glibc.close(fd)
    }

    /// Who connected, for the log: the socket's mode decides who may, this records who did.
    func peerMetadata() -> Logger.Metadata {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } — the type itself is behind
        // _GNU_SOURCE, which Glibc's module map does not define.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return [:] }
        return ["pid": "\(credentials.pid)", "uid": "\(credentials.uid)"]
    }
}
