/// A cover that lives on a server rather than beside a track: `source` names the server
/// (a Plex server's machine id), `path` the picture there (the album's `thumb`). A new
/// `path` (a new changestamp) is a new picture.
public struct RemoteArtwork: Sendable, Hashable, CustomStringConvertible {
    public var source: String
    public var path: String
    public init(source: String, path: String) {
        self.source = source
        self.path = path
    }

    public var description: String { "\(path) on \(source)" }
}

/// Gets a remote cover's bytes (JPEG or PNG) about `side` pixels square. Called on the
/// `crate-covers` thread only, never while drawing; may take seconds. Throws
/// `.fetchFailed` with the reason in words (refused, unreachable, an HTML page, …).
public protocol ArtworkFetcher: Sendable {
    func fetch(_ remote: RemoteArtwork, side: Int) throws(ArtworkError) -> [UInt8]
}
