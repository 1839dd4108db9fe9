internal import CratePosix

/// The Swift side of one transfer's curl callbacks, reached through the context pointer
/// curl hands back. Collects the final response's status and headers, passes body bytes
/// on, and remembers why a transfer was stopped so the ending can be told apart from a
/// failure.
final class TransferContext {
    let cancel: CancelToken?
    /// Seconds without a byte, once connected, that end the transfer (nil = never).
    let stallLimit: Double?
    private let onResponse: (Int, [String: String]) -> Bool
    private let onData: (UnsafeRawBufferPointer) -> Bool

    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    /// A connection was established or reused: a timeout after this is not "unreachable".
    private(set) var connected = false
    /// The consumer returned false (onResponse or onData): a chosen stop, not an error.
    private(set) var stoppedByConsumer = false
    private(set) var cancelledByCallback = false
    private var responseDelivered = false
    /// Monotonic time of the last sign of life: connection made, header or body bytes.
    private var lastActivity = MonotonicClock.now()

    init(cancel: CancelToken?, stallLimit: Double?, onResponse: @escaping (Int, [String: String]) -> Bool,
         onData: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.cancel = cancel
        self.stallLimit = stallLimit.flatMap { $0 > 0 ? $0 : nil }
        self.onResponse = onResponse
        self.onData = onData
    }

    /// One header line, CRLF included. Each status line starts a new header block, so
    /// after redirects and 100-continue only the final response's headers remain.
    func header(_ line: UnsafeRawBufferPointer) {
        // Lines after the body started are trailers; the response was already handed over.
        guard !responseDelivered else { return }
        lastActivity = MonotonicClock.now()
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            let fields = text.split(separator: " ", maxSplits: 2)
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            headers = [:]
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }  // the blank end line
        let name = text[..<colon].trimmingSpaces().lowercased()
        let value = text[text.index(after: colon)...].trimmingSpaces()
        guard !name.isEmpty else { return }
        if let earlier = headers[name] {
            headers[name] = earlier + ", " + value
        } else {
            headers[name] = value
        }
    }

    /// Body bytes of the final response (curl skips the bodies of redirects it follows).
    /// False stops the transfer.
    func body(_ chunk: UnsafeRawBufferPointer) -> Bool {
        lastActivity = MonotonicClock.now()
        guard deliverResponse() else { return false }
        if !onData(chunk) {
            stoppedByConsumer = true
            return false
        }
        return true
    }

    /// Hands status and headers over once, before the first body byte; a response with
    /// no body (HEAD, 204) gets them when the transfer ends.
    @discardableResult
    func deliverResponse() -> Bool {
        guard !responseDelivered else { return !stoppedByConsumer }
        responseDelivered = true
        if !onResponse(status, headers) {
            stoppedByConsumer = true
            return false
        }
        return true
    }

    /// Curl's progress callback: false aborts the transfer.
    func shouldContinue() -> Bool {
        if cancel?.isCancelled == true {
            cancelledByCallback = true
            return false
        }
        return true
    }

    func markConnected() {
        connected = true
        lastActivity = MonotonicClock.now()
    }

    /// Seconds since the last sign of life; 0 until connected (connectTimeout rules then).
    func quietSeconds() -> Double {
        connected ? MonotonicClock.now() - lastActivity : 0
    }

    /// The final status as curl saw it, when the header line could not be read.
    func settle(status curlStatus: Int) {
        if curlStatus != 0 { status = curlStatus }
    }
}
