import CratePosix
import CrateHTTP
import Glibc
import Logging

/// Fetches one track over HTTP on its own thread (`crate-stream`) into memory as it
/// arrives. A connection that drops is resumed with a Range request from the bytes
/// already received; the fetch gives up once nothing has arrived for the stall timeout.
/// The decoder takes the bytes out as it feeds them to libmpg123.
final class StreamFetcher: Sendable {
    struct State {
        var pending: [UInt8] = []
        var received = 0
        var total: Int?
        var finished = false
        var failure: String?
        var lastProgress = MonotonicClock.now()
    }

    let state = ConditionLocked(State())
    private let cancel = CancelToken()
    let request: StreamRequest

    init(request: StreamRequest, http: HTTPClient, logger: Logger) throws(DecodeError) {
        self.request = request
        state.withLock { $0.total = request.expectedBytes }
        do {
            _ = try PosixThread.spawn(name: "crate-stream") { [self] in run(http: http, logger: logger) }
        } catch {
            throw DecodeError(path: request.url, reason: "cannot start fetching: \(error)")
        }
    }

    func stop() { cancel.cancel() }

    /// The bytes that arrived since the last call, and whether more may come.
    func take() -> (bytes: [UInt8], more: Bool, failure: String?, sinceProgress: Double) {
        state.withLock { s in
            let bytes = s.pending
            s.pending.removeAll(keepingCapacity: true)
            return (bytes, !s.finished && s.failure == nil, s.failure, MonotonicClock.now() - s.lastProgress)
        }
    }

    private func run(http: HTTPClient, logger: Logger) {
        var attempt = 0
        while !cancel.isCancelled {
            let have = state.withLock { $0.received }
            if have > 0 && attempt > 0 && state.withLock({ MonotonicClock.now() - $0.lastProgress }) < 1 {
                attempt = 1  // the last try moved on: a new cut is not a failing server
            }
            var get = HTTPRequest(url: request.url, headers: request.headers)
            get.rangeStart = have > 0 ? have : nil
            get.lowSpeedTimeout = request.stallTimeout
            var status = 0
            do {
                let result = try http.stream(get, cancel: cancel, onResponse: { code, headers in
                    status = code
                    guard code == 200 || code == 206 else { return false }
                    if code == 200 && have > 0 {
                        // The server ignored the Range: the bytes already fed must not come again.
                        return false
                    }
                    if let length = headers["content-length"].flatMap(Int.init) {
                        state.withLock { $0.total = $0.total ?? (have + length) }
                    }
                    return true
                }, onData: { bytes in
                    state.withLockAndBroadcast { s in
                        s.pending.append(contentsOf: bytes)
                        s.received += bytes.count
                        s.lastProgress = MonotonicClock.now()
                    }
                    return !cancel.isCancelled
                })
                status = result.status
                if status == 200 && have > 0 {
                    return fail("the server ignored the Range request, so the stream cannot resume")
                }
                if status == 200 || status == 206 {
                    let (received, total) = state.withLock { ($0.received, $0.total) }
                    if total == nil || received >= total! {
                        state.withLockAndBroadcast { $0.finished = true }
                        return
                    }
                } else {
                    return fail(status == 200 ? "the server does not resume streams (no Range support)"
                                : "the server answered \(status)")
                }
            } catch {
                if error.kind == .cancelled { return }
                // Nothing yet and no server there at all: say so now, not after the stall timeout.
                if error.kind == .cannotConnect && state.withLock({ $0.received }) == 0 {
                    return fail("cannot reach the server: \(error.message)")
                }
                logger.warning("stream \(Redacted.url(request.url)): \(error.message); resuming")
            }
            // Dropped or cut short: wait a little and resume, until the stall timeout.
            attempt += 1
            let silent = state.withLock { MonotonicClock.now() - $0.lastProgress }
            if silent >= request.stallTimeout {
                return fail("no data for \(Int(request.stallTimeout)) s (the server or the network is gone)")
            }
            usleep(UInt32(min(1.0, 0.05 * Double(attempt * attempt)) * 1_000_000))
        }
    }

    private func fail(_ reason: String) {
        state.withLockAndBroadcast { $0.failure = reason }
    }
}

/// URLs in messages without their query (which may carry a token).
enum Redacted {
    static func url(_ url: String) -> String { String(url.split(separator: "?").first ?? "") }
}
