/// A fixed-width bitmap font: every character advances `cellWidth` pixels and occupies
/// `cellHeight` rows (both after any integer scaling). Console fonts and the built-in
/// fallback both fit this, which keeps text layout simple arithmetic.
public protocol BitmapFont: Sendable {
    var cellWidth: Int { get }
    var cellHeight: Int { get }
    /// The glyph for `scalar`, or nil when the font has none.
    func glyphIndex(for scalar: Unicode.Scalar) -> Int?
    func glyph(at index: Int) -> GlyphBitmap
    /// Drawn for characters the font lacks: U+FFFD when it has one, else '?'.
    var replacementIndex: Int { get }
}

extension BitmapFont {
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != nil }

    /// The glyph for `scalar`, or the replacement glyph.
    public func glyph(for scalar: Unicode.Scalar) -> GlyphBitmap {
        glyph(at: glyphIndex(for: scalar) ?? replacementIndex)
    }
}
