import CrateCore
import CrateLibrary
import Glibc

/// A loaded album's folder renamed while it plays: once a scan has found the album again
/// under the same id, the tracks still to open are opened at their new place.
extension AlbumSession {
    /// After a scan: each loaded album's tracks whose file is gone and whose album now
    /// lists another file at that position.
    public func followMovedFiles() {
        executor.run {
            let tracks = player.status().tracks
            let segments = state.access { $0.segments }
            var pairs: [(old: String, new: String)] = []
            for segment in segments {
                let paths: [String]
                do {
                    guard let album = try library.store.albumForPlaying(id: segment.albumID) else { continue }
                    paths = album.paths
                } catch {
                    logger.warning("cannot read album \(segment.albumID) after a scan; its moved files are not followed: \(error)")
                    continue
                }
                guard paths.count == segment.trackCount else { continue }
                for (offset, new) in paths.enumerated() where tracks.indices.contains(segment.startIndex + offset) {
                    let old = tracks[segment.startIndex + offset].path
                    guard old != new, !TrackLocation.isPlex(old), access(old, F_OK) != 0 else { continue }
                    pairs.append((old, new))
                }
            }
            guard !pairs.isEmpty else { return }
            logger.info("\(pairs.count) loaded tracks moved (a folder renamed); playing them from their new place")
            movedTracks.note(pairs)
        }
    }
}
