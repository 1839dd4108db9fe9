import CrateCore

/// The `covers` line of `crate-admin status`.
enum CoversFormat {
    /// `12 files, 3.1 of 64 MB · 5 fetched from Plex (last 41 ms), 1 failed, 2 waiting`.
    static func summary(_ a: ArtworkStatus) -> String {
        func mb(_ bytes: Int) -> String { "\((Double(bytes) / 1_048_576 * 10).rounded() / 10)" }
        var text = a.directory == nil ? "in memory only" : "\(counted(a.files, "file")), \(mb(a.bytes))"
        if a.directory != nil { text += a.capBytes.map { " of \(mb($0)) MB" } ?? " MB" }
        if a.fetched + a.fetchFailures + a.waiting > 0 {
            text += " · \(a.fetched) fetched from Plex"
            if let ms = a.lastFetchMilliseconds { text += " (last \(Int(ms.rounded())) ms)" }
            if a.fetchFailures > 0 { text += ", \(a.fetchFailures) failed" }
            if a.waiting > 0 { text += ", \(a.waiting) waiting" }
        }
        if a.failing > 0 { text += " (see warnings)" }
        return text
    }
}
