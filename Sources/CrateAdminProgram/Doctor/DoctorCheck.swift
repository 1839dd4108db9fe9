import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// How one check came out. `fail` is what `doctor` exits 1 for.
enum DoctorStatus: String, Sendable {
    case ok, warn, fail

    /// The word in the human listing: failures shout, so they are found in a long list.
    var label: String {
        switch self {
        case .ok: "ok"
        case .warn: "warn"
        case .fail: "FAIL"
        }
    }
}

/// One line of `crate-admin doctor`: what was checked, how it went, and (when it did not
/// go well) the one thing to do about it.
struct DoctorResult: Equatable, Sendable {
    var check: String
    var status: DoctorStatus
    var detail: String
    /// A concrete command or config edit; nil exactly when `status` is ok.
    var fix: String?

    static func ok(_ check: String, _ detail: String) -> DoctorResult {
        DoctorResult(check: check, status: .ok, detail: detail, fix: nil)
    }

    static func warn(_ check: String, _ detail: String, fix: String) -> DoctorResult {
        DoctorResult(check: check, status: .warn, detail: detail, fix: fix)
    }

    static func fail(_ check: String, _ detail: String, fix: String) -> DoctorResult {
        DoctorResult(check: check, status: .fail, detail: detail, fix: fix)
    }

    /// The same finding at another severity (a file check the daemon's own view overrides).
    func with(status: DoctorStatus, note: String? = nil) -> DoctorResult {
        var copy = self
        copy.status = status
        if let note { copy.detail += " " + note }
        if status == .ok { copy.fix = nil }
        return copy
    }
}

/// Prints the results for a person (aligned columns, colour only on a terminal) or as JSON.
enum DoctorReport {
    static func human(_ results: [DoctorResult], colour: Bool) -> String {
        let nameWidth = (results.map(\.check.count).max() ?? 0) + 2
        var lines: [String] = []
        for result in results {
            let label = result.status.label.padded(to: 6)
            let shown = colour ? paint(label, result.status) : label
            lines.append(shown + result.check.padded(to: nameWidth) + result.detail)
            if let fix = result.fix { lines.append(String(repeating: " ", count: 6) + "fix: " + fix) }
        }
        lines.append(summary(results))
        return lines.joined(separator: "\n")
    }

    /// `all 11 checks passed`, or `2 failed, 1 warning (of 11 checks)`.
    static func summary(_ results: [DoctorResult]) -> String {
        let failed = results.filter { $0.status == .fail }.count
        let warned = results.filter { $0.status == .warn }.count
        if failed == 0 && warned == 0 { return "all \(results.count) checks passed" }
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) failed") }
        if warned > 0 { parts.append("\(warned) warning\(warned == 1 ? "" : "s")") }
        return parts.joined(separator: ", ") + " (of \(results.count) checks)"
    }

    /// A JSON array of `{check, status, detail, fix}` in that key order, one object per
    /// line; status is ok, warn or fail. Written by hand: JSONEncoder orders keys by hash.
    static func json(_ results: [DoctorResult]) -> String {
        let objects = results.map { result in
            "  {\"check\": \(quoted(result.check)), \"status\": \(quoted(result.status.rawValue)), "
                + "\"detail\": \(quoted(result.detail)), \"fix\": \(result.fix.map(quoted) ?? "null")}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]"
    }

    /// A JSON string literal, as the JSON encoder writes it.
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        // Encoding a String cannot fail; the fallback only keeps the output valid JSON.
        guard let data = try? encoder.encode(text) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Colour when a person watches: stdout is a terminal, NO_COLOR is unset, TERM is not dumb.
    static var wantsColour: Bool {
        guard isatty(STDOUT_FILENO) == 1, getenv("NO_COLOR") == nil else { return false }
        guard let term = getenv("TERM") else { return false }
        return String(cString: term) != "dumb"
    }

    private static func paint(_ text: String, _ status: DoctorStatus) -> String {
        let code = switch status {
        case .ok: "32"
        case .warn: "33"
        case .fail: "1;31"
        }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
}
