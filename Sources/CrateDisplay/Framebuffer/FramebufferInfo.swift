import CCrateShims

/// What the kernel says about a framebuffer (FBIOGET_VSCREENINFO and FBIOGET_FSCREENINFO),
/// kept for `doctor` and `status` as well as for mapping the device.
public struct FramebufferInfo: Sendable, Equatable, CustomStringConvertible {
    public var driver: String
    public var width: Int
    public var height: Int
    public var virtualWidth: Int
    public var virtualHeight: Int
    public var xOffset: Int
    public var yOffset: Int
    public var bitsPerPixel: Int
    public var red: PixelFormat.Channel
    public var green: PixelFormat.Channel
    public var blue: PixelFormat.Channel
    public var lineLength: Int
    public var memoryLength: Int
    public var type: Int
    public var visual: Int

    init(_ raw: crate_fb_info) {
        driver = withUnsafeBytes(of: raw.id) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        width = Int(raw.xres)
        height = Int(raw.yres)
        virtualWidth = Int(raw.xres_virtual)
        virtualHeight = Int(raw.yres_virtual)
        xOffset = Int(raw.xoffset)
        yOffset = Int(raw.yoffset)
        bitsPerPixel = Int(raw.bits_per_pixel)
        red = PixelFormat.Channel(offset: Int(raw.red_offset), length: Int(raw.red_length))
        green = PixelFormat.Channel(offset: Int(raw.green_offset), length: Int(raw.green_length))
        blue = PixelFormat.Channel(offset: Int(raw.blue_offset), length: Int(raw.blue_length))
        lineLength = Int(raw.line_length)
        memoryLength = Int(raw.smem_len)
        type = Int(raw.type)
        visual = Int(raw.visual)
    }

    /// The pixel layout, or nil when Crate cannot draw it.
    public var pixelFormat: PixelFormat? {
        PixelFormat(bitsPerPixel: bitsPerPixel, red: red, green: green, blue: blue)
    }

    public var description: String {
        let format = pixelFormat?.description ?? "\(bitsPerPixel) bpp (unsupported)"
        return "\(driver.isEmpty ? "framebuffer" : driver) \(width)x\(height) \(format), \(lineLength) bytes per line"
    }
}
