/// Colours are plain `UInt32` values `0x00RRGGBB`, the layout of `RGBImage`; these helpers
/// build and take them apart so drawing code never spells out shifts.
public enum Color {
    public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt32 {
        UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// A grey of the given brightness.
    public static func gray(_ level: UInt8) -> UInt32 { rgb(level, level, level) }

    public static func red(of color: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: color >> 16) }
    public static func green(of color: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: color >> 8) }
    public static func blue(of color: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: color) }

    /// `color` scaled towards black by `level` / 255 (255 keeps it, 0 is black): for
    /// dimming a whole screen or drawing a muted variant of a theme colour.
    public static func dimmed(_ color: UInt32, level: UInt8) -> UInt32 {
        func scale(_ channel: UInt8) -> UInt8 { UInt8((UInt32(channel) * UInt32(level) + 127) / 255) }
        return rgb(scale(red(of: color)), scale(green(of: color)), scale(blue(of: color)))
    }

    public static let black: UInt32 = 0x000000
    public static let white: UInt32 = 0xFFFFFF
}
