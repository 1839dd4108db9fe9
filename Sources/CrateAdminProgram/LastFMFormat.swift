import CrateCore

/// How `lastfm status` and the lastfm line of `status` read.
enum LastFMFormat {
    /// One line: the account, then the queue and the last error when there is one.
    static func summary(_ s: LastFMStatus) -> String {
        var text = account(s)
        if s.pending > 0 { text += "; \(s.pending) scrobble(s) waiting" }
        if let error = s.lastError { text += " (last error: \(error))" }
        return text
    }

    static func account(_ s: LastFMStatus) -> String {
        switch s.auth {
        case .signedIn: "signed in as \(s.user ?? "?")"
        case .signingIn: "signing in: waiting for the link to be approved"
        case .sessionInvalid: "session refused for \(s.user ?? "?"): sign in again (crate-admin lastfm login)"
        case .signedOut: "not signed in (crate-admin lastfm login)"
        }
    }

    /// `crate-admin lastfm status`.
    static func details(_ s: LastFMStatus) -> String {
        var lines = ["account:   " + account(s)]
        if let url = s.authURL { lines.append("approve:   \(url)") }
        lines.append("waiting:   \(s.pending) scrobble(s)")
        lines.append("sent:      \(s.sent) since crated started")
        if let error = s.lastError { lines.append("error:     \(error)") }
        return lines.joined(separator: "\n")
    }
}
