import CrateControls
import CrateDisplay

/// The crate menu and the track list on the panel, from the knob's mode.
extension Router {
    func listContent(_ mode: InteractionModel.Mode?) -> DisplayContent? {
        switch mode {
        case .menu(let menu)?:
            // The heading always says which crate the knob is in.
            let list = ListScreen(name: "menu", heading: "\(menu.title) · now \(menu.currentName)",
                                  rows: menu.rows.map { $0.children.isEmpty ? $0.title : "\($0.title) ›" },
                                  selected: menu.index, marked: menu.currentRow,
                                  details: menu.rows.map { menu.isMarked($0) ? "in blend" : "" })
            return DisplayContent(screen: .list(list))
        case .tracks(let picker)?:
            guard let detail = cachedAlbum(picker.album) else { return nil }
            let rows = (0..<picker.count).map { index in
                "\(index + 1). " + (detail.tracks.indices.contains(index) ? detail.tracks[index].title : "")
            } + (picker.kept.map { [Self.keepRowTitle(kept: $0)] } ?? [])
                + (picker.queueRows ? [0, 1].compactMap(Self.queueRowTitle) : [])
            // Each track's length at its row's end, the album's in the heading.
            let lengths = (0..<picker.count).map { index in
                detail.tracks.indices.contains(index) ? ScreenRenderer.formatTime(detail.tracks[index].duration) : ""
            }
            let list = ListScreen(name: "tracks", heading: "\(detail.album.title) · \(ScreenRenderer.formatTime(detail.album.duration))",
                                  rows: rows, selected: picker.index, marked: picker.playing < 0 ? nil : picker.playing,
                                  details: lengths)
            return DisplayContent(screen: .list(list))
        default:
            return nil
        }
    }

    /// The rows after the tracks of an album opened from browse: the first (0) and second.
    static func queueRowTitle(_ offset: Int) -> String? {
        switch offset {
        case 0: "Play next"
        case 1: "Play later"
        default: nil
        }
    }

    /// Whether `album` is the one loaded in the player (its list then has no queue rows).
    func isLoaded(_ album: Int64) -> Bool {
        playingTrack()?.album == album
    }

    /// The track list's last row for a Plex album.
    static func keepRowTitle(kept: Bool) -> String {
        kept ? "Kept offline: press to let it go" : "Keep offline"
    }
}
