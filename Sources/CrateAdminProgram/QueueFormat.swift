import CrateWire
import Glibc
import CrateCore

/// Human text for crates, the dial, the queue and history.
enum QueueFormat {
    static let dialNames = ["my-crate": "My Crate", "curated": "Curated", "mixed": "Mixed Crate",
                            "deep-dig": "Deep Dig", "mystery": "Mystery Crate"]
    static let dialOrder = ["my-crate", "curated", "mixed", "deep-dig", "mystery"]

    static func album(_ album: AlbumSummary) -> String {
        "\(album.id)  " + LibraryFormat.title(album)
    }

    static func crate(_ crate: CrateView) -> String {
        var lines = ["\(crate.name) · \(dialNames[crate.dial] ?? crate.dial) · \(counted(crate.items.count, "album"))"]
        for (index, item) in crate.items.enumerated() {
            let mark = index == crate.cursor ? "▸" : " "
            lines.append("\(mark) \(String(index + 1).padded(to: 3)) \(album(item.album))  [\(item.reason)]")
        }
        for line in crate.unresolved { lines.append("unresolved: \(line)") }
        // The wallet's notes (counts, which Plex playlist); a Wall's are in diagnostics.
        if crate.planned.isEmpty { for note in crate.notes { lines.append("note: \(note)") } }
        return lines.joined(separator: "\n")
    }

    static func dial(_ crate: CrateView) -> String {
        dialOrder.enumerated().map { index, name in
            (name == crate.dial ? "● " : "○ ") + "\(index + 1) \(dialNames[name] ?? name)"
        }.joined(separator: "\n")
    }

    static func queue(_ queue: QueueView) -> String {
        var lines = ["now:   " + (queue.current.map(album) ?? "nothing")]
        for item in queue.queued { lines.append("queued: " + album(item)) }
        for item in queue.fromCrate { lines.append("crate:  " + album(item)) }
        return lines.joined(separator: "\n")
    }

    static func history(_ history: [AlbumHistory]) -> String {
        guard !history.isEmpty else { return "nothing played yet" }
        return history.map { entry in
            let opinion = entry.opinion == .none ? "" : "  [\(entry.opinion.rawValue)]"
            return album(entry.album) + "  · played \(entry.plays), to the end \(entry.completedPlays)" + opinion
        }.joined(separator: "\n")
    }

    static func diagnostics(_ reply: ControlReply) -> String {
        var lines: [String] = []
        if let crate = reply.crate {
            lines.append("crate:   \(crate.name), dial \(dialNames[crate.dial] ?? crate.dial), \(counted(crate.items.count, "album"))")
            for signal in crate.planned.keys.sorted() {
                lines.append("  \(signal.padded(to: 13)) planned \(crate.planned[signal] ?? 0), got \(crate.actual[signal] ?? 0)")
            }
            for note in crate.notes { lines.append(crate.planned.isEmpty ? "  note: \(note)" : "  moved: \(note)") }
            for line in crate.unresolved { lines.append("  unresolved: \(line)") }
        }
        if let queue = reply.queue {
            lines.append("queue:   now " + (queue.current.map(album) ?? "nothing")
                + ", \(queue.queued.count) queued, \(queue.fromCrate.count)+ from the crate")
        }
        if let library = reply.library {
            lines.append("library: \(counted(library.albums, "album")), \(counted(library.tracks, "track")), \(library.offlineAlbums) offline")
        }
        if let status = reply.status {
            lines.append("player:  \(status.player.state.name), \(status.player.output.underruns) underruns, "
                + (status.player.output.realtime ? "real-time" : "not real-time"))
        }
        if let wallet = reply.wallet {
            let now = Double(Glibc.time(nil))
            let sources = wallet.sources.isEmpty ? "none" : wallet.sources.joined(separator: " + ")
            lines.append("wallet:  \(sources), refreshed \(HumanFormat.duration(max(0, now - wallet.at))) ago: "
                + "\(counted(wallet.items, "item")), \(wallet.found) found" + (wallet.error.map { "; \($0)" } ?? ""))
        }
        if let plex = reply.plex, plex.auth != .signedOut {
            lines.append("plex:    " + HumanFormat.plex(plex).split(separator: "\n").joined(separator: "\n         "))
        }
        return lines.joined(separator: "\n")
    }
}
