/// Panel pixels in memory: the mmapped device, or in tests any allocated bytes. Rows are
/// `lineLength` bytes apart, which may be more than `width` pixels need (drivers pad rows
/// to an alignment); the padding is never written.
///
/// Only a description: it neither owns nor frees `base`, and the owner (the device, a
/// test) must keep the bytes alive and writes must come from one thread at a time.
public struct FramebufferMemory {
    public let base: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    public let lineLength: Int
    public let format: PixelFormat

    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, lineLength: Int, format: PixelFormat) {
        precondition(width >= 0 && height >= 0, "negative framebuffer size")
        precondition(lineLength >= width * format.bytesPerPixel, "framebuffer rows shorter than the width")
        self.base = base
        self.width = width
        self.height = height
        self.lineLength = lineLength
        self.format = format
    }

    /// The bytes the visible panel spans, from `base`.
    public var byteCount: Int { lineLength * height }

    /// The canvas size that fills this panel under `rotation`.
    public func logicalSize(rotation: Rotation) -> (width: Int, height: Int) {
        rotation.logicalSize(panelWidth: width, panelHeight: height)
    }

    /// The stored value of panel pixel `x`, `y` (in panel coordinates), or nil outside.
    public func rawValue(x: Int, y: Int) -> UInt32? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let offset = y * lineLength + x * format.bytesPerPixel
        return format.bitsPerPixel == 16
            ? UInt32(base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            : base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    /// The colour panel pixel `x`, `y` shows, as `0x00RRGGBB`, or nil outside.
    public func color(x: Int, y: Int) -> UInt32? {
        rawValue(x: x, y: y).map(format.decode)
    }

    /// What the panel shows, turned back into logical orientation: a snapshot of the
    /// display as the user sees it.
    public func readImage(rotation: Rotation) -> RGBImage {
        let size = logicalSize(rotation: rotation)
        var image = RGBImage(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let point = rotation.panelPoint(x: x, y: y, logicalWidth: size.width, logicalHeight: size.height)
                image[x, y] = color(x: point.x, y: point.y) ?? 0
            }
        }
        return image
    }
}
