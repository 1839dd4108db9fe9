/// One line of screen text in a box: where it starts for an alignment, and lines for a
/// message too long for one. The renderer and the tests both place text through here, so
/// a test can draw the expected string exactly where the screen draws it.
public enum ScreenText {
    public enum Alignment: Sendable { case leading, center, trailing }

    /// The top-left corner of `text` drawn in `box`: aligned horizontally by its width
    /// after truncation to the box, centred vertically when the box is taller than a line.
    public static func origin(of text: String, in box: Rect, font: some BitmapFont,
                              alignment: Alignment) -> (x: Int, y: Int) {
        let y = box.y + max(0, (box.height - font.cellHeight) / 2)
        guard alignment != .leading else { return (box.x, y) }
        let glyphs = TextLayout.fitted(TextLayout.glyphs(for: text, font: font), font: font, maxWidth: box.width).glyphs
        let spare = max(0, box.width - glyphs.count * font.cellWidth)
        return (alignment == .center ? box.x + spare / 2 : box.x + spare, y)
    }

    /// `text` cut into at most `maxLines` lines of `width` pixels, breaking at spaces (and
    /// inside words longer than a line, such as paths in error messages). Whatever does not
    /// fit is appended to the last line, which the drawing then ends with an ellipsis.
    public static func wrap(_ text: String, font: some BitmapFont, width: Int, maxLines: Int) -> [String] {
        let perLine = max(1, width / max(1, font.cellWidth))
        var lines: [String] = []
        var current = "", currentCells = 0
        func cells(_ piece: Substring) -> Int { TextLayout.glyphs(for: String(piece), font: font).count }
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            let wordCells = cells(word)
            if currentCells > 0 && currentCells + 1 + wordCells <= perLine {
                current += " " + word
                currentCells += 1 + wordCells
                continue
            }
            if currentCells > 0 { lines.append(current) }
            var rest = word[...], restCells = wordCells
            while restCells > perLine {
                // Hard break: as many characters as fill the line.
                var cut = rest.startIndex, used = 0
                while cut < rest.endIndex {
                    let next = rest.index(after: cut)
                    let add = cells(rest[cut..<next])
                    if used + add > perLine { break }
                    used += add
                    cut = next
                }
                if cut == rest.startIndex { cut = rest.index(after: cut) }
                lines.append(String(rest[..<cut]))
                rest = rest[cut...]
                restCells = cells(rest)
            }
            current = String(rest)
            currentCells = restCells
        }
        if currentCells > 0 || !current.isEmpty { lines.append(current) }
        let limit = max(1, maxLines)
        guard lines.count > limit else { return lines }
        let tail = lines[(limit - 1)...].joined(separator: " ")
        return Array(lines.prefix(limit - 1)) + [tail]
    }
}

extension Canvas {
    /// `text` inside `box`, cut with an ellipsis to its width, aligned; never inks
    /// outside `box`.
    mutating func drawText(_ text: String, in box: Rect, font: some BitmapFont, color: UInt32,
                           alignment: ScreenText.Alignment = .leading) {
        guard !box.isEmpty, !text.isEmpty else { return }
        let origin = ScreenText.origin(of: text, in: box, font: font, alignment: alignment)
        let clip = box.intersection(bounds)
        guard !clip.isEmpty else { return }
        let glyphs = TextLayout.fitted(TextLayout.glyphs(for: text, font: font), font: font,
                                       maxWidth: box.maxX - origin.x).glyphs
        drawGlyphs(glyphs, x: origin.x, y: origin.y, font: font, color: color, clip: clip)
    }
}
