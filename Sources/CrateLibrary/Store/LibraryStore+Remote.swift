import CrateCore

/// Where a track of a remote source (a media server) is on its server, for playback and
/// downloads: the server's own keys for it, its album and its file.
public struct RemoteTrackLocation: Sendable, Equatable {
    public var path: String
    public var server: String
    public var ratingKey: String
    public var albumRatingKey: String
    public var partKey: String
    public var size: Int?
    public init(path: String, server: String, ratingKey: String, albumRatingKey: String, partKey: String, size: Int?) {
        self.path = path
        self.server = server
        self.ratingKey = ratingKey
        self.albumRatingKey = albumRatingKey
        self.partKey = partKey
        self.size = size
    }
}

/// An album on a remote server that this box cannot play, and why ("2 of 11 tracks are flac").
public struct UnplayableRemoteAlbum: Sendable, Codable, Equatable {
    public var albumRatingKey: String
    public var title: String
    public var artist: String
    public var reason: String
    public init(albumRatingKey: String, title: String, artist: String, reason: String) {
        self.albumRatingKey = albumRatingKey
        self.title = title
        self.artist = artist
        self.reason = reason
    }
}

/// The remote side of the store. Tracks themselves go through `apply(upserts:deletions:)`
/// like scanned files; these tables hold what only a remote source has (kept in the
/// `plex_*` tables: Plex is the one remote source today).
extension LibraryStore {
    /// Replaces the locations of `server`'s tracks with `locations` (after a complete listing).
    public func replaceRemoteLocations(server: String, _ locations: [RemoteTrackLocation],
                                     unplayable: [UnplayableRemoteAlbum]) throws(LibraryStoreError) {
        try writeTransaction { db in
            try db.run("DELETE FROM plex_tracks WHERE server = ?1", [.text(server)])
            let insert = try db.cached("""
                INSERT INTO plex_tracks (path, server, rating_key, album_rating_key, part_key, size)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            for location in locations {
                insert.reset()
                try insert.bind(location.path, at: 1)
                try insert.bind(location.server, at: 2)
                try insert.bind(location.ratingKey, at: 3)
                try insert.bind(location.albumRatingKey, at: 4)
                try insert.bind(location.partKey, at: 5)
                try insert.bind(location.size, at: 6)
                try insert.run()
            }
            insert.reset()
            try db.run("DELETE FROM plex_unplayable WHERE server = ?1", [.text(server)])
            for album in unplayable {
                try db.run("""
                    INSERT OR REPLACE INTO plex_unplayable (server, album_rating_key, title, artist, reason)
                    VALUES (?1, ?2, ?3, ?4, ?5)
                    """, [.text(server), .text(album.albumRatingKey), .text(album.title), .text(album.artist),
                          .text(album.reason)])
            }
        }
    }

    /// Where a synced remote track is, or nil for a local file.
    public func remoteLocation(path: String) throws(LibraryStoreError) -> RemoteTrackLocation? {
        try read { db in
            try db.firstRow("""
                SELECT path, server, rating_key, album_rating_key, part_key, size FROM plex_tracks WHERE path = ?1
                """, [.text(path)]) {
                RemoteTrackLocation(path: $0.text(0), server: $0.text(1), ratingKey: $0.text(2),
                                  albumRatingKey: $0.text(3), partKey: $0.text(4), size: $0.optionalInt(5))
            }
        }
    }

    /// Every track of the remote albums offline now, with where its downloaded copy would
    /// be: which of them play without their server.
    public func offlineRemoteTracks() throws(LibraryStoreError) -> [(albumID: Int64, location: RemoteTrackLocation)] {
        try read { db in
            try db.rows("""
                SELECT a.id, t.path, t.server, t.rating_key, t.album_rating_key, t.part_key, t.size
                FROM albums a JOIN files f ON f.album_key = a.album_key AND f.shadowed = 0
                JOIN plex_tracks t ON t.path = f.path
                WHERE a.online = 0
                """, []) {
                (albumID: $0.int64(0), location: RemoteTrackLocation(path: $0.text(1), server: $0.text(2), ratingKey: $0.text(3),
                                                                   albumRatingKey: $0.text(4), partKey: $0.text(5),
                                                                   size: $0.optionalInt(6)))
            }
        }
    }

    public func unplayableRemoteAlbums(server: String) throws(LibraryStoreError) -> [UnplayableRemoteAlbum] {
        try read { db in
            try db.rows("""
                SELECT album_rating_key, title, artist, reason FROM plex_unplayable WHERE server = ?1
                ORDER BY artist, title
                """, [.text(server)]) {
                UnplayableRemoteAlbum(albumRatingKey: $0.text(0), title: $0.text(1), artist: $0.text(2), reason: $0.text(3))
            }
        }
    }

    /// Albums and tracks stored for `root` (a folder, or a remote server's root).
    public func counts(root: String) throws(LibraryStoreError) -> (albums: Int, tracks: Int) {
        try read { db in
            let albums = try db.firstRow("SELECT count(*) FROM albums WHERE root = ?1", [.text(root)]) { $0.int(0) } ?? 0
            let tracks = try db.firstRow("SELECT count(*) FROM files WHERE root = ?1", [.text(root)]) { $0.int(0) } ?? 0
            return (albums, tracks)
        }
    }
}

/// A request to a remote server that changes something there (a rating, a play state).
public struct RemoteWriteBack: Sendable, Equatable {
    public var id: Int64
    public var server: String
    public var method: String
    public var path: String
    /// `key=value` pairs joined with `&`, already percent-encoded.
    public var query: String
    public var attempts: Int
}

extension LibraryStore {
    public func enqueueRemoteWriteBack(server: String, method: String, path: String, query: String) throws(LibraryStoreError) {
        try write { db in
            try db.run("""
                INSERT INTO plex_writeback (server, method, path, query, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
                """, [.text(server), .text(method), .text(path), .text(query), .real(StoreFiles.now())])
        }
    }

    /// The oldest waiting write-backs for `server`.
    public func pendingRemoteWriteBacks(server: String, limit: Int = 50) throws(LibraryStoreError) -> [RemoteWriteBack] {
        try read { db in
            try db.rows("""
                SELECT id, server, method, path, query, attempts FROM plex_writeback WHERE server = ?1 ORDER BY id LIMIT ?2
                """, [.text(server), .integer(Int64(limit))]) {
                RemoteWriteBack(id: $0.int64(0), server: $0.text(1), method: $0.text(2), path: $0.text(3),
                              query: $0.text(4), attempts: $0.int(5))
            }
        }
    }

    public func finishRemoteWriteBack(id: Int64) throws(LibraryStoreError) {
        try write { db in try db.run("DELETE FROM plex_writeback WHERE id = ?1", [.integer(id)]) }
    }

    public func failRemoteWriteBack(id: Int64, error: String) throws(LibraryStoreError) {
        try write { db in
            try db.run("UPDATE plex_writeback SET attempts = attempts + 1, last_error = ?2 WHERE id = ?1",
                       [.integer(id), .text(error)])
        }
    }

    public func remoteWriteBackCount() throws(LibraryStoreError) -> Int {
        try read { db in try db.firstRow("SELECT count(*) FROM plex_writeback") { $0.int(0) } ?? 0 }
    }

    /// The server and the server's key of an album, when the album is on a remote server.
    public func remoteAlbumSource(albumID: Int64) throws(LibraryStoreError) -> (server: String, ratingKey: String)? {
        try read { db in
            try db.firstRow("""
                SELECT p.server, p.album_rating_key FROM plex_tracks p JOIN files f ON f.path = p.path
                JOIN albums a ON a.album_key = f.album_key WHERE a.id = ?1 LIMIT 1
                """, [.integer(albumID)]) { ($0.text(0), $0.text(1)) }
        }
    }
}

extension LibraryStore {
    /// The ids of albums by their keys, in the order given; keys with no album are left out.
    public func albumIDs(albumKeys keys: [String]) throws(LibraryStoreError) -> [Int64] {
        try read { db in
            var ids: [Int64] = []
            for key in keys {
                if let id = try db.firstRow("SELECT id FROM albums WHERE album_key = ?1", [.text(key)], { $0.int64(0) }) {
                    ids.append(id)
                }
            }
            return ids
        }
    }
}
