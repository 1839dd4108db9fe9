import CrateCore
import CrateLibrary
import CratePlex
import Glibc
import Synchronization

/// The CDs wallet crate: the text list's and the Plex playlist's items resolved to
/// albums, and the truth about a wallet that gives none (there is none: how to make one;
/// its items match nothing: how many it has), each refresh kept for diagnostics.
extension CrateMaker {
    /// Whether there is a wallet to open: the text list exists, or a sync found the playlist.
    func walletExists() throws -> Bool {
        let list = walletPath.map { access($0, F_OK) == 0 } ?? false
        return try list || library.store.scanState(PlexPaths.walletStateKey) != nil
    }

    /// The crate menu's row when there is no wallet: how to make one, in a few words.
    var noWalletRow: String {
        walletPath.map { "No CDs wallet: write \($0)" } ?? "No CDs wallet: make a Plex playlist \"\(walletPlaylist)\""
    }

    /// How to make a wallet, in full (the panel's message, the refusal of `crate --wallet`).
    var walletHowTo: String {
        let plex = "a Plex audio playlist named \"\(walletPlaylist)\" (a track of each album)"
        guard let walletPath else {
            return "no CDs wallet yet: make \(plex), or list albums in a text file and set [crate] wallet to it"
        }
        return "no CDs wallet yet: write one album a line (Artist - Album, or a folder) to \(walletPath), or make \(plex)"
    }

    /// The wallet's albums, deduplicated and sorted, the lines that matched none, and notes
    /// for diagnostics: the counts, and which Plex playlist is the wallet. Throws, saying
    /// why, when it gives no album.
    func wallet() throws -> (albums: [Int64], unresolved: [String], notes: [String]) {
        var refresh = WalletRefresh(at: AlbumSession.wallClock(), sources: [], items: 0, found: 0)
        defer { walletLog.last.withLock { $0 = refresh } }
        do {
            // The text file's items, then the Plex playlist's (each track stands for its album).
            var items: [WalletItem] = []
            if let walletPath, access(walletPath, F_OK) == 0 {
                refresh.sources.append("text list \(walletPath)")
                items = CDsWallet.parse(try TextFile.read(walletPath))
            }
            if let plex = try library.store.scanState(PlexPaths.walletStateKey) {
                refresh.sources.append("Plex playlist \"\(walletPlaylist)\"")
                items += try WalletJSON.decode(plex)
            }
            refresh.items = items.count
            guard !refresh.sources.isEmpty else { throw RouterError(walletHowTo) }
            let result = CDsWallet.resolve(items, albums: try walletAlbums())
            refresh.found = result.albums.count
            guard !result.albums.isEmpty else {
                throw RouterError("CDs wallet: \(counted(items.count, "item")), none of them found in the library")
            }
            var notes = try library.store.scanState(PlexPaths.walletNoteStateKey).map { [$0] } ?? []
            notes.append("CDs wallet: \(counted(result.albums.count, "album")) from \(counted(items.count, "item")), "
                + "\(result.duplicates) duplicate\(result.duplicates == 1 ? "" : "s"), \(result.unresolvedCount) unresolved")
            return (result.albums.map(\.id), result.unresolved.map { "line \($0.line): \($0.text)" }, notes)
        } catch {
            refresh.error = "\(error)"
            throw error
        }
    }

    /// The last refresh, or one now when the wallet was not read since the start.
    func walletRefresh() -> WalletRefresh? {
        if let last = walletLog.last.withLock({ $0 }) { return last }
        _ = try? wallet()  // recorded in the log, error included
        return walletLog.last.withLock { $0 }
    }

    private func walletAlbums() throws -> [WalletAlbum] {
        var albums: [WalletAlbum] = []
        for album in try library.store.albums() {
            guard let paths = try library.store.albumPaths(id: album.id, everyCopy: true) else { continue }
            albums.append(WalletAlbum(id: album.id, artist: album.artist, title: album.title,
                                      folder: album.folder, trackPaths: paths))
        }
        return albums
    }
}

/// Where the wallet's last refresh is kept (a crate maker is a value; this is shared).
final class WalletLog: Sendable {
    let last = Mutex<WalletRefresh?>(nil)
}
