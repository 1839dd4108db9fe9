import CrateCore
import CrateDisplay
import FoundationEssentials

/// `now-playing`: the album, artist and title under the play head, for now-playing
/// screens outside the box (snapserver's stream properties).
extension Router {
    /// Covers above this are left out: they travel base64 in one JSON line to snapserver.
    static let maxCoverBytes = 2 * 1024 * 1024

    func nowPlaying(withCover: Bool) -> NowPlayingInfo {
        var status = player.status()
        nameTracks(&status)
        var info = NowPlayingInfo(state: status.state.name, position: status.position)
        guard let index = status.currentIndex, let track = status.currentTrack else { return info }
        info.duration = track.duration
        info.title = track.title ?? String(track.path.split(separator: "/").last ?? "")
        info.trackNumber = index + 1
        info.trackCount = status.tracks.count
        let (albumID, segment) = session?.state.access { ($0.current, $0.segment(containing: index)) } ?? (nil, nil)
        if let detail = albumID.flatMap({ cachedAlbum($0) }) {
            info.album = detail.album.title
            info.artist = detail.album.artist
            info.opinion = session?.opinion(of: detail.album.id).nonNeutral
            if let segment, segment.albumID == detail.album.id {
                info.trackNumber = index - segment.startIndex + 1
                info.trackCount = detail.tracks.count
            }
            if let art = artwork(detail) {
                info.coverKey = art.albumKey
                // A Plex cover's bytes are not sent (it has no track file to read them from).
                if withCover && art.remote == nil { info.cover = cover(trackPath: art.trackPath) }
            }
        } else {
            // Files played by path: the folder is the album, as on the display.
            info.album = track.path.split(separator: "/").dropLast().last.map(String.init)
            info.coverKey = "folder-" + (info.album ?? "")
            if withCover { info.cover = cover(trackPath: track.path) }
        }
        return info
    }

    /// The picture the display would draw for the album of `trackPath`, as bytes.
    private func cover(trackPath: String) -> CoverImage? {
        do {
            let embedded = try ArtworkSource.embeddedLocation(inTrack: trackPath)
            for source in try ArtworkSource.candidates(trackPath: trackPath, embedded: embedded) {
                let bytes = try source.readBytes(limit: Self.maxCoverBytes)
                if bytes.starts(with: [0xFF, 0xD8]) { return CoverImage(data: Data(bytes).base64EncodedString(), format: "jpg") }
                if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                    return CoverImage(data: Data(bytes).base64EncodedString(), format: "png")
                }
                logger.info("now-playing: \(source) is neither JPEG nor PNG; trying the next picture")
            }
        } catch {
            logger.warning("now-playing: no cover for \(trackPath): \(error)")
        }
        return nil
    }
}

extension Router {
    /// For `status`: the album playing, or the one a stop left, and the crate it came from.
    func playingAlbumStatus() -> PlayingAlbumStatus? {
        guard let session else { return nil }
        let (current, crate, byHand, origin) = session.state.access { s in
            (s.current, s.crate, Set(s.playedFromQueue ?? []), s.origin)
        }
        let stopped = current == nil ? session.stoppedAlbum : nil
        guard let id = current ?? stopped, let detail = cachedAlbum(id) else { return nil }
        let queued = byHand.contains(id)
        // The crate it came from as it started, not the crate the knob is in now.
        let from: String?
        switch origin {
        case .crate(let name)?: from = name
        case .byHand?: from = nil
        case nil: from = !queued && crate.items.contains { $0.albumID == id } ? crate.kind.displayName : nil
        }
        var status = PlayingAlbumStatus(id: id, title: detail.album.title, artist: detail.album.artist,
                                        crate: from, queued: queued, stopped: stopped != nil)
        status.opinion = session.opinion(of: id).nonNeutral
        return status
    }
}
