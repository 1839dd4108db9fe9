/// A short message over whatever screen is showing: a bordered box centred on the panel,
/// one to `maxLines` centred lines of body text.
public struct MessageLayout: Sendable {
    public let box: Rect
    /// Inside the box, top to bottom; each line's text is centred in its rectangle.
    public let lines: [Rect]
    public let borderWidth: Int

    init(_ basis: LayoutBasis, lineCount: Int) {
        let body = basis.body, g = basis.gap
        let padding = Self.padding(basis)
        borderWidth = Self.border(basis)
        let width = max(0, basis.width - 4 * basis.margin)
        let leading = max(2, g / 2)
        let textHeight = lineCount * body + (lineCount - 1) * leading
        let height = min(basis.height, textHeight + 2 * padding)
        let box = basis.fitted(Rect(x: (basis.width - width) / 2, y: (basis.height - height) / 2,
                                    width: width, height: height))
        let textWidth = Self.textWidth(basis)
        self.box = box
        lines = (0..<lineCount).map { index in
            basis.fitted(Rect(x: (basis.width - textWidth) / 2, y: box.y + padding + index * (body + leading),
                              width: textWidth, height: body))
        }
    }

    /// Lines whose box stays a margin inside the panel: at least three, at most eight (a
    /// how-to in full; a longer text belongs in `status`, not over the whole screen).
    static func maxLines(_ basis: LayoutBasis) -> Int {
        let leading = max(2, basis.gap / 2)
        let room = basis.height - 2 * basis.margin - 2 * padding(basis)
        return min(8, max(3, (room + leading) / (basis.body + leading)))
    }

    static func border(_ basis: LayoutBasis) -> Int { max(1, basis.gap / 3) }
    static func padding(_ basis: LayoutBasis) -> Int { border(basis) + basis.gap + 2 }
    static func textWidth(_ basis: LayoutBasis) -> Int {
        max(0, basis.width - 4 * basis.margin - 2 * padding(basis))
    }
}
