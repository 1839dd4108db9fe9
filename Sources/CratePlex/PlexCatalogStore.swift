import CrateCore
import CrateLibrary

/// The port through which Plex reaches the library's store: every read and write that
/// sync, playback, keep, write-back and covers need, and nothing else. The rows stay in
/// the library's SQLite (its remote-source tables), so a Plex album is an album like any
/// other to everything but this module; the library itself knows nothing of Plex.
public protocol PlexCatalogStore: AnyObject, Sendable {
    // Tracks and albums, as for a scanned folder.
    func stamps(root: String) throws(LibraryStoreError) -> [String: FileStamp]
    func apply(upserts: [FileRecord], deletions: [String], isKnown: ((String) -> Bool)?) throws(LibraryStoreError)
    func setRoot(_ path: String, online: Bool) throws(LibraryStoreError)
    func counts(root: String) throws(LibraryStoreError) -> (albums: Int, tracks: Int)
    func album(id: Int64) throws(LibraryStoreError) -> AlbumDetail?
    func albumKey(id: Int64) throws(LibraryStoreError) -> String?
    func albumIDs(albumKeys keys: [String]) throws(LibraryStoreError) -> [Int64]
    /// Likes and plays follow an album whose key changed (Plex albums keyed as releases).
    func moveUserAlbumKeys(_ keys: [String: String]) throws(LibraryStoreError)

    // Small state kept between syncs (lists, thumbs, the wallet, kept albums).
    func scanState(_ key: String) throws(LibraryStoreError) -> String?
    func setScanState(_ key: String, _ value: String?, durable: Bool) throws(LibraryStoreError)

    // Where each synced track is on its server, and what this box cannot play.
    func replaceRemoteLocations(server: String, _ locations: [RemoteTrackLocation],
                                unplayable: [UnplayableRemoteAlbum]) throws(LibraryStoreError)
    func remoteLocation(path: String) throws(LibraryStoreError) -> RemoteTrackLocation?
    func offlineRemoteTracks() throws(LibraryStoreError) -> [(albumID: Int64, location: RemoteTrackLocation)]
    func unplayableRemoteAlbums(server: String) throws(LibraryStoreError) -> [UnplayableRemoteAlbum]
    func remoteAlbumSource(albumID: Int64) throws(LibraryStoreError) -> (server: String, ratingKey: String)?
    func replaceRemoteAlbumStats(server: String, _ stats: [RemoteAlbumStats]) throws(LibraryStoreError)

    // Write-backs waiting for the server.
    func enqueueRemoteWriteBack(server: String, method: String, path: String, query: String) throws(LibraryStoreError)
    func pendingRemoteWriteBacks(server: String, limit: Int) throws(LibraryStoreError) -> [RemoteWriteBack]
    func finishRemoteWriteBack(id: Int64) throws(LibraryStoreError)
    func failRemoteWriteBack(id: Int64, error: String) throws(LibraryStoreError)
    func remoteWriteBackCount() throws(LibraryStoreError) -> Int
}

extension PlexCatalogStore {
    func setScanState(_ key: String, _ value: String?) throws(LibraryStoreError) {
        try setScanState(key, value, durable: false)
    }

    func pendingRemoteWriteBacks(server: String) throws(LibraryStoreError) -> [RemoteWriteBack] {
        try pendingRemoteWriteBacks(server: server, limit: 50)
    }
}

/// The library's store is the catalog: it has every operation already.
extension LibraryStore: PlexCatalogStore {}
