import CrateCore
import CrateLibrary

/// The crate kinds the knob's crate menu added: Favorites, and several genres at once.
extension CrateMaker {
    /// Liked albums, most recently liked first; offline ones stay (a favorite is worth
    /// showing even when its drive is away, and playing it says why it cannot).
    func favorites() throws -> [CrateState.Item] {
        let keys = try library.store.likedAlbumKeys()
        guard !keys.isEmpty else { throw RouterError("no favorites yet: press like on an album you love") }
        let ids = try library.store.albumIDs(albumKeys: keys)
        guard !ids.isEmpty else { throw RouterError("no liked album is in the library now") }
        return ids.map { .init(albumID: $0, reason: "liked") }
    }

    /// An OR of genres (as the original product's genre view): the genre blend and its
    /// dial table over the albums of any of them.
    func fillGenres(_ crate: inout CrateState, names: [String]) throws {
        guard !names.isEmpty else { throw RouterError("name at least one genre") }
        var members = Set<Int64>()
        for name in names {
            let filter = try GenreFilter(name)
            members.formUnion(try library.store.albums(superGenre: filter.superGenre, subGenre: filter.subGenre).map(\.id))
        }
        guard !members.isEmpty else {
            throw RouterError("no albums in \(names.joined(separator: " or ")) (crate-admin genres lists those present)")
        }
        // The genre blend over all of them: the six signals scoped to their union.
        let result = try blend(crate, size: size, excluding: [])
        crate.items = result.entries.map { .init(albumID: $0.albumID, reason: $0.signal.rawValue) }
        crate.planned = Dictionary(uniqueKeysWithValues: result.planned.map { ($0.key.rawValue, $0.value) })
        crate.actual = Dictionary(uniqueKeysWithValues: result.actual.map { ($0.key.rawValue, $0.value) })
        crate.notes = result.redistributed
    }
}

extension CrateState.Kind {
    /// The crate's name on the display and in `crate-admin crate`.
    var displayName: String {
        switch self {
        case .wall: "Crate"
        case .genre(let genre): genre
        case .genres(let names): names.joined(separator: " + ")
        case .artist(let artist): "More by \(artist)"
        case .wallet: "CDs"
        case .favorites: "Favorites"
        case .collection(let title), .playlist(let title): title
        }
    }
}
