/// Where a track's sound is: a file on the box, or a track on a Plex server. The library
/// stores and sends it as a path ("plex://machine/album/track" for Plex); this is that
/// path read once, so no caller looks at its prefix.
public enum TrackLocation: Sendable, Hashable {
    case file(String)
    /// `album` and `track` are the server's rating keys.
    case plex(machine: String, album: String, track: String)

    private static let plexScheme = "plex://"

    public init(path: String) {
        guard path.hasPrefix(Self.plexScheme) else {
            self = .file(path)
            return
        }
        // A malformed Plex path is still Plex's (never opened as a file); its empty
        // parts match no album or track.
        let parts = path.dropFirst(Self.plexScheme.count).split(separator: "/", maxSplits: 2,
                                                                 omittingEmptySubsequences: false)
        func part(_ n: Int) -> String { parts.indices.contains(n) ? String(parts[n]) : "" }
        self = .plex(machine: part(0), album: part(1), track: part(2))
    }

    /// The stored and sent form.
    public var path: String {
        switch self {
        case .file(let path): path
        case .plex(let machine, let album, let track): "\(Self.plexRoot(machine))/\(album)/\(track)"
        }
    }

    public var isPlex: Bool {
        if case .plex = self { return true }
        return false
    }

    /// The library root under which a Plex server's tracks are stored.
    public static func plexRoot(_ machine: String) -> String { plexScheme + machine }

    /// True for the path of any Plex track.
    public static func isPlex(_ path: String) -> Bool { TrackLocation(path: path).isPlex }

    /// True for a file (or folder) on the box, false for anything a server holds: what the
    /// library asks, which knows sources only as local or remote.
    public static func isLocal(_ path: String) -> Bool {
        if case .file = TrackLocation(path: path) { return true }
        return false
    }
}
