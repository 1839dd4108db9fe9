/// The Crate Dial screen: five positions, the one under the knob highlighted, the one the
/// crate was made with marked.
extension ScreenRenderer {
    func drawDial(_ dial: Dial, layout: ScreenLayout, into canvas: inout Canvas) {
        let spots = layout.dial(count: dial.positions.count), fonts = layout.fonts
        canvas.drawText(DialLayout.heading, in: spots.title, font: fonts.small, color: theme.secondaryText)
        for (index, row) in spots.rows.enumerated() {
            let selected = index == dial.selected
            let fill = selected ? theme.accent : theme.background
            let ink = selected ? theme.onAccent : theme.text
            if selected { canvas.fill(row.frame, color: fill) }
            let marker = row.marker.insetBy(max(1, row.marker.width / 5))
            if index == dial.confirmed {
                canvas.fillDisc(in: marker, color: selected ? ink : theme.accent)
            } else {
                canvas.strokeCircle(in: marker, thickness: 1, color: selected ? ink : theme.track, inside: fill)
            }
            let description = dial.descriptions.indices.contains(index) ? dial.descriptions[index] : ""
            guard !description.isEmpty, !row.description.isEmpty else {
                canvas.drawText(dial.positions[index], in: row.name, font: fonts.body, color: ink)
                continue
            }
            canvas.drawText(dial.positions[index], in: row.describedName, font: fonts.body, color: ink)
            canvas.drawText(description, in: row.description, font: fonts.small, color: selected ? ink : theme.secondaryText)
        }
    }
}
