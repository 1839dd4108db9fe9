import CrateCore
import CrateLibrary

/// Plex albums and tracks as library rows: albums in formats Crate plays become
/// `FileRecord`s and part locations; an album with any track in another codec (or with a
/// disagreeing container and codec) is listed as unplayable (albums
/// are played whole or not at all), never silently dropped.
enum PlexRecords {
    struct Result {
        var records: [FileRecord] = []
        var locations: [RemoteTrackLocation] = []
        var unplayable: [UnplayableRemoteAlbum] = []
        /// The server's history of each playable album (plays, ratings, added date).
        var stats: [RemoteAlbumStats] = []
        var skipped: [String] = []
        var albumCount = 0
        /// Each playable album's key before (`PlexPaths.albumKey`, one per rating key) →
        /// its key now (`PlexReleaseKeys`), where they differ.
        var rekeyed: [String: String] = [:]
    }

    static func make(albums: [PlexAlbum], tracks: [PlexTrack], server: String) -> Result {
        var result = Result()
        var byAlbum: [String: [PlexTrack]] = [:]
        for track in tracks {
            guard let album = track.albumRatingKey else {
                result.skipped.append("track \(track.ratingKey) (\(track.title)): no album")
                continue
            }
            byAlbum[album, default: []].append(track)
        }
        // Tracks whose album the album listing does not have cannot be placed: named, not lost.
        let listed = Set(albums.map(\.ratingKey))
        for (album, orphans) in byAlbum.sorted(by: { $0.key < $1.key }) where !listed.contains(album) {
            result.skipped += orphans.map { "track \"\($0.title)\" (ratingKey \($0.ratingKey)): its album \(album) is not listed" }
        }
        for album in albums {
            let albumTracks = (byAlbum[album.ratingKey] ?? []).sorted {
                ($0.disc, $0.index ?? Int.max, $0.title) < ($1.disc, $1.index ?? Int.max, $1.title)
            }
            guard !albumTracks.isEmpty else {
                result.skipped.append("album \"\(album.title)\" (ratingKey \(album.ratingKey)): no tracks listed")
                continue
            }
            let other = albumTracks.filter { !$0.isPlayable }
            if !other.isEmpty {
                let kinds = Set(other.map { $0.parts.first?.container ?? $0.parts.first?.codec ?? "no file" }).sorted()
                result.unplayable.append(UnplayableRemoteAlbum(
                    albumRatingKey: album.ratingKey, title: album.title, artist: album.artist ?? "",
                    reason: "\(other.count) of \(counted(albumTracks.count, "track")) \(other.count == 1 ? "is" : "are") \(kinds.joined(separator: ", ")), "
                        + "which Crate does not play"))
                continue
            }
            result.albumCount += 1
            let genre = GenreTaxonomy.classify(tags: album.genres)
            let artist = album.artist ?? albumTracks.first?.albumArtist ?? "Unknown Artist"
            let albumKey = PlexReleaseKeys.key(server: server, album: album, artist: artist)
            let oldKey = PlexPaths.albumKey(server, album: album.ratingKey)
            if oldKey != albumKey { result.rekeyed[oldKey] = albumKey }
            result.stats.append(RemoteAlbumStats(
                albumKey: albumKey, viewCount: max(0, album.viewCount ?? 0),
                lastViewedAt: album.lastViewedAt.map(Double.init), userRating: album.userRating,
                addedAt: album.addedAt.map(Double.init)))
            let discTotal = albumTracks.map(\.disc).max()
            for track in albumTracks {
                guard let part = track.playablePart else { continue }
                let path = PlexPaths.track(server, album: album.ratingKey, track: track.ratingKey)
                let updated = max(track.updatedAt ?? 0, album.updatedAt ?? 0)
                result.records.append(FileRecord(
                    path: path, root: PlexPaths.root(server), size: part.size ?? 0, mtimeNanos: updated * 1_000_000_000,
                    albumKey: albumKey, title: track.title,
                    artist: track.artist ?? artist, albumArtist: artist, albumTitle: album.title,
                    trackNumber: track.index, trackTotal: albumTracks.count, discNumber: track.disc,
                    discTotal: discTotal, year: album.year, date: album.originallyAvailableAt, genres: album.genres,
                    compilation: artist == "Various Artists", musicBrainzAlbumID: nil, replayGain: nil, artwork: nil,
                    sampleRate: 44100, channels: 2, durationFrames: (track.durationMs ?? 0) * 441 / 10,
                    exactDuration: false, superGenre: genre.superGenre.rawValue, subGenre: genre.subGenre?.name,
                    artistSortKey: SortKey.make(artist), albumSortKey: SortKey.make(album.title),
                    codec: part.codecName, bitsPerSample: 16, lossless: part.isLossless))
                result.locations.append(RemoteTrackLocation(
                    path: path, server: server, ratingKey: track.ratingKey, albumRatingKey: album.ratingKey,
                    partKey: part.key, size: part.size))
            }
        }
        result.stats = PlexReleaseKeys.merge(result.stats)
        return result
    }
}
