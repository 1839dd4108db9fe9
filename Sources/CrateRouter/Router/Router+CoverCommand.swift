import CrateCore
import CrateDisplay
import Logging

/// `cover`: an album's cover at one of the named sizes, as a JPEG, for crate-web. It comes
/// from the panel's own artwork cache (decoded once, scaled, kept on disk) and, for a Plex
/// album, from the panel's fetches of its server's cover: one pipeline for every screen.
extension Router {
    /// The album's cover fitted into `size`'s square. A Plex cover not cached yet is asked
    /// of the fetch thread and the command refused at once as `retryLater` (the worker
    /// thread never waits on the network); asked again, it is there or its failure is said.
    func cover(album id: Int64, size: CoverSize) throws -> Answer {
        guard let detail = cachedAlbum(id) else { throw RouterError("no album \(id) in the library") }
        guard let covers = artwork.withLock({ $0 }) else {
            throw RouterError("covers are not available: the display's artwork cache is not running")
        }
        guard let art = artwork(detail) else { throw RouterError("album \(id) has no cover (its Plex server listed none)") }
        let box = ArtworkBox(width: size.side, height: size.side)
        // A server known to be away is not asked: the cached copy or the placeholder.
        let away = art.remote != nil && plexService?.isAway == true
        switch covers.lookup(art, fitting: box, fetchSide: away ? nil : CoverSize.large.side) {
        case .image(let image):
            let jpeg: [UInt8]
            do { jpeg = try ArtworkJPEGEncoder.encode(image) } catch {
                logger.error("cover: album \(id): \(error.userMessage)")
                throw RouterError("album \(id)'s cover: \(error.userMessage)")
            }
            return .cover(jpeg)
        case .noCover:
            throw RouterError("album \(id) has no cover")
        case .failed(let error):
            throw RouterError("album \(id)'s cover cannot be shown: \(error.userMessage)")
        case .notFetched:
            throw RouterError("album \(id)'s cover is on its Plex server, which cannot be reached now, and is not cached on the box")
        case .fetching:
            throw CommandRefusal("album \(id)'s cover is being fetched from its Plex server; ask again", retryLater: true)
        }
    }
}
