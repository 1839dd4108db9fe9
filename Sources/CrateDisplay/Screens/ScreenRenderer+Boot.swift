/// The boot and idle screen, and the message box drawn over any screen.
extension ScreenRenderer {
    func drawBoot(detail: String, reach: [String], layout: ScreenLayout, into canvas: inout Canvas) {
        let lines = layout.reachLines(reach)
        let spots = layout.boot(reachLines: lines.count), fonts = layout.fonts
        let record = CoverArt.placeholder(side: spots.emblem.width, seed: BootLayout.productName, theme: theme,
                                            background: theme.background)
        canvas.drawCover(record, in: spots.emblem, clip: spots.emblem, background: theme.background)
        canvas.drawText(BootLayout.productName, in: spots.title, font: fonts.hero, color: theme.text, alignment: .center)
        canvas.drawText(detail, in: spots.detail, font: fonts.body, color: theme.secondaryText, alignment: .center)
        for (line, rect) in zip(lines, spots.reach) {
            canvas.drawText(line, in: rect, font: fonts.small, color: theme.text, alignment: .center)
        }
    }

    func drawMessage(_ message: Message, layout: ScreenLayout, into canvas: inout Canvas) {
        let lines = ScreenText.wrap(message.text, font: layout.fonts.body, width: layout.messageTextWidth,
                                    maxLines: layout.messageMaxLines)
        guard !lines.isEmpty else { return }
        let spots = layout.message(lineCount: lines.count)
        let edge = message.kind == .error ? theme.error : theme.accent
        let ink = message.kind == .error ? theme.error : theme.text
        canvas.fill(spots.box, color: theme.messageFill)
        canvas.stroke(spots.box, color: edge, thickness: spots.borderWidth)
        for (line, rect) in zip(lines, spots.lines) {
            canvas.drawText(line, in: rect, font: layout.fonts.body, color: ink, alignment: .center)
        }
    }
}
