/// The sources a crate is blended from (DESIGN.md, "Crate Wall"). Each one is computed
/// elsewhere (from SQLite) into a best-first list of album ids; the crate generator only
/// sees those lists. The Crate Wall blends the first five (`wall`); a genre crate blends
/// six of its own, scoped to the genre (`genre`).
///
/// The declaration order is significant: it is the tie-break order wherever two signals
/// are otherwise equal (largest-remainder ties, interleave ties), so results never depend
/// on dictionary iteration order; and each signal's PRNG stream is salted by its place
/// here, so adding a case at the end changes no existing crate.
public enum CrateSignal: String, CaseIterable, Sendable, Codable, CodingKeyRepresentable {
    /// Albums played most / most recently, by play count and completion (the server's
    /// plays included).
    case history
    /// Liked albums (a high rating on the server counts), and other albums by the same
    /// artists / in the same genres.
    case favorites
    /// The server's or the box's most played albums, user ratings.
    case popular
    /// Recently added albums.
    case newArrivals = "new-arrivals"
    /// Never or long-unplayed albums: the deep dig.
    case wildCard = "wild-card"
    /// Genre crates: the most played in the genre lately, the server's counts included.
    case trending
    /// Genre crates: recently added or recently released in the genre.
    case newInGenre = "new-in-genre"
    /// Genre crates: a rotation through the genre's sub-genres (a sub-genre's artists).
    case subGenres = "sub-genres"
    /// Genre crates: liked albums in the genre, then the same artists, the same sub-genres.
    case seedExpansion = "seed-expansion"

    /// The Crate Wall's five, in tie-break order.
    public static let wall: [CrateSignal] = [.history, .favorites, .popular, .newArrivals, .wildCard]
    /// A genre crate's six, in tie-break order.
    public static let genre: [CrateSignal] = [.history, .seedExpansion, .trending, .newInGenre, .subGenres, .wildCard]

    public var displayName: String {
        switch self {
        case .history: "Listening history"
        case .favorites: "Favorites & seed expansion"
        case .popular: "Popular"
        case .newArrivals: "New arrivals"
        case .wildCard: "Wild card"
        case .trending: "Trending in the genre"
        case .newInGenre: "New in the genre"
        case .subGenres: "Sub-genre rotation"
        case .seedExpansion: "Seeds from liked albums"
        }
    }

    /// Position in `allCases`: salts the signal's PRNG stream (stable across versions).
    var index: Int { Self.allCases.firstIndex(of: self)! }
}
