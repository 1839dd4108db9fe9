internal import CCurl
internal import CCurlShims

/// One request on one handle: options set, run to its end, the outcome turned into
/// either a settled TransferContext or an HTTPError.
extension CurlHandle {
    func transfer(_ request: HTTPRequest, context: TransferContext, compressed: Bool) throws(HTTPError) {
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { crate_curl_slist_free_all(headerList) }
        guard configure(request, context: context, compressed: compressed, headerList: &headerList) else {
            throw HTTPError(.transport, request, "curl refused an option")
        }
        switch perform(context: context) {
        case .cancelled:
            throw HTTPError(.cancelled, request, "cancelled")
        case .stalled(let seconds):
            throw HTTPError(.timedOut, request, "timed out: no data for \(formatSeconds(seconds)) s")
        case .failed(let reason):
            throw HTTPError(.transport, request, reason)
        case .finished(let code):
            context.settle(status: responseCode)
            if code == CURLE_OK {
                context.deliverResponse()
                return
            }
            // A consumer's "stop" surfaces as a write error: it is how it was asked for.
            if code == CURLE_WRITE_ERROR && context.stoppedByConsumer { return }
            throw error(for: code, request: request, context: context)
        }
    }

    private func error(for code: CURLcode, request: HTTPRequest, context: TransferContext) -> HTTPError {
        let reason = reason(for: code)
        switch code {
        case CURLE_ABORTED_BY_CALLBACK where context.cancelledByCallback:
            return HTTPError(.cancelled, request, "cancelled")
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return HTTPError(.cannotConnect, request, "cannot connect: \(reason)")
        case CURLE_OPERATION_TIMEDOUT:
            // No connection within connectTimeout means the host is unreachable, which
            // callers treat as offline; a stall or slowness after connecting is a timeout.
            return context.connected
                ? HTTPError(.timedOut, request, "timed out: \(reason)")
                : HTTPError(.cannotConnect, request, "cannot connect: \(reason)")
        case CURLE_URL_MALFORMAT:
            return HTTPError(.badURL, request, "bad URL: \(reason)")
        case CURLE_UNSUPPORTED_PROTOCOL:
            // Before connecting it is the URL's scheme; after, a server talking nonsense.
            return context.connected
                ? HTTPError(.transport, request, reason)
                : HTTPError(.badURL, request, "bad URL: \(reason)")
        case CURLE_FILESIZE_EXCEEDED:
            return HTTPError(.tooLarge, request, "too large: \(reason)")
        default:
            guard context.status > 0 else { return HTTPError(.transport, request, reason) }
            var error = HTTPError(.transport, request, "\(reason) (after the server answered \(context.status))")
            error.answeredStatus = context.status
            return error
        }
    }

    /// Sets every option the request needs; false when curl refused one.
    private func configure(_ request: HTTPRequest, context: TransferContext, compressed: Bool,
                           headerList: inout UnsafeMutablePointer<curl_slist>?) -> Bool {
        var ok = true
        func check(_ code: CURLcode) { if code != CURLE_OK { ok = false } }
        func set(_ option: CURLoption, _ value: Int) { check(crate_curl_setopt_long(easy, option, value)) }
        func set(_ option: CURLoption, _ value: String) { check(crate_curl_setopt_str(easy, option, value)) }

        check(crate_curl_setopt_str(easy, CURLOPT_URL, request.url))
        set(CURLOPT_NOSIGNAL, 1)  // no SIGALRM for DNS timeouts: other threads must not see signals
        set(CURLOPT_FOLLOWLOCATION, 1)
        set(CURLOPT_MAXREDIRS, 5)
        set(CURLOPT_PROTOCOLS_STR, "http,https")  // a redirect must not reach file:// or others
        set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        set(CURLOPT_USERAGENT, "Crate")
        set(CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(request.connectTimeout * 1000)))
        set(CURLOPT_TIMEOUT_MS, request.totalTimeout.map { max(1, Int($0 * 1000)) } ?? 0)
        if let start = request.rangeStart { set(CURLOPT_RANGE, "\(max(0, start))-") }
        // Every encoding curl can decode; never with a Range, whose offsets count raw bytes.
        if compressed && request.rangeStart == nil { set(CURLOPT_ACCEPT_ENCODING, "") }
        configureMethod(request, set: set, setText: set)

        // The body is posted as given; "Expect:" stops curl waiting for a 100-continue.
        var lines = request.body == nil ? [] : ["Expect:"]
        // curl drops a header given with no value unless it is written "Name;".
        lines += request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        for line in lines {
            guard let appended = crate_curl_slist_append(headerList, line) else { return false }
            headerList = appended
        }
        if let headerList { check(crate_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)) }

        let pointer = Unmanaged.passUnretained(context).toOpaque()
        check(crate_curl_setopt_write_function(easy) { data, size, count, raw in
            let context = Unmanaged<TransferContext>.fromOpaque(raw!).takeUnretainedValue()
            let length = size * count
            return context.body(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
        })
        check(crate_curl_setopt_ptr(easy, CURLOPT_WRITEDATA, pointer))
        check(crate_curl_setopt_header_function(easy) { data, size, count, raw in
            let context = Unmanaged<TransferContext>.fromOpaque(raw!).takeUnretainedValue()
            context.header(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        })
        check(crate_curl_setopt_ptr(easy, CURLOPT_HEADERDATA, pointer))
        check(crate_curl_setopt_xferinfo_function(easy) { raw, _, _, _, _ in
            Unmanaged<TransferContext>.fromOpaque(raw!).takeUnretainedValue().shouldContinue() ? 0 : 1
        })
        check(crate_curl_setopt_ptr(easy, CURLOPT_XFERINFODATA, pointer))
        set(CURLOPT_NOPROGRESS, 0)
        check(crate_curl_setopt_prereq_function(easy) { raw, _, _, _, _ in
            Unmanaged<TransferContext>.fromOpaque(raw!).takeUnretainedValue().markConnected()
            return 0  // CURL_PREREQFUNC_OK
        })
        check(crate_curl_setopt_ptr(easy, CURLOPT_PREREQDATA, pointer))
        return ok
    }

    private func configureMethod(_ request: HTTPRequest, set: (CURLoption, Int) -> Void,
                                 setText: (CURLoption, String) -> Void) {
        let method = request.method.uppercased()
        let sendsBody = request.body != nil || ["POST", "PUT", "PATCH"].contains(method)
        if method == "HEAD" {
            set(CURLOPT_NOBODY, 1)
        } else if method == "GET" && request.body == nil {
            set(CURLOPT_HTTPGET, 1)
        } else if sendsBody {
            // Posted from curl's own copy: the Swift array need not outlive this call.
            let body = request.body ?? []
            set(CURLOPT_POST, 1)
            _ = crate_curl_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                if let start = bytes.baseAddress {
                    _ = crate_curl_setopt_ptr(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: start))
                } else {
                    // Never a null pointer: curl would then read the body from elsewhere.
                    _ = crate_curl_setopt_str(easy, CURLOPT_COPYPOSTFIELDS, "")
                }
            }
            if method != "POST" { setText(CURLOPT_CUSTOMREQUEST, method) }
        } else {
            setText(CURLOPT_CUSTOMREQUEST, method)  // DELETE and friends, without a body
        }
    }
}
