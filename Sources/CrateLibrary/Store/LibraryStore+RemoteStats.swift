/// What a remote server knows of one album's listening: its owner's history on every
/// player that server ever fed.
public struct RemoteAlbumStats: Sendable, Equatable {
    public var albumKey: String
    public var viewCount: Int
    /// Unix seconds.
    public var lastViewedAt: Double?
    /// 0…10, 10 being five stars.
    public var userRating: Double?
    /// Unix seconds: when the album came to the server.
    public var addedAt: Double?

    public init(albumKey: String, viewCount: Int, lastViewedAt: Double?, userRating: Double?, addedAt: Double?) {
        self.albumKey = albumKey
        self.viewCount = viewCount
        self.lastViewedAt = lastViewedAt
        self.userRating = userRating
        self.addedAt = addedAt
    }

    /// A rating this high (four stars of five) counts as a like everywhere (the crates,
    /// Favorites, the panel's heart) unless the box took it back. It is the server's word,
    /// never written to user.sqlite; taking it back is never sent to the server.
    public static let likedRating = 8.0
}

extension LibraryStore {
    /// Replaces `server`'s album stats with those of a complete listing.
    public func replaceRemoteAlbumStats(server: String, _ stats: [RemoteAlbumStats]) throws(LibraryStoreError) {
        try writeTransaction { db in
            try db.run("DELETE FROM plex_album_stats WHERE server = ?1", [.text(server)])
            let insert = try db.cached("""
                INSERT INTO plex_album_stats (album_key, server, view_count, last_viewed_at, user_rating, added_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (album_key) DO UPDATE SET server = excluded.server, view_count = excluded.view_count,
                    last_viewed_at = excluded.last_viewed_at, user_rating = excluded.user_rating,
                    added_at = excluded.added_at
                """)
            defer { insert.reset() }
            for album in stats {
                insert.reset()
                try insert.bind(album.albumKey, at: 1)
                try insert.bind(server, at: 2)
                try insert.bind(album.viewCount, at: 3)
                try insert.bind(album.lastViewedAt, at: 4)
                try insert.bind(album.userRating, at: 5)
                try insert.bind(album.addedAt, at: 6)
                try insert.run()
            }
        }
    }

    /// Every album's server stats, by album key.
    public func remoteAlbumStats() throws(LibraryStoreError) -> [String: RemoteAlbumStats] {
        try read { db in
            var stats: [String: RemoteAlbumStats] = [:]
            for row in try db.rows("""
                SELECT album_key, view_count, last_viewed_at, user_rating, added_at FROM plex_album_stats
                """, [], { s in
                    RemoteAlbumStats(albumKey: s.text(0), viewCount: s.int(1), lastViewedAt: s.optionalDouble(2),
                                   userRating: s.optionalDouble(3), addedAt: s.optionalDouble(4))
                }) { stats[row.albumKey] = row }
            return stats
        }
    }
}
