/// The five sources a Crate Wall is blended from (DESIGN.md, "Crate Wall"). Each one is
/// computed elsewhere (from SQLite) into a best-first list of album ids; the crate
/// generator only sees those lists.
///
/// The declaration order is significant: it is the tie-break order wherever two signals
/// are otherwise equal (largest-remainder ties, interleave ties), so results never depend
/// on dictionary iteration order.
public enum CrateSignal: String, CaseIterable, Sendable, Codable, CodingKeyRepresentable {
    /// Albums played most / most recently, by play count and completion.
    case history
    /// Liked albums, and other albums by the same artists / in the same genres.
    case favorites
    /// The server's or the box's most played albums, user ratings.
    case popular
    /// Recently added albums.
    case newArrivals = "new-arrivals"
    /// Never or long-unplayed albums: the deep dig.
    case wildCard = "wild-card"

    public var displayName: String {
        switch self {
        case .history: "Listening history"
        case .favorites: "Favorites & seed expansion"
        case .popular: "Popular"
        case .newArrivals: "New arrivals"
        case .wildCard: "Wild card"
        }
    }

    /// Position in `allCases`: the array index the generator uses instead of hashing.
    var index: Int {
        switch self {
        case .history: 0
        case .favorites: 1
        case .popular: 2
        case .newArrivals: 3
        case .wildCard: 4
        }
    }
}
