import Synchronization

/// Wrong passwords slow down the address they come from, not the request: after the
/// first, that address's next attempt must wait `WebLimits.firstSignInWaitSeconds`, and
/// each further wrong one doubles the wait up to `[web] sign_in_backoff`. An attempt
/// that comes early is refused without the password being looked at, and while one
/// attempt is being checked the others from its address wait too, so 200 guesses sent
/// at once are one guess. An address that stays away for twice its wait starts afresh.
final class SignInThrottle: Sendable {
    enum Admission: Equatable {
        case allowed
        /// Refused: try again in this many seconds (rounded up).
        case wait(seconds: Int)
    }
    private struct Record {
        var failures = 0
        /// No attempt is looked at before this.
        var notBefore: ContinuousClock.Instant
        /// Set while an attempt is being checked.
        var checking = false
    }
    let longestWait: Int
    private let records = Mutex<[String: Record]>([:])

    init(longestWaitSeconds: Int) { longestWait = longestWaitSeconds }

    /// The wait after `failures` wrong passwords in a row.
    func wait(after failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        let doubled = WebLimits.firstSignInWaitSeconds << min(failures - 1, 20)
        return .seconds(min(doubled, longestWait))
    }

    /// Whether an attempt from `address` may be checked now; an allowed one must be
    /// followed by `succeeded` or `failed`.
    func admit(_ address: String, now: ContinuousClock.Instant = .now) -> Admission {
        records.withLock { table in
            if var record = table[address] {
                if !record.checking, now >= record.notBefore + wait(after: record.failures) {
                    table[address] = nil  // quiet for twice its wait: forgiven
                } else if record.checking || now < record.notBefore {
                    let left = max(record.notBefore - now, record.checking ? wait(after: max(1, record.failures)) : .zero)
                    return .wait(seconds: max(1, Int(left.components.seconds) + (left.components.attoseconds > 0 ? 1 : 0)))
                } else {
                    record.checking = true
                    table[address] = record
                    return .allowed
                }
            }
            if table.count >= WebLimits.maxSignInAddresses,
               let oldest = table.filter({ !$0.value.checking }).min(by: { $0.value.notBefore < $1.value.notBefore })?.key {
                table[oldest] = nil
            }
            table[address] = Record(notBefore: now, checking: true)
            return .allowed
        }
    }

    func succeeded(_ address: String) {
        records.withLock { $0[address] = nil }
    }

    /// Records a wrong password; true for the first of a burst (the one to log).
    func failed(_ address: String, now: ContinuousClock.Instant = .now) -> Bool {
        records.withLock { table in
            var record = table[address] ?? Record(notBefore: now)
            record.checking = false
            record.failures += 1
            record.notBefore = now + wait(after: record.failures)
            table[address] = record
            return record.failures == 1
        }
    }
}
