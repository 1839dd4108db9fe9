/// The colours the screens are drawn in: light text on black (a panel in a dim living
/// room should not glow), one warm accent for what is active.
public struct ScreenTheme: Sendable, Equatable {
    public var background: UInt32
    /// Titles and anything the eye should land on first.
    public var text: UInt32
    /// Artist lines, times, crate names: readable but quieter.
    public var secondaryText: UInt32
    /// The state mark, the progress fill, the selected dial position.
    public var accent: UInt32
    /// Text drawn on an accent-filled area.
    public var onAccent: UInt32
    public var error: UInt32
    /// The offline mark.
    public var warning: UInt32
    /// The empty part of the progress bar, dial rows, the message box's fill.
    public var track: UInt32
    public var messageFill: UInt32
    /// The square behind a missing cover.
    public var placeholder: UInt32
    /// 0…255: how bright the neighbouring covers on the browse screen stay.
    public var neighbourLevel: UInt8

    public init(background: UInt32, text: UInt32, secondaryText: UInt32, accent: UInt32, onAccent: UInt32,
                error: UInt32, warning: UInt32, track: UInt32, messageFill: UInt32, placeholder: UInt32,
                neighbourLevel: UInt8) {
        self.background = background
        self.text = text
        self.secondaryText = secondaryText
        self.accent = accent
        self.onAccent = onAccent
        self.error = error
        self.warning = warning
        self.track = track
        self.messageFill = messageFill
        self.placeholder = placeholder
        self.neighbourLevel = neighbourLevel
    }

    public static let standard = ScreenTheme(
        background: Color.black,
        text: Color.gray(0xEC),
        secondaryText: Color.gray(0xA8),
        accent: Color.rgb(0xF2, 0xA5, 0x3A),
        onAccent: Color.black,
        error: Color.rgb(0xF0, 0x50, 0x50),
        warning: Color.rgb(0xE8, 0x7A, 0x3A),
        track: Color.gray(0x38),
        messageFill: Color.gray(0x1C),
        placeholder: Color.gray(0x22),
        neighbourLevel: 110)
}
