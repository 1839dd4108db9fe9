/// The off-screen picture the screens draw into, in logical (already rotated) coordinates
/// and `0x00RRGGBB` pixels. Every operation clips to the canvas, so layouts may hand it
/// rectangles partly or wholly outside without checks. Changed areas are remembered until
/// `takeDirty()`, which is what goes to the panel: a slow SPI display cannot take a full
/// frame per knob detent.
///
/// A value type: copies are cheap until written (the pixels are copy-on-write), and a
/// canvas can cross threads freely.
public struct Canvas: Sendable {
    public private(set) var image: RGBImage
    public private(set) var dirty: DirtyRegion

    /// A canvas filled with `background`, all of it dirty: the first frame must reach the
    /// panel whole, whatever the panel showed before.
    public init(width: Int, height: Int, background: UInt32 = Color.black) {
        image = RGBImage(width: max(0, width), height: max(0, height), fill: background)
        dirty = DirtyRegion()
        dirty.add(bounds)
    }

    public var width: Int { image.width }
    public var height: Int { image.height }
    public var bounds: Rect { Rect(x: 0, y: 0, width: image.width, height: image.height) }

    /// The pixel at `x`, `y`, or nil outside the canvas.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard bounds.contains(x: x, y: y) else { return nil }
        return image.pixels[y * image.width + x]
    }

    // MARK: Dirty tracking

    /// Records `rect` as changed (clipped), for callers that changed pixels in bulk or want
    /// an area re-sent.
    public mutating func markDirty(_ rect: Rect) { dirty.add(rect.intersection(bounds)) }

    public mutating func markAllDirty() { dirty.add(bounds) }

    public var hasDirty: Bool { !dirty.isEmpty }

    /// The rectangles changed since the last call, and forgets them.
    public mutating func takeDirty() -> [Rect] {
        let taken = dirty.rects
        dirty.removeAll()
        return taken
    }

    // MARK: Drawing

    public mutating func setPixel(x: Int, y: Int, color: UInt32) {
        guard bounds.contains(x: x, y: y) else { return }
        image.pixels[y * image.width + x] = color
        dirty.add(Rect(x: x, y: y, width: 1, height: 1))
    }

    public mutating func fill(_ rect: Rect, color: UInt32) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let stride = image.width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in area.y..<area.maxY {
                let start = row * stride + area.x
                UnsafeMutableBufferPointer(rebasing: pixels[start..<start + area.width]).update(repeating: color)
            }
        }
        dirty.add(area)
    }

    public mutating func clear(to color: UInt32) { fill(bounds, color: color) }

    /// The outline of `rect`, `thickness` pixels wide, drawn inside it.
    public mutating func stroke(_ rect: Rect, color: UInt32, thickness: Int = 1) {
        guard !rect.isEmpty, thickness > 0 else { return }
        // Half the size rounded up, written so that Int.max-sized rectangles cannot overflow.
        let across = min(thickness, rect.height / 2 + rect.height % 2)
        let down = min(thickness, rect.width / 2 + rect.width % 2)
        fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: across), color: color)
        fill(Rect(x: rect.x, y: rect.maxY - across, width: rect.width, height: across), color: color)
        fill(Rect(x: rect.x, y: rect.y, width: down, height: rect.height), color: color)
        fill(Rect(x: rect.maxX - down, y: rect.y, width: down, height: rect.height), color: color)
    }

    /// A line from `x` rightwards, `length` pixels long and `thickness` pixels tall.
    public mutating func horizontalLine(x: Int, y: Int, length: Int, color: UInt32, thickness: Int = 1) {
        fill(Rect(x: x, y: y, width: length, height: thickness), color: color)
    }

    /// A line from `y` downwards, `length` pixels long and `thickness` pixels wide.
    public mutating func verticalLine(x: Int, y: Int, length: Int, color: UInt32, thickness: Int = 1) {
        fill(Rect(x: x, y: y, width: thickness, height: length), color: color)
    }

    /// Copies `source` with its top-left corner at `x`, `y`, keeping only what falls
    /// inside the canvas and inside `clip` when given.
    public mutating func blit(_ source: RGBImage, at x: Int, y: Int, clip: Rect? = nil) {
        var area = Rect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        if let clip { area = area.intersection(clip) }
        guard !area.isEmpty else { return }
        let stride = image.width
        source.pixels.withUnsafeBufferPointer { from in
            image.pixels.withUnsafeMutableBufferPointer { to in
                for row in area.y..<area.maxY {
                    let sourceStart = (row - y) * source.width + (area.x - x)
                    let target = to.baseAddress! + row * stride + area.x
                    target.update(from: from.baseAddress! + sourceStart, count: area.width)
                }
            }
        }
        dirty.add(area)
    }

    /// Paints the ink of `glyph` in `color` with its top-left corner at `x`, `y`; the
    /// background shows through. Clipped to the canvas and to `clip` when given (a text
    /// box or a scrolling title's window).
    public mutating func drawGlyph(_ glyph: GlyphBitmap, at x: Int, y: Int, color: UInt32, clip: Rect? = nil) {
        var area = Rect(x: x, y: y, width: glyph.pixelWidth, height: glyph.pixelHeight).intersection(bounds)
        if let clip { area = area.intersection(clip) }
        guard !area.isEmpty else { return }
        let stride = image.width, scale = glyph.scale, rowBytes = glyph.bytesPerRow
        var inked = false
        glyph.data.withUnsafeBufferPointer { bits in
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                for row in area.y..<area.maxY {
                    let rowStart = glyph.offset + ((row - y) / scale) * rowBytes
                    let line = row * stride
                    for column in area.x..<area.maxX {
                        let bit = (column - x) / scale
                        if bits[rowStart + bit >> 3] & (0x80 >> UInt8(bit & 7)) != 0 {
                            pixels[line + column] = color
                            inked = true
                        }
                    }
                }
            }
        }
        if inked { dirty.add(area) }
    }
}
