/// One meaningful line of a "CDs" wallet file, with its 1-based line number so
/// diagnostics can point at it.
public struct WalletItem: Sendable, Equatable, Codable {
    public enum Kind: Sendable, Equatable, Codable {
        /// An absolute path: a track file (the item stands for its album) or an album folder.
        case path(String)
        /// An `Artist - Album` line, split on the first " - ".
        case artistAlbum(artist: String, album: String)
        /// Neither a path nor `Artist - Album`: kept so it is reported, not silently lost.
        case unrecognized
    }

    public var line: Int
    /// The line as written, without surrounding whitespace.
    public var text: String
    public var kind: Kind

    public init(line: Int, text: String, kind: Kind) {
        self.line = line
        self.text = text
        self.kind = kind
    }
}

/// What resolution needs to know about a library album.
public struct WalletAlbum: Sendable, Equatable, Codable {
    public var id: Int64
    public var artist: String
    public var title: String
    /// The album's folder (the common parent of a multi-disc set).
    public var folder: String
    public var trackPaths: [String]

    public init(id: Int64, artist: String, title: String, folder: String, trackPaths: [String]) {
        self.id = id
        self.artist = artist
        self.title = title
        self.folder = folder
        self.trackPaths = trackPaths
    }
}

public struct WalletResult: Sendable, Equatable, Codable {
    /// Resolved albums, each once, by artist sort key, folded title (its article kept), then id.
    public var albums: [WalletAlbum]
    /// Items that matched no album, in file order (with their line numbers).
    public var unresolved: [WalletItem]
    /// Items that resolved only to albums an earlier item already gave (the wallet's
    /// "one track per album" rule broken: harmless, but worth showing).
    public var duplicates: Int

    public init(albums: [WalletAlbum], unresolved: [WalletItem], duplicates: Int) {
        self.albums = albums
        self.unresolved = unresolved
        self.duplicates = duplicates
    }

    public var albumIDs: [Int64] { albums.map(\.id) }
    public var unresolvedCount: Int { unresolved.count }
}
