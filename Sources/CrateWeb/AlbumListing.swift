import CrateCore
import FoundationEssentials

/// One page of the library's albums for the wall or a search: crate-web asks crated for
/// the list and hands the page `limit` albums at a time, so a 20,000-album library never
/// travels to a phone whole.
public struct AlbumPage: Sendable, Encodable {
    public var total: Int
    public var offset: Int
    public var albums: [AlbumSummary]
}

/// An artist of the library and how many albums they have (the page's A–Z list).
public struct ArtistEntry: Sendable, Encodable, Equatable {
    public var name: String
    public var albums: Int
}

public enum AlbumListing {
    /// The albums' artists, each once with their count, A to Z whatever the case.
    public static func artists(_ albums: [AlbumSummary]) -> [ArtistEntry] {
        var counts: [String: Int] = [:]
        for album in albums { counts[album.artist, default: 0] += 1 }
        return counts.map { ArtistEntry(name: $0.key, albums: $0.value) }.sorted {
            let a = $0.name.lowercased(), b = $1.name.lowercased()
            return a == b ? $0.name < $1.name : a < b
        }
    }

    /// Albums whose artist or title contains every word of `query`, any case.
    public static func matching(_ albums: [AlbumSummary], query: String) -> [AlbumSummary] {
        let words = query.lowercased().split(separator: " ").map(String.init)
        guard !words.isEmpty else { return albums }
        return albums.filter { album in
            let text = (album.artist + " " + album.title).lowercased()
            return words.allSatisfy { text.contains($0) }
        }
    }

    public static func page(_ albums: [AlbumSummary], offset: Int, limit: Int) -> AlbumPage {
        let start = min(max(offset, 0), albums.count)
        let end = min(start + max(0, min(limit, WebLimits.maxPageAlbums)), albums.count)
        return AlbumPage(total: albums.count, offset: start, albums: Array(albums[start..<end]))
    }
}
