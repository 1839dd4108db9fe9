/// A list the knob moves through, one row per click: the crate menu ("Crates · now
/// Bebop", a row per crate) or the album's track list. Drawn like the dial screen, with
/// as many rows as the panel holds around the one under the knob.
public struct ListScreen: Sendable, Equatable {
    /// `menu` or `tracks`, the screen's name in `display status`.
    public var name: String
    /// The line above the rows: what the list is and where the knob is now.
    public var heading: String
    public var rows: [String]
    /// The row under the knob (highlighted).
    public var selected: Int
    /// The row of what is current (the crate the knob is in, the track playing): a dot.
    public var marked: Int?
    /// A short fact at the end of each row (a track's length), where there is one.
    public var details: [String]

    public init(name: String, heading: String, rows: [String], selected: Int, marked: Int?, details: [String] = []) {
        self.name = name
        self.heading = heading
        self.rows = rows
        self.selected = selected
        self.marked = marked
        self.details = details
    }

    /// A row's box split in two: the name, then `detail` at its end (a space apart).
    public static func split(_ row: Rect, detail: String, font: some BitmapFont) -> (name: Rect, detail: Rect) {
        guard !detail.isEmpty else { return (row, Rect(x: row.maxX, y: row.y, width: 0, height: row.height)) }
        let width = min(row.width, TextLayout.width(of: detail, font: font))
        let space = min(row.width - width, font.cellWidth)
        return (Rect(x: row.x, y: row.y, width: row.width - width - space, height: row.height),
                Rect(x: row.maxX - width, y: row.y, width: width, height: row.height))
    }

    /// The first row shown when `visible` rows fit: the selected one kept in view, a row
    /// of context above it where there is one.
    public func firstVisible(_ visible: Int) -> Int {
        guard visible > 0, rows.count > visible else { return 0 }
        let wanted = selected - max(0, (visible - 1) / 2)
        return min(max(0, wanted), rows.count - visible)
    }
}

extension ScreenRenderer {
    /// Draws `list`; returns where the offline mark goes.
    func drawList(_ list: ListScreen, layout: ScreenLayout, into canvas: inout Canvas) -> Rect {
        let visible = min(list.rows.count, layout.listRows)
        let spots = layout.dial(count: visible), fonts = layout.fonts
        canvas.drawText(list.heading, in: spots.title, font: fonts.small, color: theme.secondaryText)
        let first = list.firstVisible(visible)
        for (offset, row) in spots.rows.enumerated() {
            let index = first + offset
            guard list.rows.indices.contains(index) else { break }
            let selected = index == list.selected
            let fill = selected ? theme.accent : theme.background
            let ink = selected ? theme.onAccent : theme.text
            if selected { canvas.fill(row.frame, color: fill) }
            if index == list.marked {
                canvas.fillDisc(in: row.marker.insetBy(max(1, row.marker.width / 5)), color: selected ? ink : theme.accent)
            }
            let detail = list.details.indices.contains(index) ? list.details[index] : ""
            let boxes = ListScreen.split(row.name, detail: detail, font: fonts.body)
            canvas.drawText(list.rows[index], in: boxes.name, font: fonts.body, color: ink)
            canvas.drawText(detail, in: boxes.detail, font: fonts.body, color: ink, alignment: .trailing)
        }
        return spots.offlineMark
    }
}

extension ScreenLayout {
    /// How many list rows the panel holds at one line of body text each (with a gap).
    public var listRows: Int {
        let body = fonts.body.cellHeight
        let available = height - 2 * margin - fonts.small.cellHeight - gap
        return max(1, available / (body + 4))
    }
}
