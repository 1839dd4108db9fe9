internal import CCurl
internal import CCurlShims

/// libcurl is opened and initialised once per process, on first use (a box that never
/// goes online never maps it); Swift runs a global's initialiser exactly once even when
/// several threads race to it. nil: ready; else why libcurl cannot be used.
private let curlProblem: String? = crate_curl_open().map { String(cString: $0) }

/// An easy handle and the multi handle that drives it. Kept in the client's pool
/// between requests so its keep-alive connections, DNS cache and TLS sessions carry
/// over: a sync's dozens of requests then share one connection.
///
/// Driven through a multi handle rather than curl_easy_perform so the waiting loop can
/// look at the CancelToken every 100 ms; curl's progress callback alone may be called
/// only once a second while a connection stalls.
final class CurlHandle: @unchecked Sendable {
    // @unchecked: one request at a time uses it; the pool's lock hands it between threads.
    let easy: UnsafeMutableRawPointer
    private let multi: UnsafeMutableRawPointer
    /// curl writes a human-readable reason here when a transfer fails.
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// Why no handle can be made (libcurl missing or broken), nil when it can.
    static var problem: String? { curlProblem }

    init?() {
        guard curlProblem == nil, let easy = crate_curl_easy_init() else { return nil }
        guard let multi = crate_curl_multi_init() else {
            crate_curl_easy_cleanup(easy)
            return nil
        }
        self.easy = easy
        self.multi = multi
        // A request reuses whichever idle handle it gets; two cached connections per
        // handle cover "the server and plex.tv" without hoarding sockets.
        _ = crate_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 2)
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        crate_curl_multi_cleanup(multi)
        crate_curl_easy_cleanup(easy)
        errorBuffer.deallocate()
    }

    /// Back to default options (callbacks and context pointers included) between
    /// requests; connections and caches stay.
    func reset() {
        crate_curl_easy_reset(easy)
    }

    /// What ended a transfer.
    enum Ending {
        case finished(CURLcode)
        /// The CancelToken fired while waiting on the network.
        case cancelled
        /// Connected, but no byte arrived for the request's lowSpeedTimeout (seconds).
        case stalled(Double)
        /// The multi interface itself failed (out of memory and the like).
        case failed(String)
    }

    /// Runs the configured transfer to its end on the calling thread; callbacks run here too.
    func perform(context: TransferContext) -> Ending {
        let cancel = context.cancel
        errorBuffer[0] = 0
        _ = crate_curl_setopt_ptr(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        let added = crate_curl_multi_add_handle(multi, easy)
        guard added == CURLM_OK else { return .failed(String(cString: crate_curl_multi_strerror(added))) }
        defer { crate_curl_multi_remove_handle(multi, easy) }  // also halts a cancelled transfer
        // Wake every 100 ms to look at the token, every 250 ms to look for a stall.
        let pollMilliseconds: Int32 = cancel == nil ? 250 : 100
        var running: Int32 = 1
        while true {
            let step = crate_curl_multi_perform(multi, &running)
            guard step == CURLM_OK else { return .failed(String(cString: crate_curl_multi_strerror(step))) }
            if running == 0 { break }
            if cancel?.isCancelled == true { return .cancelled }
            if let limit = context.stallLimit, context.quietSeconds() > limit { return .stalled(limit) }
            let waited = crate_curl_multi_poll(multi, pollMilliseconds)
            guard waited == CURLM_OK else { return .failed(String(cString: crate_curl_multi_strerror(waited))) }
        }
        var result = CURLE_OK
        guard crate_curl_multi_result(multi, &result) != 0 else { return .failed("transfer ended without a result") }
        return .finished(result)
    }

    /// curl's explanation of the last failure: its error buffer, else the code's text.
    func reason(for code: CURLcode) -> String {
        errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: crate_curl_easy_strerror(code))
    }

    var responseCode: Int {
        var code = 0
        _ = crate_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &code)
        return code
    }
}
