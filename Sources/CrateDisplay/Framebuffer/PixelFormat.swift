/// How a panel stores one pixel, as the kernel describes it (fb_var_screeninfo's
/// bitfields): where red, green and blue sit in a 16- or 32-bit little word. Described by
/// offsets rather than an enum of names so BGR panels and drivers that swap channels work
/// without a special case.
public struct PixelFormat: Sendable, Hashable, CustomStringConvertible {
    public struct Channel: Sendable, Hashable {
        public var offset: Int
        public var length: Int
        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    public let bitsPerPixel: Int
    public let red: Channel
    public let green: Channel
    public let blue: Channel

    // Precomputed shifts: a channel keeps its top `length` bits (drop) and moves to `offset`.
    private let redDrop: UInt32, greenDrop: UInt32, blueDrop: UInt32
    private let redShift: UInt32, greenShift: UInt32, blueShift: UInt32

    /// nil unless the layout is one Crate can draw: 16 or 32 bits per pixel, each channel
    /// 1 to 8 bits wide, inside the pixel and not overlapping another.
    public init?(bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel) {
        guard bitsPerPixel == 16 || bitsPerPixel == 32 else { return nil }
        let channels = [red, green, blue]
        for channel in channels {
            guard (1...8).contains(channel.length), channel.offset >= 0,
                  channel.offset + channel.length <= bitsPerPixel else { return nil }
        }
        let masks = channels.map { ((UInt64(1) << UInt64($0.length)) - 1) << UInt64($0.offset) }
        guard masks[0] & masks[1] == 0, masks[0] & masks[2] == 0, masks[1] & masks[2] == 0 else { return nil }
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        redDrop = UInt32(8 - red.length)
        greenDrop = UInt32(8 - green.length)
        blueDrop = UInt32(8 - blue.length)
        redShift = UInt32(red.offset)
        greenShift = UInt32(green.offset)
        blueShift = UInt32(blue.offset)
    }

    private init(_ bits: Int, _ red: (Int, Int), _ green: (Int, Int), _ blue: (Int, Int)) {
        self.init(
            bitsPerPixel: bits, red: Channel(offset: red.0, length: red.1),
            green: Channel(offset: green.0, length: green.1), blue: Channel(offset: blue.0, length: blue.1))!
    }

    public static let rgb565 = PixelFormat(16, (11, 5), (5, 6), (0, 5))
    public static let bgr565 = PixelFormat(16, (0, 5), (5, 6), (11, 5))
    public static let xrgb8888 = PixelFormat(32, (16, 8), (8, 8), (0, 8))
    public static let xbgr8888 = PixelFormat(32, (0, 8), (8, 8), (16, 8))

    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// The panel's value for a `0x00RRGGBB` colour (channels truncated to their width, the
    /// usual convention: 0xFF stays full, 0x80 stays half). Unused bits are zero.
    @inline(__always)
    public func encode(_ color: UInt32) -> UInt32 {
        let r = (color >> 16) & 0xFF, g = (color >> 8) & 0xFF, b = color & 0xFF
        return (r >> redDrop) << redShift | (g >> greenDrop) << greenShift | (b >> blueDrop) << blueShift
    }

    /// The `0x00RRGGBB` colour of a panel value, short channels widened by repeating their
    /// bits (so 5-bit full red reads back as 0xFF, not 0xF8).
    public func decode(_ value: UInt32) -> UInt32 {
        func widen(_ channel: Channel) -> UInt32 {
            let bits = (value >> UInt32(channel.offset)) & ((1 << UInt32(channel.length)) - 1)
            var result: UInt32 = 0, filled = 0
            while filled < 8 {
                result = result << UInt32(channel.length) | bits
                filled += channel.length
            }
            return result >> UInt32(filled - 8)
        }
        return widen(red) << 16 | widen(green) << 8 | widen(blue)
    }

    public var description: String {
        switch self {
        case .rgb565: "RGB565"
        case .bgr565: "BGR565"
        case .xrgb8888: "XRGB8888"
        case .xbgr8888: "XBGR8888"
        default:
            "\(bitsPerPixel) bpp (red \(red.length)@\(red.offset), green \(green.length)@\(green.offset), "
                + "blue \(blue.length)@\(blue.offset))"
        }
    }
}
