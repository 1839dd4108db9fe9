import CrateLibrary

/// One album, not two: a Plex album is keyed as the scanner keys a tagged local album
/// (album artist and title, folded), so an album the server split in two (same artist
/// and title, two rating keys) and a local copy of the same release share one album key
/// and are one album, whose copies the copies rule chooses between track by track.
/// Compilations and untitled albums keep keys of their own (`AlbumKey`'s rules).
enum PlexReleaseKeys {
    /// The album key of a Plex album by `artist` (as the library shows it).
    static func key(server: String, album: PlexAlbum, artist: String) -> String {
        AlbumKey.key(albumTitle: album.title, artist: artist, folder: PlexPaths.root(server) + "/" + album.ratingKey)
    }

    /// Lists (collections, playlists) made with one key per rating key, given the keys
    /// the albums really have now: halves of a split album become one entry.
    static func remap(_ lists: [PlexAlbumList], _ keys: [String: String]) -> [PlexAlbumList] {
        lists.map { list in
            var seen = Set<String>()
            let albumKeys = list.albumKeys.map { keys[$0] ?? $0 }.filter { seen.insert($0).inserted }
            return PlexAlbumList(title: list.title, albumKeys: albumKeys)
        }
    }

    /// The scan state that says a server's tracks were written with these keys: until it is
    /// set, a sync writes every track again and moves the box's likes and plays from the
    /// keys of before (one per rating key) to these.
    static func doneStateKey(_ machine: String) -> String { "plex-release-keys:\(machine)" }

    /// Several rating keys on one album key: one album's history, the plays added up, the
    /// latest play, the best rating and the first arrival.
    static func merge(_ stats: [RemoteAlbumStats]) -> [RemoteAlbumStats] {
        var merged: [String: RemoteAlbumStats] = [:]
        var order: [String] = []
        for stat in stats {
            guard var known = merged[stat.albumKey] else {
                merged[stat.albumKey] = stat
                order.append(stat.albumKey)
                continue
            }
            known.viewCount += stat.viewCount
            known.lastViewedAt = [known.lastViewedAt, stat.lastViewedAt].compactMap { $0 }.max()
            known.userRating = [known.userRating, stat.userRating].compactMap { $0 }.max()
            known.addedAt = [known.addedAt, stat.addedAt].compactMap { $0 }.min()
            merged[stat.albumKey] = known
        }
        return order.compactMap { merged[$0] }
    }
}
