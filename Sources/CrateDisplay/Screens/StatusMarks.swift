/// The small drawn symbols of the status row: how the player is doing, and that a source
/// is offline. Drawn rather than taken from the font: console fonts have no play or pause
/// glyphs, and a shape reads at a glance where a letter has to be read.
extension Canvas {
    /// The mark for `mark`, inside the square `rect`.
    mutating func drawStateMark(_ mark: PlaybackMark, in rect: Rect, theme: ScreenTheme) {
        let side = min(rect.width, rect.height)
        guard side >= 3 else { return }
        // A little air around the shape: the square is a text row's height.
        let inset = max(1, side / 6)
        let box = Rect(x: rect.x + (rect.width - side) / 2 + inset, y: rect.y + (rect.height - side) / 2 + inset,
                       width: side - 2 * inset, height: side - 2 * inset)
        switch mark {
        case .playing:
            let width = box.height * 7 / 8
            fillTriangleRight(in: Rect(x: box.x + (box.width - width) / 2, y: box.y, width: width, height: box.height),
                              color: theme.accent)
        case .paused:
            let bar = max(1, box.width / 3)
            fill(Rect(x: box.x, y: box.y, width: bar, height: box.height), color: theme.accent)
            fill(Rect(x: box.maxX - bar, y: box.y, width: bar, height: box.height), color: theme.accent)
        case .buffering:
            // Three dots: "waiting", the usual sign for a stream catching up.
            let dot = max(1, box.width / 4)
            let y = box.y + (box.height - dot) / 2
            let spacing = (box.width - 3 * dot) / 2
            for index in 0..<3 {
                let spot = Rect(x: box.x + index * (dot + spacing), y: y, width: dot, height: dot)
                fillDisc(in: spot, color: theme.accent)
            }
        case .stopped:
            let square = box.insetBy(max(0, box.width / 10))
            fill(square, color: theme.secondaryText)
        case .error:
            // "!" as a bar over a dot, in the error colour.
            let bar = max(1, box.width / 4)
            let x = box.x + (box.width - bar) / 2
            let dotHeight = max(1, bar)
            let stem = box.height - dotHeight - max(1, dotHeight / 2)
            fill(Rect(x: x, y: box.y, width: bar, height: stem), color: theme.error)
            fill(Rect(x: x, y: box.maxY - dotHeight, width: bar, height: dotHeight), color: theme.error)
        }
    }

    /// The offline mark in `rect`: a crossed-out circle (a link that is down) and the word.
    mutating func drawOfflineMark(in rect: Rect, font: some BitmapFont, theme: ScreenTheme, gap: Int) {
        guard !rect.isEmpty else { return }
        let side = min(rect.height, rect.width)
        let symbol = Rect(x: rect.x, y: rect.y + (rect.height - side) / 2, width: side, height: side)
            .insetBy(max(1, side / 8))
        let thickness = max(1, symbol.width / 6)
        strokeCircle(in: symbol, thickness: thickness, color: theme.warning, inside: theme.background)
        // The slash: one short span per row, from bottom-left to top-right.
        for row in 0..<symbol.height {
            let x = symbol.x + (symbol.height - 1 - row) * symbol.width / max(1, symbol.height)
            fill(Rect(x: x, y: symbol.y + row, width: thickness, height: 1).intersection(symbol), color: theme.warning)
        }
        let textX = rect.x + side + gap / 2
        let textBox = Rect(x: textX, y: rect.y, width: rect.maxX - textX, height: rect.height)
        drawText(ScreenLayout.offlineLabel, in: textBox, font: font, color: theme.warning)
    }
}
