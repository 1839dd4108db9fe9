/// One HTTP request as the client sends it. Plain data: the same value can be sent
/// again (retries, a Range resume) without side effects.
public struct HTTPRequest: Sendable {
    /// "GET" by default; "POST", "PUT", "HEAD", "DELETE"… are sent as given.
    public var method: String
    public var url: String
    /// Sent in order; a header the caller sets replaces curl's own (User-Agent, Accept…).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]?
    /// Sends `Range: bytes=N-` to resume a body. The server may still answer 200 with
    /// the whole body: check for 206 before appending.
    public var rangeStart: Int?
    /// Seconds to establish the connection (DNS, TCP, TLS).
    public var connectTimeout: Double
    /// Once connected, aborts when no byte arrives for this many seconds (0 = never):
    /// a stalled server or a Wi-Fi drop ends the wait. (Checked by the client rather
    /// than curl's LOW_SPEED options, whose 5-second speed average lets a stall run
    /// several seconds past the limit.)
    public var lowSpeedTimeout: Double
    /// The whole request's budget, per attempt; nil for none (audio streams may
    /// legitimately take minutes).
    public var totalTimeout: Double?

    public init(url: String, method: String = "GET", headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        rangeStart = nil
        connectTimeout = 5
        lowSpeedTimeout = 15
        totalTimeout = nil
    }
}
