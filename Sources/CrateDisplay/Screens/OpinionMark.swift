/// A like or a dislike, as a badge on the album's cover: a heart, or a cross.
public enum OpinionMark: Sendable, Equatable {
    case liked, disliked
}

extension Canvas {
    /// The badge for `mark` in the square `rect`: a disc in the background colour, so it
    /// reads on any cover, holding a heart (accent) or a cross (error colour).
    public mutating func drawOpinionMark(_ mark: OpinionMark, in rect: Rect, theme: ScreenTheme) {
        let side = min(rect.width, rect.height)
        guard side >= 5 else { return }
        let square = Rect(x: rect.x, y: rect.y, width: side, height: side)
        fillDisc(in: square, color: theme.background)
        let box = square.insetBy(max(1, side / 4))
        guard !box.isEmpty else { return }
        switch mark {
        case .liked:
            // Two lobes over a triangle pointing down.
            let lobe = max(1, (box.width + 1) / 2)
            fillDisc(in: Rect(x: box.x, y: box.y, width: lobe, height: lobe), color: theme.accent)
            fillDisc(in: Rect(x: box.maxX - lobe, y: box.y, width: lobe, height: lobe), color: theme.accent)
            let top = box.y + lobe / 2, rows = box.maxY - top
            for row in 0..<max(0, rows) {
                let width = box.width * (rows - row) / rows
                fill(Rect(x: box.x + (box.width - width) / 2, y: top + row, width: width, height: 1), color: theme.accent)
            }
        case .disliked:
            let thickness = max(1, box.width / 5)
            for row in 0..<box.height {
                let x = box.x + row * (box.width - thickness) / max(1, box.height - 1)
                fill(Rect(x: x, y: box.y + row, width: thickness, height: 1), color: theme.error)
                fill(Rect(x: box.maxX - thickness - (x - box.x), y: box.y + row, width: thickness, height: 1),
                     color: theme.error)
            }
        }
    }
}
