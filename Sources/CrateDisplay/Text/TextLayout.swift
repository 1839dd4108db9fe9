/// One line of text in a fixed-width bitmap font, as glyph indices: measuring is
/// counting cells, and truncation is cutting the array.
public enum TextLayout {
    /// The glyphs for `text`, one per Unicode scalar that takes a cell. Combining marks
    /// and invisible format characters are dropped (a console font's fixed cell cannot
    /// stack an accent on its letter), line breaks and tabs become spaces, other control
    /// characters vanish, and characters the font lacks show its replacement glyph.
    public static func glyphs(for text: String, font: some BitmapFont) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format:
                continue
            case .control:
                if scalar == "\t" || scalar == "\n" || scalar == "\r" { result.append(font.glyphIndex(for: " ") ?? font.replacementIndex) }
                continue
            default:
                result.append(font.glyphIndex(for: scalar) ?? font.replacementIndex)
            }
        }
        return result
    }

    /// Width in pixels of `text` drawn in `font`.
    public static func width(of text: String, font: some BitmapFont) -> Int {
        glyphs(for: text, font: font).count * font.cellWidth
    }

    /// The ellipsis: U+2026 when the font has it, else three full stops.
    public static func ellipsis(font: some BitmapFont) -> [Int] {
        if let single = font.glyphIndex(for: "\u{2026}") { return [single] }
        let dot = font.glyphIndex(for: ".") ?? font.replacementIndex
        return [dot, dot, dot]
    }

    /// `glyphs` cut to fit `maxWidth` pixels: unchanged when they fit, else as many as
    /// fit with room for an ellipsis, trailing spaces removed, then the ellipsis.
    public static func fitted(_ glyphs: [Int], font: some BitmapFont, maxWidth: Int) -> (glyphs: [Int], truncated: Bool) {
        let cell = max(1, font.cellWidth)
        let cells = max(0, maxWidth) / cell
        guard glyphs.count > cells else { return (glyphs, false) }
        let ellipsis = ellipsis(font: font)
        guard cells > ellipsis.count else { return (Array(ellipsis.prefix(cells)), true) }
        var kept = Array(glyphs.prefix(cells - ellipsis.count))
        if let space = font.glyphIndex(for: " ") {
            while kept.last == space { kept.removeLast() }
        }
        return (kept + ellipsis, true)
    }

    /// The distance after which a scrolling `text` repeats: its width plus `gap`.
    public static func scrollPeriod(of text: String, font: some BitmapFont, gap: Int) -> Int {
        width(of: text, font: font) + max(0, gap)
    }
}
