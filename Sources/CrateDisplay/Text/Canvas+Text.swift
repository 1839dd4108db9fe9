/// Text on the canvas: one line at a time, the top-left corner of the first character
/// cell at the given point, ink only (the background shows through, so callers fill the
/// area first when they redraw it).
extension Canvas {
    /// Draws `text` at `x`, `y`. With `maxWidth`, text that would be wider is cut and ends
    /// in an ellipsis, and nothing is drawn beyond `x + maxWidth`. Returns the width used.
    @discardableResult
    public mutating func drawText(
        _ text: String, x: Int, y: Int, font: some BitmapFont, color: UInt32, maxWidth: Int? = nil
    ) -> Int {
        guard Self.isSane(x), Self.isSane(y) else { return 0 }
        var glyphs = TextLayout.glyphs(for: text, font: font)
        var clip: Rect?
        if let maxWidth {
            glyphs = TextLayout.fitted(glyphs, font: font, maxWidth: maxWidth).glyphs
            clip = Rect(x: x, y: y, width: max(0, maxWidth), height: font.cellHeight)
        }
        drawGlyphs(glyphs, x: x, y: y, font: font, color: color, clip: clip)
        return glyphs.count * font.cellWidth
    }

    /// Draws `text` inside `box`, shifted left by `offset` pixels and repeating after a
    /// `gap` (default: three cells), for a title too long for its place: advance `offset`
    /// a little each frame. Text that fits is drawn still, at the box's left edge.
    public mutating func drawScrolling(
        _ text: String, in box: Rect, font: some BitmapFont, color: UInt32, offset: Int, gap: Int? = nil
    ) {
        guard Self.isSane(box.x), Self.isSane(box.y), Self.isSane(box.width), box.intersects(bounds) else { return }
        let glyphs = TextLayout.glyphs(for: text, font: font)
        let width = glyphs.count * font.cellWidth
        guard width > box.width else {
            drawGlyphs(glyphs, x: box.x, y: box.y, font: font, color: color, clip: box)
            return
        }
        let period = width + max(0, gap ?? 3 * font.cellWidth)
        let shift = ((offset % period) + period) % period
        var start = box.x - shift
        while start < box.maxX {
            drawGlyphs(glyphs, x: start, y: box.y, font: font, color: color, clip: box)
            start += period
        }
    }

    /// Draws glyph indices left to right from `x`, skipping cells wholly outside `clip`.
    mutating func drawGlyphs(_ glyphs: [Int], x: Int, y: Int, font: some BitmapFont, color: UInt32, clip: Rect?) {
        let cell = font.cellWidth
        let limit = (clip ?? bounds).intersection(bounds)
        guard Self.isSane(x), Self.isSane(y), !limit.isEmpty, y < limit.maxY, y + font.cellHeight > limit.y else { return }
        for (position, index) in glyphs.enumerated() {
            let left = x + position * cell
            if left >= limit.maxX { break }
            if left + cell <= limit.x { continue }
            drawGlyph(font.glyph(at: index), at: left, y: y, color: color, clip: limit)
        }
    }

    /// Text arithmetic (x + n × cell width) must not overflow; a point billions of pixels
    /// away is off any canvas, so such text simply draws nothing.
    private static func isSane(_ coordinate: Int) -> Bool {
        coordinate > -(1 << 40) && coordinate < 1 << 40
    }
}
