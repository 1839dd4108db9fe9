import CrateFormats
import CratePosix
import CrateHTTP
import Glibc
import Logging

/// Fetches one track over HTTP on its own thread (`crate-stream`) into a spool file as
/// it arrives. A connection that drops is resumed with a Range request from the bytes
/// already received; the fetch gives up once nothing has arrived for the stall timeout.
/// The decoder reads the spool through `StreamByteSource`, at offsets of its choosing.
final class StreamFetcher: Sendable {
    struct State {
        var received = 0
        var total: Int?
        var finished = false
        var failure: String?
        var lastProgress = MonotonicClock.now()
    }

    let state = ConditionLocked(State())
    private let cancel = CancelToken()
    let request: StreamRequest
    /// The spool: an unlinked file, so nothing is left behind whatever happens, and a
    /// long hi-res track costs disk, not the board's memory.
    let spool: Int32

    init(request: StreamRequest, http: HTTPClient, logger: Logger) throws(DecodeError) {
        self.request = request
        spool = Self.makeSpool(directory: request.spoolDirectory)
        guard spool >= 0 else {
            throw DecodeError(path: request.url, reason: "cannot make a spool file in \(request.spoolDirectory): \(errnoDescription(errno))")
        }
        state.withLock { $0.total = request.expectedBytes }
        do {
            _ = try PosixThread.spawn(name: "crate-stream") { [self] in run(http: http, logger: logger) }
        } catch {
            throw DecodeError(path: request.url, reason: "cannot start fetching: \(error)")
        }
    }

    func stop() { cancel.cancel() }

    deinit { close(spool) }

    private static func makeSpool(directory: String) -> Int32 {
        var template = Array((directory + "/crate-stream-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        return fd
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
                    let at = state.withLock { $0.received }
                    guard writeAll(bytes, at: at) else {
                        fail("cannot write the stream's spool file: \(errnoDescription(errno))")
                        return false
                    }
                    state.withLockAndBroadcast { s in
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

    private func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = pwrite(spool, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    private func fail(_ reason: String) {
        state.withLockAndBroadcast { $0.failure = reason }
    }
}

/// URLs in messages without their query (which may carry a token).
enum Redacted {
    static func url(_ url: String) -> String { String(url.split(separator: "?").first ?? "") }
}
