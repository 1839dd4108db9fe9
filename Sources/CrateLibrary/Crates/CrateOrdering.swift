import CrateCore

/// Orders for album lists that are not crates.
public enum CrateOrdering {
    /// An artist's catalog, oldest first (DESIGN.md, "Artist catalog"): year ascending,
    /// albums without a year last (they are usually compilations or rips with poor tags,
    /// not the artist's earliest work), then by title sort key ("The Wall" under W), then
    /// id so equal titles (two editions) keep a stable order. The caller chooses the
    /// albums (by artist); this only orders them.
    public static func artistCatalog(_ albums: [AlbumSummary]) -> [AlbumSummary] {
        // Keys computed once per album, not once per comparison: folding is not free.
        let keyed = albums.map { (album: $0, title: SortKey.make($0.title)) }
        return keyed.sorted { a, b in
            switch (a.album.year, b.album.year) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            if a.title != b.title { return a.title < b.title }
            return a.album.id < b.album.id
        }.map(\.album)
    }
}
