import CrateCore

/// Human text for the library commands.
enum LibraryFormat {
    /// "Artist — Title (1999)".
    static func title(_ album: AlbumSummary) -> String {
        "\(album.artist) — \(album.title)" + (album.year.map { " (\($0))" } ?? "")
    }

    static func albums(_ albums: [AlbumSummary]) -> String {
        guard !albums.isEmpty else { return "no albums" }
        let idWidth = max(2, albums.map { String($0.id).count }.max() ?? 2)
        return albums.map { album in
            let offline = album.online ? "" : "  [offline]"
            return String(album.id).padded(to: idWidth) + "  " + title(album)
                + "  · " + (album.subGenre ?? album.superGenre) + offline
        }.joined(separator: "\n")
    }

    static func album(_ detail: AlbumDetail) -> String {
        let album = detail.album
        var lines = [
            title(album),
            "id \(album.id) · \(album.superGenre)" + (album.subGenre.map { " / \($0)" } ?? "")
                + " · \(counted(album.trackCount, "track")) · \(HumanFormat.duration(album.duration))"
                + (album.compilation ? " · compilation" : "") + (album.online ? "" : " · OFFLINE")
                + (detail.opinion.map { " · \($0.rawValue)" } ?? ""),
            "folder: \(album.folder)",
        ]
        if detail.kept == true { lines.append("kept offline: downloaded, never evicted (downloads unkeep \(album.id) lets it go)") }
        // One format for the whole album is said once; a mixed album says it per track.
        let formats = Set(detail.tracks.compactMap(\.format))
        if formats.count == 1, let format = formats.first { lines.append("format: \(format)") }
        if detail.sources.count > 1 {
            lines.append("copies: \(detail.sources.count) (the first plays)")
            for source in detail.sources {
                lines.append("  \(source.playing ? "▶" : " ") \(source.format) · \(counted(source.tracks, "track")) · \(source.folder)")
            }
        }
        let multiDisc = album.discCount > 1
        for track in detail.tracks {
            let number = (multiDisc ? "\(track.disc ?? 1)-" : "") + (track.number.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "--")
            let artist = track.artist == album.artist ? "" : "  (\(track.artist))"
            let format = formats.count > 1 ? "  [\(track.format ?? "?")]" : ""
            lines.append("  " + number.padded(to: 5) + " " + track.title + artist + "  " + HumanFormat.duration(track.duration) + format)
        }
        return lines.joined(separator: "\n")
    }

    static func stats(_ stats: LibraryStats) -> String {
        var lines = [
            "albums:    \(stats.albums)" + (stats.offlineAlbums > 0 ? " (\(stats.offlineAlbums) offline)" : ""),
            "tracks:    \(stats.tracks)",
            "artists:   \(stats.artists)",
        ]
        for root in stats.roots {
            lines.append("root:      \(root.path) — \(root.online ? "online" : "OFFLINE"), \(counted(root.albums, "album"))")
        }
        if let scan = stats.lastScan { lines.append(report(scan)) } else { lines.append("last scan: never") }
        for note in stats.storeNotes { lines.append("note:      \(note)") }
        return lines.joined(separator: "\n")
    }

    static func report(_ report: ScanReport) -> String {
        let skipped = report.skipped.filter { !$0.kept }, kept = report.skipped.filter(\.kept)
        var lines = [
            "last scan: \(report.full ? "full" : "incremental"), \(report.completed ? "completed" : "INTERRUPTED")"
                + " in \(HumanFormat.duration(report.seconds))",
            "files:     \(report.filesSeen) seen, \(report.filesRead) read, \(report.filesUnchanged) unchanged, "
                + "\(report.filesRemoved) removed, \(skipped.count) skipped"
                + (kept.isEmpty ? "" : ", \(kept.count) kept with a problem"),
            "library:   \(counted(report.albums, "album")), \(counted(report.tracks, "track"))",
        ]
        for root in report.offlineRoots { lines.append("offline:   \(root) (its albums are kept)") }
        lines += listed(skipped, as: "skipped")
        // Kept files play; what is wrong with them is worth knowing (a re-rip, a tag fix).
        lines += listed(kept, as: "kept")
        return lines.joined(separator: "\n")
    }

    private static func listed(_ files: [SkippedFile], as label: String) -> [String] {
        let head = label + ":" + String(repeating: " ", count: max(1, 10 - label.count))
        var lines = files.prefix(50).map { "\(head)\($0.path): \($0.reason)" }
        if files.count > 50 { lines.append("\(head)… and \(files.count - 50) more (--json lists all)") }
        return lines
    }
}

/// A one-line progress display redrawn in place on a terminal; silent otherwise.
final class ProgressBar {
    private let enabled: Bool
    private var drawn = false

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ progress: ScanProgress) {
        guard enabled else { return }
        let folder = progress.currentPath.map { "  " + String(HumanFormat.fileName($0).prefix(40)) } ?? ""
        Output.raw("\r\u{1B}[2Kscanning: \(progress.filesDone) of \(counted(progress.filesSeen, "file"))\(folder)")
        drawn = true
    }

    func finish() {
        if drawn { Output.raw("\r\u{1B}[2K") }
    }
}
