import CrateCore
import Glibc

/// The `watch` line of `status`: how many folders are watched and the last change picked up.
enum LibraryWatchFormat {
    static func summary(_ s: LibraryWatchStatus) -> String {
        var text = "watching \(s.folders) folder(s)"
        if s.unwatchedFolders > 0 { text += " (\(s.unwatchedFolders) not watched: see warnings)" }
        if let seconds = s.rescanSeconds { text += ", rescanned every \(seconds) s" }
        text += "; last change picked up: "
        if let at = s.lastChangeAt {
            text += "\(localTime(at)) (\(s.lastChangePath ?? "?"))"
        } else {
            text += "none yet"
        }
        if s.pending { text += "; changes waiting \(s.settleSeconds) s to settle" }
        return text
    }

    /// `YYYY-MM-DD HH:MM:SS` in local time.
    static func localTime(_ unix: Double) -> String {
        var seconds = time_t(unix), parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "?" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
