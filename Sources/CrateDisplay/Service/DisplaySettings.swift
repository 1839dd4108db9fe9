/// How the display service runs: the values of `[display]` it needs.
public struct DisplaySettings: Sendable, Equatable {
    /// nil = no panel: frames are drawn off-screen only (for snapshots).
    public var device: String?
    /// The off-screen size when there is no panel.
    public var width: Int
    public var height: Int
    public var rotation: Rotation
    /// Seconds without activity before dimming / blanking; 0 = never.
    public var dimAfter: Double
    public var blankAfter: Double
    /// How often to try a missing or failed panel again, in seconds.
    public var retryInterval: Double = 5
    /// The fastest redraw rate, for the knob turning.
    public var maxFramesPerSecond: Double = 30

    public init(device: String?, width: Int, height: Int, rotation: Rotation, dimAfter: Double, blankAfter: Double) {
        self.device = device
        self.width = width
        self.height = height
        self.rotation = rotation
        self.dimAfter = dimAfter
        self.blankAfter = blankAfter
    }
}

/// When the panel is lit: full, dimmed after a while without input, dark after longer
/// with nothing playing.
enum PanelPower: String, Sendable {
    case on, dimmed, blank

    static func at(_ now: Double, lastActivity: Double, playing: Bool, settings: DisplaySettings) -> PanelPower {
        let idle = now - lastActivity
        if settings.blankAfter > 0, !playing, idle >= settings.blankAfter { return .blank }
        if settings.dimAfter > 0, idle >= settings.dimAfter { return .dimmed }
        return .on
    }

    /// When the power next changes if nothing happens; nil = never.
    static func nextChange(after now: Double, lastActivity: Double, playing: Bool, settings: DisplaySettings) -> Double? {
        var times: [Double] = []
        if settings.dimAfter > 0 { times.append(lastActivity + settings.dimAfter) }
        if settings.blankAfter > 0, !playing { times.append(lastActivity + settings.blankAfter) }
        return times.filter { $0 > now }.min()
    }
}
