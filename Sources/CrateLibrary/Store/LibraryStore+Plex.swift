import CrateCore

/// Where a Plex track's bytes are, for playback and downloads.
public struct PlexTrackLocation: Sendable, Equatable {
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

/// An album on a Plex server that this box cannot play, and why ("2 of 11 tracks are flac").
public struct PlexUnplayableAlbum: Sendable, Codable, Equatable {
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

/// The Plex side of the store. Tracks themselves go through `apply(upserts:deletions:)`
/// like scanned files; these tables hold what only Plex has.
extension LibraryStore {
    /// Replaces the locations of `server`'s tracks with `locations` (after a complete listing).
    public func replacePlexLocations(server: String, _ locations: [PlexTrackLocation],
                                     unplayable: [PlexUnplayableAlbum]) throws(LibraryStoreError) {
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

    /// Where a synced Plex track is, or nil for a local file.
    public func plexLocation(path: String) throws(LibraryStoreError) -> PlexTrackLocation? {
        try read { db in
            try db.firstRow("""
                SELECT path, server, rating_key, album_rating_key, part_key, size FROM plex_tracks WHERE path = ?1
                """, [.text(path)]) {
                PlexTrackLocation(path: $0.text(0), server: $0.text(1), ratingKey: $0.text(2),
                                  albumRatingKey: $0.text(3), partKey: $0.text(4), size: $0.optionalInt(5))
            }
        }
    }

    public func plexUnplayable(server: String) throws(LibraryStoreError) -> [PlexUnplayableAlbum] {
        try read { db in
            try db.rows("""
                SELECT album_rating_key, title, artist, reason FROM plex_unplayable WHERE server = ?1
                ORDER BY artist, title
                """, [.text(server)]) {
                PlexUnplayableAlbum(albumRatingKey: $0.text(0), title: $0.text(1), artist: $0.text(2), reason: $0.text(3))
            }
        }
    }

    /// Albums and tracks stored for `root` (a Plex server's `plex://ID` root).
    public func counts(root: String) throws(LibraryStoreError) -> (albums: Int, tracks: Int) {
        try read { db in
            let albums = try db.firstRow("SELECT count(*) FROM albums WHERE root = ?1", [.text(root)]) { $0.int(0) } ?? 0
            let tracks = try db.firstRow("SELECT count(*) FROM files WHERE root = ?1", [.text(root)]) { $0.int(0) } ?? 0
            return (albums, tracks)
        }
    }
}
