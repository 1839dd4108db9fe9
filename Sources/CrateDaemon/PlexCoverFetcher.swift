import CrateDisplay
import CratePlex

/// Fetches Plex covers for the display's fetch thread: the photo transcoder of the
/// album's server, its errors in words.
struct PlexCoverFetcher: ArtworkFetcher {
    let covers: PlexCovers

    func fetch(_ remote: RemoteArtwork, side: Int) throws(ArtworkError) -> [UInt8] {
        do {
            return try covers.fetch(machine: remote.source, thumb: remote.path, side: side)
        } catch {
            throw .fetchFailed(source: remote.description, reason: error.description)
        }
    }
}
