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
                                  selected: menu.index, marked: menu.currentRow)
            return DisplayContent(screen: .list(list))
        case .tracks(let picker)?:
            guard let detail = cachedAlbum(picker.album) else { return nil }
            let rows = (0..<picker.count).map { index in
                "\(index + 1). " + (detail.tracks.indices.contains(index) ? detail.tracks[index].title : "")
            }
            let list = ListScreen(name: "tracks", heading: detail.album.title, rows: rows,
                                  selected: picker.index, marked: picker.playing)
            return DisplayContent(screen: .list(list))
        default:
            return nil
        }
    }
}
