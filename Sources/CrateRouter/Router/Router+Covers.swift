import CrateCore
import CrateDisplay
import CrateLibrary
import CratePlex

/// Plex albums' covers on the panel: the reference the screens draw from (the album's
/// thumb on its server, fetched in the background) and the cache's state in `status`.
extension Router {
    /// A Plex album's cover, keyed by its thumb (a new changestamp is a new picture);
    /// nil when the server gave the album none (the placeholder).
    func plexArtwork(trackPath: String, name: String) -> ArtworkReference? {
        guard let cover = plexCovers?.cover(trackPath: trackPath) else { return nil }
        var reference = ArtworkReference(albumKey: "plex-\(cover.machine)-\(cover.album)-\(cover.thumb)",
                                         remote: RemoteArtwork(source: cover.machine, path: cover.thumb))
        reference.name = name
        return reference
    }

    /// The covers' cache and fetches; a cover that cannot be shown is a warning.
    func addArtwork(to status: inout DaemonStatus) {
        guard let artwork = artwork.withLock({ $0 }) else { return }
        let covers = artwork.status()
        status.artwork = covers
        if let problem = covers.diskProblem { status.warnings.append("covers: \(problem)") }
        if covers.failing > 0, let last = covers.lastError {
            let count = covers.failing == 1 ? "1 album's cover" : "\(covers.failing) albums' covers"
            status.warnings.append("covers: \(count) cannot be shown (placeholder drawn); latest: \(last)")
        }
    }
}
