import CrateCore

/// The crate menu the genre button's long press opens: every crate a person can reach
/// from the box, one row per crate, a super-genre opening its own list ("All Jazz", then
/// its sub-genres, any of which a long press marks for a blend), and the sleep timer.
/// The router says which crates exist (genres in the library, a wallet,
/// Plex lists); this keeps where the knob is in it.
public struct CrateMenu: Sendable, Equatable {
    /// A crate as the menu names it; the router makes it a crate of the session.
    public enum Choice: Sendable, Equatable {
        case wall, favorites, wallet
        /// The artist of the album under the knob (opened from browse) or playing.
        case moreByArtist
        /// One artist's albums, oldest first, by the artist's name ("Artists A–Z").
        case artist(String)
        /// A super-genre or a sub-genre, by name.
        case genre(String)
        case collection(String), playlist(String)
        /// Several genres at once, marked in the menu: "Bebop + Hard Bop".
        case blend([String])
        /// Not a crate: the sleep timer's rows ("30 minutes", "End of this album", "Off").
        case sleep(SleepSetting)
    }

    public struct Entry: Sendable, Equatable {
        public var title: String
        public var choice: Choice
        /// A super-genre's own list; empty for a row that is a crate.
        public var children: [Entry]
        public init(title: String, choice: Choice, children: [Entry] = []) {
            self.title = title
            self.choice = choice
            self.children = children
        }
    }

    public static let heading = "Crates"

    public let entries: [Entry]
    /// The crate the knob is in: its name (always on the screen) and its row, if listed.
    public let currentName: String
    public let current: Choice?
    /// The index in `entries` of the open sub-list; nil at the top.
    public private(set) var openParent: Int?
    /// The row under the knob in `rows`.
    public private(set) var index = 0
    /// Opened from browse: "more by this artist" means the album under the knob.
    public internal(set) var fromBrowse = false
    /// Genres marked for a blend (a long press in a super-genre's list), in the order
    /// marked; while any are, every list starts with a "Play blend (n)" row.
    public private(set) var blend: [String] = []

    /// Starts on the row of the current crate (its super-genre's row for a sub-genre).
    public init(entries: [Entry], current: Choice?, currentName: String) {
        self.entries = entries
        self.current = current
        self.currentName = currentName
        index = entries.firstIndex { $0.choice == current || $0.children.contains { $0.choice == current } } ?? 0
    }

    /// The rows on screen: the top list, or the open super-genre's, after the blend's row.
    public var rows: [Entry] {
        let listed = openParent.map { entries[$0].children } ?? entries
        return blend.isEmpty ? listed : [Entry(title: "Play blend (\(blend.count))", choice: .blend(blend))] + listed
    }

    /// Rows before the listed ones: the blend's, while genres are marked.
    private var blendRows: Int { blend.isEmpty ? 0 : 1 }

    /// Whether `entry` is a genre marked for the blend.
    public func isMarked(_ entry: Entry) -> Bool {
        guard entry.children.isEmpty, case .genre(let name) = entry.choice else { return false }
        return blend.contains(name)
    }

    /// In a super-genre's list, marks the genre under the knob for a blend, or unmarks
    /// it; nil elsewhere (the top list, the sleep timer's list). The knob stays on it as
    /// the blend's row comes or goes above.
    mutating func toggleMark() -> (name: String, marked: Bool)? {
        guard openParent != nil, rows.indices.contains(index), rows[index].children.isEmpty,
              case .genre(let name) = rows[index].choice else { return nil }
        let before = blendRows
        if let at = blend.firstIndex(of: name) { blend.remove(at: at) } else { blend.append(name) }
        index += blendRows - before
        return (name, blend.contains(name))
    }

    /// What the list is ("Crates", or the open super-genre's row).
    public var title: String { openParent.map { entries[$0].title } ?? Self.heading }

