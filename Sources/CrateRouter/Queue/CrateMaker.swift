import CrateConfig
import CrateCore
import CrateLibrary
import CratePlex
import CratePosix

/// Fills a crate of a given kind from the library: the Crate Wall (or a genre crate)
/// through the signals and the dial's weights, an artist's catalog, or the CDs wallet.
public struct CrateMaker: Sendable {
    let library: Library
    let size: Int
    let walletPath: String?
    /// For collection crates.
    var plex: PlexService? = nil
    /// The name of the Plex playlist that is the wallet (`[plex] wallet_playlist`).
    public var walletPlaylist = "CDs"
    /// The wallet's last refresh, for diagnostics.
    let walletLog = WalletLog()

    public init(library: Library, size: Int, walletPath: String?, plex: PlexService? = nil) {
        self.library = library
        self.size = size
        self.walletPath = walletPath
        self.plex = plex
    }

    func fill(_ crate: inout CrateState) throws {
        crate.planned = [:]
        crate.actual = [:]
        crate.notes = []
        crate.unresolved = []
        switch crate.kind {
        case .wall, .genre:
            let result = try blend(crate, size: size, excluding: [])
            crate.items = result.entries.map { .init(albumID: $0.albumID, reason: $0.signal.rawValue) }
            crate.planned = Dictionary(uniqueKeysWithValues: result.planned.map { ($0.key.rawValue, $0.value) })
            crate.actual = Dictionary(uniqueKeysWithValues: result.actual.map { ($0.key.rawValue, $0.value) })
            crate.notes = result.redistributed
        case .artist(let name):
            let albums = CrateOrdering.artistCatalog(try library.store.albums(artist: name))
            guard !albums.isEmpty else { throw RouterError("no albums by '\(name)' in the library") }
            crate.items = albums.map { .init(albumID: $0.id, reason: "catalog") }
        case .collection(let title):
            crate.items = try albums(of: title, in: try plex?.collections() ?? [], kind: "collection")
        case .playlist(let title):
            crate.items = try albums(of: title, in: try plex?.playlists() ?? [], kind: "playlist")
        case .wallet:
            let resolved = try wallet()
            crate.items = resolved.albums.map { .init(albumID: $0, reason: "wallet") }
            crate.unresolved = resolved.unresolved
            crate.notes = resolved.notes
        case .favorites:
            crate.items = try favorites()
        case .genres(let names):
            try fillGenres(&crate, names: names)
        }
        // Whatever proposed them (a collection, the wallet, an artist's catalog), disliked
        // albums leave every crate.
        let disliked = try library.store.dislikedAlbumIDs()
        crate.items.removeAll { disliked.contains($0.albumID) }
        crate.cursor = min(crate.cursor, max(0, crate.items.count - 1))
    }

    /// The signal blend of a Wall or genre crate: the Wall's five signals, or the genre's
    /// own six, weighted by the dial; `excluding` albums are never proposed.
    func blend(_ crate: CrateState, size: Int, excluding: Set<Int64>) throws -> CrateResult {
        let scope = try scope(of: crate.kind)
        // A Plex server away: its downloaded albums still play, so they stay in crates.
        let downloaded = plex?.downloadedOfflineAlbums() ?? []
        var candidates = try CrateSignalSource.candidates(store: library.store, scope: scope, seed: crate.seed,
                                                          playableOffline: downloaded)
        candidates.excluded.formUnion(excluding)
        return scope.isGenre
            ? CrateWall.generateGenre(candidates: candidates, dial: crate.dial, size: size, seed: crate.seed)
            : CrateWall.generate(candidates: candidates, dial: crate.dial, size: size, seed: crate.seed)
    }

    func scope(of kind: CrateState.Kind) throws -> CrateScope {
        if case .genres(let names) = kind { return .anyOf(try names.map { try scope(of: .genre($0)) }) }
        guard case .genre(let name) = kind else { return .all }
        let filter = try GenreFilter(name)
        if let superGenre = filter.superGenre { return .superGenre(superGenre) }
        return .subGenre(filter.subGenre ?? name)
    }

    /// The albums of the Plex list titled `title` (any case), in its order.
    private func albums(of title: String, in lists: [PlexAlbumList], kind: String) throws -> [CrateState.Item] {
        try library.store.albumIDs(albumKeys: Self.list(title, in: lists, kind: kind).albumKeys).map {
            .init(albumID: $0, reason: kind)
        }
    }

    /// The Plex collection or playlist (`kind`) called `title`, any case; else an error
    /// naming the ones there are.
    static func list(_ title: String, in lists: [PlexAlbumList], kind: String) throws -> PlexAlbumList {
        guard let list = lists.first(where: { $0.title.lowercased() == title.lowercased() }) else {
            let names = lists.map { "\"\($0.title)\"" }.joined(separator: ", ")
            throw RouterError("no Plex \(kind) called \"\(title)\"" + (names.isEmpty ? "" : " (there are \(names))"))
        }
        return list
    }
}

/// A small text file read whole (the wallet), with the reason when it cannot be.
enum TextFile {
    /// At most 4 MB: a wallet is a list of albums, not a library.
    static func read(_ path: String) throws -> String {
        do {
            let file = try RegularFile(path: path)
            return String(decoding: try file.read(at: 0, count: 4 << 20), as: UTF8.self)
        } catch let error as RegularFile.OpenError {
            throw RouterError("cannot read \(path): \(error.cause)")
        } catch {
            throw RouterError("cannot read \(path): \(error)")
        }
    }
}
