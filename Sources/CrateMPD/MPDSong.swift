import CrateCore
import Glibc

/// One track as MPD clients see it: a URI they can store and the tags they list by.
struct MPDSong: Sendable {
    /// MPD's tag names, in the order song listings print them.
    static let tagNames = ["Artist", "AlbumArtist", "Title", "Album", "Track", "Disc", "Date", "Genre"]

    var uri: String
    /// Where the player finds it (a file, or a Plex track's library path).
    var path: String
    var trackID: Int64
    var albumID: Int64
    /// The track's place in its album, from 0.
    var indexInAlbum: Int
    var duration: Double
    /// The file's modification time (seconds since the epoch), for `Last-Modified`.
    var modified: Int?
    /// By MPD tag name; a tag the track does not have is absent.
    var tags: [String: String]

    init(album: AlbumSummary, track: TrackSummary, index: Int, uri: String) {
        self.uri = uri
        path = track.path
        trackID = track.id
        albumID = album.id
        indexInAlbum = index
        duration = track.duration
        modified = MPDFormat.modified(track.path)
        var tags: [String: String] = ["Artist": track.artist, "Title": track.title, "Album": album.title,
                                      "AlbumArtist": album.artist, "Genre": album.superGenre]
        if let number = track.number { tags["Track"] = String(number) }
        if let disc = track.disc { tags["Disc"] = String(disc) }
        if let year = album.year { tags["Date"] = String(year) }
        self.tags = tags.filter { !$0.value.isEmpty }
    }

    /// Every tag MPD 0.23 knows; the ones Crate does not keep are empty on every song.
    static let knownTags = tagNames + [
        "ArtistSort", "AlbumSort", "AlbumArtistSort", "Name", "OriginalDate", "Composer", "Performer", "Conductor",
        "Work", "Grouping", "Comment", "Label", "MUSICBRAINZ_ARTISTID", "MUSICBRAINZ_ALBUMID",
        "MUSICBRAINZ_ALBUMARTISTID", "MUSICBRAINZ_TRACKID", "MUSICBRAINZ_RELEASETRACKID", "MUSICBRAINZ_WORKID",
    ]

    /// A tag by the name a client wrote ("artist", "AlbumArtist"); nil for names MPD does not know.
    static func canonicalTag(_ name: String) -> String? {
        knownTags.first { $0.lowercased() == name.lowercased() }
    }

    /// The song's lines for listings; `enabled` are the tag types the client asked for.
    func lines(enabled: Set<String>) -> String {
        var out = "file: \(uri)\n"
        if let modified { out += "Last-Modified: \(MPDFormat.timestamp(modified))\n" }
        for name in Self.tagNames where enabled.contains(name) {
            if let value = tags[name] { out += "\(name): \(value)\n" }
        }
        out += "Time: \(Int(duration.rounded()))\n"
        out += "duration: \(MPDFormat.seconds(duration))\n"
        return out
    }
}

enum MPDFormat {
    /// ISO 8601 in UTC, as MPD writes `Last-Modified`.
    static func timestamp(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : String(n) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// A file's modification time; nil for what is not a local file (a Plex track).
    static func modified(_ path: String) -> Int? {
        var info = stat()
        guard path.hasPrefix("/"), stat(path, &info) == 0 else { return nil }
        return Int(info.st_mtim.tv_sec)
    }

    /// Seconds with three decimals, as MPD writes `elapsed` and `duration`.
    static func seconds(_ value: Double) -> String {
        let millis = Int((max(0, value) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
