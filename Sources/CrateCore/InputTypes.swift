/// What a push button does. The raw value is the control's name everywhere: the
/// `[controls.NAME]` table of crate.toml, `crate-admin input press NAME`, and events.
public enum ButtonFunction: String, Sendable, Codable, CaseIterable {
    case play, next, prev, like, genre
    /// The Crate Dial's push switch.
    case knob
    case volumeUp = "volume_up"
    case volumeDown = "volume_down"
}

/// What a rotary encoder turns: the Crate Dial (`knob`) or the ALSA mixer (`volume`).
public enum EncoderFunction: String, Sendable, Codable, CaseIterable {
    case knob, volume
}

/// A decoded gesture from a physical or simulated control, as `crate-admin input watch`
/// shows it: which control, what the hand did, and what the box made of it.
public struct InputEvent: Sendable, Codable, Equatable {
    public enum Gesture: String, Sendable, Codable {
        case press
        /// Held past `[controls] long_press_ms`; fired while still held.
        case long
        /// Encoder detents, signed: positive is clockwise.
        case turn
    }

    public var gesture: Gesture
    /// A `ButtonFunction` or `EncoderFunction` raw value.
    public var control: String
    /// For `turn`: detents after acceleration, clockwise positive.
    public var detents: Int?
    /// `gpio` or `simulated`.
    public var source: String
    /// What it did ("browse 4/24", "play/pause", …); nil when it did nothing.
    public var action: String?

    public init(gesture: Gesture, control: String, detents: Int? = nil, source: String, action: String? = nil) {
        self.gesture = gesture
        self.control = control
        self.detents = detents
        self.source = source
        self.action = action
    }
}

/// Which mode the knob is in, as `status` names it; the raw value is the wire's name.
public enum ControlsMode: String, Sendable, Codable, Equatable {
    case nowPlaying = "now-playing"
    case browse, dial
    /// The crate menu.
    case menu
    /// The track list of the album playing.
    case tracks
}

/// Where the knob is in the interaction model, for `status` and the display.
public struct ControlsStatus: Sendable, Codable, Equatable {
    public var mode: ControlsMode
    /// Browse: the index (0-based) under the knob in the current crate.
    public var browseIndex: Int?
    /// Dial mode: the position under the knob, not yet confirmed.
    public var dialPosition: String?
    /// `gpio` (with the lines held), `simulated`, or `error`.
    public var backend: String
    /// GPIO lines in use, as "play=gpiochip0:17".
    public var lines: [String]
    /// Why the GPIO backend is not running (unknown chip, line busy, …).
    public var problem: String?
    /// With `problem`: another program holds one of the lines (true), so stopping it is the fix.
    public var lineBusy: Bool?

    public init(mode: ControlsMode, browseIndex: Int? = nil, dialPosition: String? = nil, backend: String,
                lines: [String] = [], problem: String? = nil, lineBusy: Bool? = nil) {
        self.mode = mode
        self.browseIndex = browseIndex
        self.dialPosition = dialPosition
        self.backend = backend
        self.lines = lines
        self.problem = problem
        self.lineBusy = lineBusy
    }
}

/// The status display, for `status`: what it draws on, and whether that works.
public struct DisplayStatus: Sendable, Codable, Equatable {
    /// The framebuffer device, or nil for the off-screen display only.
    public var device: String?
    /// Logical size drawn (after rotation), e.g. 320×240.
    public var width: Int
    public var height: Int
    /// `RGB565`, `XRGB8888`, … of the panel; nil off-screen.
    public var format: String?
    public var rotation: Int
    /// `on`, `dimmed` or `blank`.
    public var power: String
    /// Frames drawn since start, and how long the last one took to draw and copy (ms).
    public var frames: Int
    public var lastFrameMilliseconds: Double?
    /// Why the panel is not being drawn on (missing device, unsupported format, …).
    public var problem: String?
    /// What the last frame showed: `start`, `now-playing`, `browse`, `dial`, or `blank`.
    public var screen: String?

    public init(device: String?, width: Int, height: Int, format: String?, rotation: Int, power: String,
                frames: Int, lastFrameMilliseconds: Double?, problem: String?, screen: String? = nil) {
        self.device = device
        self.width = width
        self.height = height
        self.format = format
        self.rotation = rotation
        self.power = power
        self.frames = frames
        self.lastFrameMilliseconds = lastFrameMilliseconds
        self.problem = problem
        self.screen = screen
    }
}
