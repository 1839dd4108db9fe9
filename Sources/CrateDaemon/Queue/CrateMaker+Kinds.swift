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

    /// An OR of genres (as the original product's genre view): the Crate Wall's signals and
    /// dial over the albums of any of them.
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
        var candidates = try CrateSignalSource.candidates(store: library.store, scope: .all, seed: crate.seed)
        for (signal, ids) in candidates.lists { candidates[signal] = ids.filter(members.contains) }
        let result = CrateWall.generate(candidates: candidates, dial: crate.dial, size: size, seed: crate.seed)
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
