/// The two list screens, the crate menu and the track list: the knob moves one row per
/// click and stops at the ends, a press takes the row, a long press (or the genre button
/// in the menu) goes back a level, except in a super-genre's list, where it marks the
/// genre for a blend.
extension InteractionModel {
    /// The intents for `input` in a list mode; nil when the gesture means what it means
    /// everywhere (transport, volume; like in the crate menu) or the model is not in a list.
    mutating func listIntents(for input: DecodedInput, context: InteractionContext) -> [ControlIntent]? {
        switch mode {
        case .menu(var menu):
            switch (input.control, input.gesture) {
            case (.encoder(.knob), .turn):
                guard menu.move(by: input.detents) else { return [] }
                mode = .menu(menu)
                return [Self.showing(menu)]
            case (.button(.knob), .press):
                guard menu.rows.indices.contains(menu.index) else { return [] }
                let row = menu.rows[menu.index]
                if !row.children.isEmpty {
                    menu.openSelected()
                    mode = .menu(menu)
                    return [Self.showing(menu)]
                }
                if case .sleep(let setting) = row.choice {
                    mode = .nowPlaying
                    return [.sleep(setting)]
                }
                mode = .browse
                return [.enterCrate(row.choice, fromBrowse: menu.fromBrowse)]
            case (.button(.knob), .long):
                // In a super-genre's list: mark the genre for a blend. Elsewhere: back.
                if let mark = menu.toggleMark() {
                    mode = .menu(menu)
                    return [.markForBlend(name: mark.name, marked: mark.marked, count: menu.blend.count)]
                }
                fallthrough
            case (.button(.genre), .press):
                if menu.closeSubList() {
                    mode = .menu(menu)
                    return [Self.showing(menu)]
                }
                mode = .nowPlaying
                return [.showNowPlaying]
            case (.button(.genre), .long):
                mode = .nowPlaying
                return [.showNowPlaying]
            default:
                return nil
            }
        case .tracks(var picker):
            switch (input.control, input.gesture) {
            case (.encoder(.knob), .turn):
                let moved = min(max(picker.index + input.detents, 0), picker.rowCount - 1)
                guard moved != picker.index else { return [] }
                picker.index = moved
                mode = .tracks(picker)
                return [.showTrack(album: picker.album, row: moved, count: picker.rowCount)]
            case (.button(.knob), .press):
                mode = .nowPlaying
                switch picker.row {
                case .keep:
                    return [.keepOffline(album: picker.album, keep: !(picker.kept ?? false))]
                case .playNext, .playLater:
                    // Queued, the album playing plays on: back to browsing where the knob was.
                    mode = .browse
                    return [.enqueueAlbum(picker.album, next: picker.row == .playNext)]
                case .track(let index):
                    // The track playing: the press is play/pause, so a knob-only box can pause.
                    return index == picker.playing ? [.togglePlay] : [.playTrack(album: picker.album, index: index)]
                }
            case (.button(.knob), .long):
                mode = .nowPlaying
                return [.showNowPlaying]
            case (.button(.like), .long):
                // The list is the album playing's: disliked, it is skipped and its list goes.
                mode = .nowPlaying
                return [.dislikeInView(album: picker.album), .showNowPlaying]
            case (.button(.like), _):
                return [.likeInView(album: picker.album)]
            default:
                return nil
            }
        default:
            return nil
        }
    }

    static func showing(_ menu: CrateMenu) -> ControlIntent {
        let rows = menu.rows
        let name = rows.indices.contains(menu.index) ? rows[menu.index].title : ""
        return .showCrateMenu(title: menu.title, row: menu.index, count: rows.count, name: name)
    }
}
