/// What plays stays in sight while browsing: the browse and list screens keep a strip at
/// the foot of the panel with the album playing and its progress (a bar, the track and
/// the time), the screen itself laid out in the height above it.
public struct PlayingFooter: Sendable, Equatable {
    /// The whole strip, the full width of the panel.
    public let strip: Rect
    /// The track's progress, across the top of the strip.
    public let bar: Rect
    /// "Artist — Album" on the left, "3/11 1:00" at the end.
    public let line: Rect

    /// The strip for a panel laid out as `layout`, or nil when the panel is too short to
    /// give a line away (the screen above it would lose its cover).
    init?(_ layout: ScreenLayout) {
        let small = layout.fonts.small.cellHeight, m = layout.margin, g = layout.gap
        let height = Self.barHeight + g / 2 + small + m / 2
        guard layout.height - height >= Self.minimumScreenHeight else { return nil }
        strip = Rect(x: 0, y: layout.height - height, width: layout.width, height: height)
        bar = Rect(x: m, y: strip.y, width: layout.width - 2 * m, height: Self.barHeight)
        line = Rect(x: m, y: bar.maxY + g / 2, width: layout.width - 2 * m, height: small)
    }

    static let barHeight = 2
    /// Below this the browse screen's cover would be a thumbnail: no footer.
    static let minimumScreenHeight = 160
}

extension ScreenRenderer {
    /// Where the footer goes on a panel of this size; nil when it has no room for one.
    public func footer(width: Int, height: Int) -> PlayingFooter? {
        PlayingFooter(layout(width: width, height: height))
    }

    func drawFooter(_ playing: NowPlaying, in spots: PlayingFooter, font: some BitmapFont, now: Double,
                    into canvas: inout Canvas) {
        canvas.fill(spots.bar, color: theme.track)
        if let duration = playing.duration, duration > 0 {
            let done = Int(Double(spots.bar.width) * min(1, max(0, playing.elapsed(at: now) / duration)))
            canvas.fill(Rect(x: spots.bar.x, y: spots.bar.y, width: done, height: spots.bar.height), color: theme.accent)
        }
        let album = playing.artist.isEmpty ? playing.album : "\(playing.artist) — \(playing.album)"
        let detail = "\(playing.trackNumber)/\(playing.trackCount) \(Self.formatTime(playing.elapsed(at: now)))"
        let boxes = ListScreen.split(spots.line, detail: detail, font: font)
        let ink = playing.mark == .playing ? theme.text : theme.secondaryText
        canvas.drawText(album, in: boxes.name, font: font, color: ink)
        canvas.drawText(detail, in: boxes.detail, font: font, color: theme.secondaryText, alignment: .trailing)
    }
}