    /// The row of the crate the knob is in (or of the super-genre holding it), when it is
    /// in this list.
    public var currentRow: Int? {
        rows.firstIndex { ($0.choice == current && $0.children.isEmpty) || $0.children.contains { $0.choice == current } }
    }

    /// One row per click, stopping at the ends (a menu that wraps loses its top).
    mutating func move(by rows: Int) -> Bool {
        let moved = min(max(index + rows, 0), max(0, self.rows.count - 1))
        defer { index = moved }
        return moved != index
    }

    /// Into the super-genre under the knob, on its current crate's row if there.
    mutating func openSelected() {
        guard rows.indices.contains(index), openParent == nil, !rows[index].children.isEmpty else { return }
        openParent = index - blendRows
        index = currentRow ?? blendRows
    }

    /// Back to the top list, on the super-genre's row; false at the top already.
    mutating func closeSubList() -> Bool {
        guard let parent = openParent else { return false }
        openParent = nil
        index = parent + blendRows
        return true
    }
}

/// The album playing (the library's id, opaque here), its track under the play head
/// (0-based) and its track count.
public struct PlayingTrack: Sendable, Equatable {
    public var album: Int64
    public var index: Int
    public var count: Int
    /// A Plex album: whether it is kept offline (the track list then ends with a row to
    /// keep it or let it go); nil for a local album, always offline.
    public var kept: Bool?
    /// False for an album opened from browse that is not the one loaded.
    public var loaded: Bool
    public init(album: Int64, index: Int, count: Int, kept: Bool? = nil, loaded: Bool = true) {
        self.album = album
        self.index = index
        self.count = count
        self.kept = kept
        self.loaded = loaded
    }
}

/// The track list of the album that was playing when it opened (auto-advance moving on
/// meanwhile does not change the list under the knob), as the knob moves through it.
public struct TrackPicker: Sendable, Equatable {
    public let album: Int64
    /// The row under the knob, the album's track count and the track playing (0-based).
    public internal(set) var index: Int
    public let count: Int
    public let playing: Int
    /// A Plex album's keep state: a last row, after the tracks, keeps it offline or lets
    /// it go; nil (a local album) for none.
    public let kept: Bool?
    /// An album opened from browse, not the one loaded: no track is marked, and two rows
    /// after the tracks queue it ("Play next", "Play later").
    public let queueRows: Bool

    /// The tracks, the keep row and the queue rows.
    public var rowCount: Int { count + (kept == nil ? 0 : 1) + (queueRows ? 2 : 0) }

    /// What the row under the knob is, past the tracks.
    public enum Row: Sendable, Equatable {
        case track(Int), keep, playNext, playLater
    }

    public var row: Row {
        if index < count { return .track(index) }
        if queueRows { return index == count ? .playNext : .playLater }
        return .keep
    }

    public init(_ track: PlayingTrack) {
        album = track.album
        count = max(1, track.count)
        queueRows = !track.loaded
        kept = track.loaded ? track.kept : nil
        playing = track.loaded ? min(max(track.index, 0), count - 1) : -1
        index = max(playing, 0)
    }
}

/// What the interaction model may need besides the gesture, fetched by the worker
/// outside its lock and only for the gestures that use it (`InteractionModel.needs`).
public struct InteractionContext: Sendable {
    /// The Crate Dial's confirmed position (0…4), where dial mode starts.
    public var dial: Int
    /// The track playing in its album; nil with nothing loaded.
    public var track: PlayingTrack?
    /// The crates there are, for the menu.
    public var crateMenu: CrateMenu?
    /// The album under the knob while browsing, for its track list (the track playing
    /// when it is the album loaded).
    public var browsed: PlayingTrack?

    public init(dial: Int, track: PlayingTrack? = nil, crateMenu: CrateMenu? = nil, browsed: PlayingTrack? = nil) {
        self.dial = dial
        self.track = track
        self.crateMenu = crateMenu
        self.browsed = browsed
    }
}
