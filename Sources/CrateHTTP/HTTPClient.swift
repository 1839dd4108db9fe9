internal import CratePosix
import Logging

/// HTTP for the whole box (Plex lists, plex.tv sign-in, audio streams, downloads) over
/// libcurl. Calls block the calling thread: run them off the audio and UI paths. Safe to
/// use from many threads at once; keep one client per process so connections are shared.
public final class HTTPClient: Sendable {
    private let logger: Logger
    private let pool: HandlePool

    /// `maxConnections`: idle handles (with their keep-alive connections) kept for reuse.
    /// More simultaneous requests are still served, each on a fresh handle closed afterwards.
    public init(logger: Logger, maxConnections: Int = 4) {
        self.logger = logger
        pool = HandlePool(capacity: maxConnections)
    }

    /// One request, body collected (refuses bodies over maxBodyBytes with .tooLarge). Retries per policy;
    /// honours Retry-After (delta-seconds or an HTTP-date) on 429/503, never sleeping past maxDelay; the
    /// last response is returned when retries run out (the caller decides what a 503 means).
    public func send(_ request: HTTPRequest, retry: RetryPolicy = .standard, maxBodyBytes: Int = 32 << 20,
                     cancel: CancelToken? = nil) throws(HTTPError) -> HTTPResponse {
        let attempts = max(1, retry.attempts)
        var attempt = 1
        while true {
            let pause: Double
            let why: String
            do {
                let response = try collect(request, maxBodyBytes: maxBodyBytes, cancel: cancel)
                guard attempt < attempts,
                      let delay = retry.delay(for: response, afterAttempt: attempt, now: RetryAfter.wallClock())
                else { return response }
                pause = delay
                why = redactingTokens("\(request.method) \(request.url): HTTP \(response.status)")
            } catch {
                guard attempt < attempts, retry.retryTransportErrors, error.isTransient else { throw error }
                pause = retry.backoff(afterAttempt: attempt)
                why = error.message  // already names the request, token redacted
            }
            logger.info("\(why); attempt \(attempt + 1) of \(attempts) in \(formatSeconds(pause)) s")
            if sleep(pause, cancel: cancel) { throw HTTPError(.cancelled, request, "cancelled") }
            attempt += 1
        }
    }

    /// A body streamed to `onData` as it arrives (no retry: the caller resumes with rangeStart).
    /// `onResponse` sees status and headers before any body byte and may return false to stop.
    /// onData returns false to stop early (that is not an error). Returns the final status and headers.
    /// Both closures run on the calling thread. The bytes are the resource's own (no
    /// compression is asked for), so Content-Length and Range offsets count what onData sees.
    public func stream(_ request: HTTPRequest, cancel: CancelToken? = nil,
                       onResponse: (Int, [String: String]) -> Bool,
                       onData: (UnsafeRawBufferPointer) -> Bool) throws(HTTPError) -> (status: Int, headers: [String: String]) {
        try transfer(request, cancel: cancel, compressed: false, onResponse: onResponse, onData: onData)
    }

    /// One transfer on a pooled handle. `compressed` asks for gzip & co, decoded on the fly.
    private func transfer(_ request: HTTPRequest, cancel: CancelToken?, compressed: Bool,
                          onResponse: (Int, [String: String]) -> Bool,
                          onData: (UnsafeRawBufferPointer) -> Bool) throws(HTTPError) -> (status: Int, headers: [String: String]) {
        if cancel?.isCancelled == true { throw HTTPError(.cancelled, request, "cancelled") }
        guard let handle = pool.checkout() else { throw HTTPError(.transport, request, CurlHandle.problem ?? "cannot create a curl handle") }
        defer { pool.checkin(handle) }
        // The closures only live for this call; curl reaches them through the context.
        let outcome: Result<(status: Int, headers: [String: String]), HTTPError> =
            withoutActuallyEscaping(onResponse) { onResponse in
                withoutActuallyEscaping(onData) { onData in
                    let context = TransferContext(
                        cancel: cancel, stallLimit: request.lowSpeedTimeout, onResponse: onResponse, onData: onData)
                    do throws(HTTPError) {
                        try handle.transfer(request, context: context, compressed: compressed)
                        return .success((context.status, context.headers))
                    } catch {
                        return .failure(error)
                    }
                }
            }
        if case .failure(let error) = outcome {
            logger.debug("\(error.message)")
        }
        return try outcome.get()
    }

    /// One try of `send`: the body gathered in memory, refused beyond `maxBodyBytes`.
    private func collect(_ request: HTTPRequest, maxBodyBytes: Int, cancel: CancelToken?) throws(HTTPError) -> HTTPResponse {
        var body: [UInt8] = []
        var declaredLength: Int?
        var encoded = false
        var started = false
        var tooLarge = false
        // Lists compress well (Plex JSON by 5-10x); the body is collected, so offsets do not matter.
        let (status, headers) = try transfer(request, cancel: cancel, compressed: true, onResponse: { _, headers in
            declaredLength = headers["content-length"].flatMap { Int($0.trimmingSpaces()) }
            encoded = headers["content-encoding"].map { $0 != "identity" } ?? false
            return true
        }, onData: { chunk in
            if !started {
                started = true
                // Refuse before reading when the server says how much is coming.
                if let declaredLength, declaredLength > maxBodyBytes, !encoded {
                    tooLarge = true
                    return false
                }
                // One allocation for the whole body (no doubling): it matters on 512 MB.
                if let declaredLength, !encoded { body.reserveCapacity(declaredLength) }
            }
            guard body.count + chunk.count <= maxBodyBytes else {
                tooLarge = true
                return false
            }
            body.append(contentsOf: chunk)
            return true
        })
        if tooLarge { throw HTTPError(.tooLarge, request, "body larger than \(maxBodyBytes) bytes") }
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}

/// "1.25": seconds for a log line, without Foundation's formatting.
func formatSeconds(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
