/// The top tier of the genre taxonomy: the sections of the record shop, and what the
/// genre button cycles through. The raw value is the display name, stored as is in SQLite
/// and shown on the box, so it must never change once albums have been classified.
public enum SuperGenre: String, CaseIterable, Sendable, Codable {
    case rock = "Rock"
    case metal = "Metal"
    case pop = "Pop"
    case hipHopRap = "Hip-Hop/Rap"
    case rnbSoul = "R&B/Soul"
    case jazz = "Jazz"
    case blues = "Blues"
    case electronicDance = "Electronic/Dance"
    case breakbeatBass = "Breakbeat/Bass"
    case country = "Country"
    case reggaeCaribbean = "Reggae/Caribbean"
    case latinBrazilian = "Latin/Brazilian"
    case folkAcoustic = "Folk/Acoustic"
    case classicalAmbient = "Classical/Ambient"
    case worldGlobal = "World/Global"
    /// Unknown or not music (comedy, audiobooks, podcasts). Has no sub-genres.
    case other = "Other"

    /// The display name ("Hip-Hop/Rap").
    public var displayName: String { rawValue }

    /// This super-genre's sub-categories, in shop order (empty for `.other`).
    public var subGenres: [SubGenre] { GenreTaxonomy.subGenres(of: self) }
}

/// The second tier: a bin inside a super-genre ("Rock" › "Post-Punk"). Names are unique
/// across the whole taxonomy, so a name alone identifies a sub-genre. Values are only made
/// by the taxonomy itself; find one with `GenreTaxonomy.subGenre(named:)`.
public struct SubGenre: Sendable, Hashable, Codable {
    public let name: String
    public let superGenre: SuperGenre

    init(name: String, superGenre: SuperGenre) {
        self.name = name
        self.superGenre = superGenre
    }
}

/// What the taxonomy made of one or more free-text genre tags. When `subGenre` is set,
/// `superGenre` is always its super-genre.
public struct GenreMatch: Sendable, Hashable {
    public let superGenre: SuperGenre
    public let subGenre: SubGenre?

    /// Nothing recognised (or not music): Other, no sub-genre.
    public static let other = GenreMatch(superGenre: .other)

    public init(superGenre: SuperGenre) {
        self.superGenre = superGenre
        self.subGenre = nil
    }

    public init(_ subGenre: SubGenre) {
        self.superGenre = subGenre.superGenre
        self.subGenre = subGenre
    }

    /// "Rock › Post-Punk", or just "Rock" without a sub-genre.
    public var displayName: String {
        guard let subGenre else { return superGenre.rawValue }
        return "\(superGenre.rawValue) › \(subGenre.name)"
    }
}
