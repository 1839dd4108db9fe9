/// Which albums a crate draws from: the whole library, one super-genre or sub-category,
/// or several of those at once (the original genre view's OR of sub-genres).
public enum CrateScope: Sendable, Equatable, Codable {
    case all
    case superGenre(String)
    case subGenre(String)
    case anyOf([CrateScope])

    func contains(_ album: CrateAlbumRow) -> Bool {
        switch self {
        case .all: true
        case .superGenre(let name):
            album.superGenre.lowercased() == name.lowercased()
                || album.otherGenres.contains { $0.superGenre.lowercased() == name.lowercased() }
        case .subGenre(let name):
            album.subGenre?.lowercased() == name.lowercased()
                || album.otherGenres.contains { $0.subGenre?.lowercased() == name.lowercased() }
        case .anyOf(let scopes): scopes.contains { $0.contains(album) }
        }
    }

    /// The fields of `album` this scope looks at (what `contains` compares), its other
    /// genres included.
    func genre(of album: CrateAlbumRow) -> String {
        let others = album.otherGenres.map { $0.superGenre + "/" + ($0.subGenre ?? "") }.joined(separator: "|")
        switch self {
        case .all: return ""
        case .superGenre: return album.superGenre + "|" + others
        case .subGenre: return (album.subGenre ?? "") + "|" + others
        case .anyOf: return album.superGenre + "/" + (album.subGenre ?? "") + "|" + others
        }
    }

    /// Whether this is a genre crate (its own six signals) rather than the whole Wall.
    public var isGenre: Bool {
        if case .all = self { return false }
        return true
    }

    public var displayName: String {
        switch self {
        case .all: "Crate"
        case .superGenre(let name), .subGenre(let name): name
        case .anyOf(let scopes): scopes.map(\.displayName).joined(separator: " + ")
        }
    }
}
