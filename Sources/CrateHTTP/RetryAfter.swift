import Glibc

/// Reads a Retry-After value: delta-seconds ("120") or an HTTP-date in any of the
/// three forms RFC 9110 requires a recipient to accept.
enum RetryAfter {
    /// Seconds to wait from `now` (wall-clock seconds since 1970); nil when unreadable.
    /// A date in the past means "now" (0).
    static func seconds(_ value: String, now: Double = wallClock()) -> Double? {
        let text = value.trimmingSpaces()
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            // Digits too many for Int are still a (very long) wait, not garbage.
            return Int(text).map(Double.init) ?? .infinity
        }
        guard let date = httpDate(text) else { return nil }
        return max(0, date - now)
    }

    /// "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT" or
    /// "Sun Nov  6 08:49:37 1994" → seconds since 1970, always GMT.
    static func httpDate(_ text: String) -> Double? {
        var numbers: [Int] = []
        var month: Int?
        var clock: [Int]?
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            if token.contains(":") {
                let parts = token.split(separator: ":").compactMap { Int($0) }
                guard parts.count == 3 else { return nil }
                clock = parts
                continue
            }
            for piece in token.split(separator: "-") {
                if let number = Int(piece) {
                    numbers.append(number)
                } else if month == nil, let index = monthNames.firstIndex(of: piece.prefix(3).lowercased()) {
                    month = index
                }
            }
        }
        guard let month, let clock, numbers.count == 2 else { return nil }
        var year = numbers[1]
        if year < 100 { year += year >= 70 ? 1900 : 2000 }  // RFC 850's two-digit years
        let day = numbers[0]
        guard (1...31).contains(day), (0...23).contains(clock[0]), (0...59).contains(clock[1]),
              (0...60).contains(clock[2]) else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(clock[0])
        parts.tm_min = Int32(clock[1])
        parts.tm_sec = Int32(clock[2])
        return Double(timegm(&parts))
    }

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// CLOCK_REALTIME: HTTP-dates are wall-clock times.
    static func wallClock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs, CR and LF.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
