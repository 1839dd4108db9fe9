/// Which albums a crate draws from: the whole library, one super-genre or sub-category.
public enum CrateScope: Sendable, Equatable, Codable {
    case all
    case superGenre(String)
    case subGenre(String)

    func contains(_ album: CrateAlbumRow) -> Bool {
        switch self {
        case .all: true
        case .superGenre(let name): album.superGenre.lowercased() == name.lowercased()
        case .subGenre(let name): album.subGenre?.lowercased() == name.lowercased()
        }
    }

    public var displayName: String {
        switch self {
        case .all: "Crate"
        case .superGenre(let name), .subGenre(let name): name
        }
    }
}

/// The few columns crate signals need about every album.
struct CrateAlbumRow: Sendable {
    var id: Int64
    var key: String
    var artistSort: String
    var superGenre: String
    var subGenre: String?
    var addedAt: Double
    var online: Bool
}
