import CrateCore

/// The box's interaction model (DESIGN.md, "What the box does") as a state machine:
/// gestures in, intents out. It keeps only what the hand is doing — which mode the knob
/// is in, the dial position being chosen, when the box falls back to now-playing — and
/// leaves the crate and the player to the router.
public struct InteractionModel: Sendable, Equatable {
    public enum Mode: Sendable, Equatable {
        case nowPlaying
        /// The knob flips through the current crate.
        case browse
        /// The knob moves the Crate Dial; `position` (0…4) is not confirmed yet.
        case dial(position: Int)
        /// The crate menu (genre held): the knob picks a crate.
        case menu(CrateMenu)
        /// The album playing's track list (knob pressed while an album plays).
        case tracks(TrackPicker)

        /// The mode without its state, as `status` reports it.
        public var kind: ControlsMode {
            switch self {
            case .nowPlaying: .nowPlaying
            case .browse: .browse
            case .dial: .dial
            case .menu: .menu
            case .tracks: .tracks
            }
        }
    }

    /// The five positions of the Crate Dial.
    public static let dialPositions = 5

    public internal(set) var mode = Mode.nowPlaying
    /// When the mode (browse, dial, a list) returns to now-playing without input.
    public private(set) var idleDeadline: Nanoseconds?
    let idleTimeout: Nanoseconds

    public init(idleTimeout: Nanoseconds) {
        self.idleTimeout = idleTimeout
    }

    /// One gesture at `now`. `dial` is the Crate Dial's confirmed position (0…4), where
    /// dial mode starts.
    public mutating func handle(_ input: DecodedInput, now: Nanoseconds, dial: Int) -> [ControlIntent] {
        handle(input, now: now, context: InteractionContext(dial: dial))
    }

    /// One gesture at `now`, with what the router knows that the gesture may need.
    public mutating func handle(_ input: DecodedInput, now: Nanoseconds, context: InteractionContext) -> [ControlIntent] {
        let intents = intents(for: input, context: context)
        idleDeadline = mode == .nowPlaying ? nil : now + idleTimeout
        return intents
    }

    /// Which parts of the context `input` can use, so the caller asks the router only
    /// for those: the track playing for a knob press, the crates for the genre button held,
    /// the album under the knob for the next button pressed (in browse: open its tracks).
    public static func needs(_ input: DecodedInput) -> (track: Bool, crateMenu: Bool, browsed: Bool) {
        (input.control == .button(.knob) && input.gesture == .press,
         input.control == .button(.genre) && input.gesture == .long,
         input.control == .button(.next) && input.gesture == .press)
    }

    /// Time passing: past the idle deadline, back to now-playing (an unconfirmed dial
    /// position is forgotten).
    public mutating func advance(to now: Nanoseconds) -> [ControlIntent] {
        guard let deadline = idleDeadline, now >= deadline else { return [] }
        mode = .nowPlaying
        idleDeadline = nil
        return [.showNowPlaying]
    }

    private mutating func intents(for input: DecodedInput, context: InteractionContext) -> [ControlIntent] {
        if let list = listIntents(for: input, context: context) { return list }
        let dial = context.dial
        switch (input.control, input.gesture) {
        case (.encoder(.knob), .turn):
            switch mode {
            case .nowPlaying:
                mode = .browse
                return [.browse(by: input.accelerated, entering: true)]
            case .browse:
                return [.browse(by: input.accelerated, entering: false)]
            case .dial(let position):
                // One position per click: the dial has five stops, acceleration would skip them.
                let moved = min(max(position + input.detents, 0), Self.dialPositions - 1)
                mode = .dial(position: moved)
                return moved == position ? [] : [.previewDial(moved)]
            case .menu, .tracks:
                return [] // answered by listIntents
            }
        case (.button(.knob), .press):
            switch mode {
            case .nowPlaying:
                // An album loaded: its track list, on the track playing. Nothing loaded:
                // play, as the play button does (a box may have only the knob).
                guard let track = context.track else { return [.togglePlay] }
                let picker = TrackPicker(track)
                mode = .tracks(picker)
                return [.showTrack(album: picker.album, row: picker.index, count: picker.rowCount)]
            case .browse:
                mode = .nowPlaying
                return [.playBrowsed]
            case .dial(let position):
                mode = .browse
                return [.confirmDial(position)]
            case .menu, .tracks:
                return []
            }
        case (.button(.knob), .long):
            if case .dial = mode {
                mode = .nowPlaying
                return [.showNowPlaying]
            }
            let start = min(max(dial, 0), Self.dialPositions - 1)
            mode = .dial(position: start)
            return [.previewDial(start)]
        case (.button(.genre), .long):
            guard var menu = context.crateMenu else { return [] }
            menu.fromBrowse = mode == .browse
            mode = .menu(menu)
            return [Self.showing(menu)]
        case (.button(.genre), _):
            mode = .browse
            return [.cycleGenre]
        case (.button(.play), .long):
            let fromBrowse = mode == .browse
            mode = .browse
            return [.moreByArtist(fromBrowse: fromBrowse)]
        case (.button(.next), .press) where mode == .browse:
            // Into the album under the knob: its track list, then "Play next" and "Play later".
            guard let album = context.browsed else { return [] }
            let picker = TrackPicker(album)
            mode = .tracks(picker)
            return [.showTrack(album: picker.album, row: picker.index, count: picker.rowCount)]
        case (.button(.like), let gesture) where mode == .browse:
            // About the album in view, which stays in view with its mark.
            return [gesture == .long ? .dislikeInView(album: nil) : .likeInView(album: nil)]
        case (.encoder(.volume), .turn):
            return [.volume(by: input.detents)]
        case (.button(.volumeUp), _):
            return [.volume(by: 1)]
        case (.button(.volumeDown), _):
            return [.volume(by: -1)]
        default:
            // Transport, and opinions outside browse and the track list, are about what
            // plays: answer them and show it.
            guard let intent = Self.transport(input) else { return [] }
            let leaving = mode != .nowPlaying
            mode = .nowPlaying
            return leaving ? [intent, .showNowPlaying] : [intent]
        }
    }

    private static func transport(_ input: DecodedInput) -> ControlIntent? {
        let long = input.gesture == .long
        switch input.control {
        case .button(.play): return .togglePlay
        case .button(.next): return long ? .nextAlbum : .nextTrack
        case .button(.prev): return long ? .previousAlbum : .previousTrack
        case .button(.like): return long ? .dislike : .like
        default: return nil
        }
    }
}
