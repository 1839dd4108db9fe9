import CratePosix
import CrateCore
import Logging
import Glibc

/// The control loop's clocks: a client that stops reading, a request left half-sent,
/// room made by the client silent the longest, and how long poll() may sleep.
extension ControlLoop {
    func expire(now: Double) {
        for connection in Array(connections.values) {
            if let stalled = connection.stalledSince, now - stalled >= Self.sendTimeoutSeconds {
                connection.logger.warning(
                    "control client stopped reading; dropped it after \(Int(Self.sendTimeoutSeconds)) s with output unsent")
                drop(connection)
                continue
            }
            // A half-sent request is timed out; a client that is only quiet (a script
            // holding its connection between commands) stays until room is needed.
            guard case .reading(let since) = connection.phase, !connection.closeWhenFlushed,
                  connection.lines.holdsPartialLine, now - since >= limits.requestTimeout else { continue }
            close(connection, saying: "request not finished within \(Int(limits.requestTimeout)) s "
                + "([control] request_timeout); closing the connection", now: now)
        }
    }

    /// With every place taken, the client silent the longest (past `request_timeout`)
    /// makes room for a new one, so silent clients cannot lock the admin out. False when
    /// none is silent that long: the newcomer is refused.
    func evictSilentClient(now: Double) -> Bool {
        var oldest: (connection: ControlConnection, since: Double)?
        for connection in connections.values {
            guard case .reading(let since) = connection.phase, !connection.closeWhenFlushed,
                  !connection.lines.holdsPartialLine, now - since >= limits.requestTimeout else { continue }
            if oldest == nil || since < oldest!.since { oldest = (connection, since) }
        }
        guard let oldest else { return false }
        close(oldest.connection, saying: "no request within \(Int(limits.requestTimeout)) s ([control] request_timeout) "
            + "and the socket is full; closing the connection", now: now)
        return true
    }

    func close(_ connection: ControlConnection, saying message: String, now: Double) {
        connection.logger.info("\(message)")
        connection.queue(json.replyLine(.failure(message)).bytes, now: now)
        _ = connection.flush(now: now)
        drop(connection)
    }

    /// Milliseconds until the nearest deadline, -1 (wait for I/O) when there is none.
    func pollTimeout(now: Double) -> Int32 {
        var nearest = Double.infinity
        if now < acceptResumes { nearest = acceptResumes }
        for connection in connections.values {
            if let stalled = connection.stalledSince { nearest = min(nearest, stalled + Self.sendTimeoutSeconds) }
            if case .reading(let since) = connection.phase, connection.lines.holdsPartialLine {
                nearest = min(nearest, since + limits.requestTimeout)
            }
        }
        guard nearest.isFinite else { return -1 }
        return Int32(max(0, ((nearest - now) * 1000).rounded(.up)).clamped(to: 0...60_000))
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
