/// When `HTTPClient.send` tries again. Transient failures (no connection, a timeout, a
/// cut connection) and the listed statuses are retried with exponential backoff and
/// jitter; 429 and 503 follow the server's Retry-After when it gives one.
public struct RetryPolicy: Sendable {
    /// Total tries, the first included (1 = no retry).
    public var attempts: Int
    /// The first backoff; each retry doubles it, capped at `maxDelay`.
    public var baseDelay: Double
    /// No sleep is longer: a Retry-After beyond it ends the retries instead.
    public var maxDelay: Double
    public var retryStatuses: Set<Int>
    /// Retry cannotConnect, timedOut and transport failures.
    public var retryTransportErrors: Bool

    public init(attempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 30,
                retryStatuses: Set<Int> = [429, 500, 502, 503, 504, 509], retryTransportErrors: Bool = true) {
        self.attempts = attempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryStatuses = retryStatuses
        self.retryTransportErrors = retryTransportErrors
    }

    /// One try, whatever happens.
    public static let none = RetryPolicy(attempts: 1)
    /// Four tries over a few seconds: enough for a restarting server or a Wi-Fi blip.
    public static let standard = RetryPolicy()

    /// The pause before try number `attempt + 1`: base·2^(attempt-1), capped, then
    /// jittered down by up to half so many clients do not retry in lockstep.
    func backoff(afterAttempt attempt: Int) -> Double {
        var full = max(0, baseDelay)
        for _ in 1..<max(attempt, 1) where full < maxDelay { full *= 2 }
        return min(full, maxDelay) * Double.random(in: 0.5...1.0)
    }

    /// The pause before retrying `response`, or nil when it should not be retried:
    /// the status is not listed, or the server asked for a longer wait than maxDelay
    /// (retrying earlier than asked is futile; the caller gets the response now).
    func delay(for response: HTTPResponse, afterAttempt attempt: Int, now: Double) -> Double? {
        guard retryStatuses.contains(response.status) else { return nil }
        if response.status == 429 || response.status == 503,
           let value = response.header("retry-after"), let wait = RetryAfter.seconds(value, now: now) {
            return wait <= maxDelay ? wait : nil
        }
        return backoff(afterAttempt: attempt)
    }
}
