import Synchronization

/// Draws `DisplayContent` onto a canvas: the whole screen each time (black, then the
/// screen, then the offline mark, then any message on top). Cheap enough for 30 frames a
/// second while the knob turns: the layout and its fonts are worked out once per canvas
/// size, covers come from the provider's cache, and the panel writer sends only the
/// pixels that actually changed.
public final class ScreenRenderer: Sendable {
    public let fonts: FontLibrary
    public let artwork: (any ArtworkProvider)?
    public let theme: ScreenTheme
    /// The layout of the last size drawn; a display has one size, so one is enough.
    private let cachedLayout = Mutex<ScreenLayout?>(nil)

    public init(fonts: FontLibrary, artwork: (any ArtworkProvider)?, theme: ScreenTheme = .standard) {
        self.fonts = fonts
        self.artwork = artwork
        self.theme = theme
    }

    /// The layout used for a canvas of this size (the same one `render` draws with).
    public func layout(width: Int, height: Int) -> ScreenLayout {
        if let layout = cachedLayout.withLock({ $0 }), layout.width == width, layout.height == height {
            return layout
        }
        // Built outside the lock: the font library may read font files.
        let layout = ScreenLayout(width: width, height: height, library: fonts)
        cachedLayout.withLock { $0 = layout }
        return layout
    }

    /// Redraws all of `canvas` for `content`. `now` is CLOCK_MONOTONIC seconds, for the
    /// elapsed time of a playing track.
    public func render(_ content: DisplayContent, into canvas: inout Canvas, now: Double) {
        var layout = layout(width: canvas.width, height: canvas.height)
        canvas.clear(to: theme.background)
        // Browsing and in the lists, what plays stays in sight at the foot of the panel.
        if let playing = content.playing, content.screen.keepsPlayingInSight, let footer = PlayingFooter(layout) {
            drawFooter(playing, in: footer, font: layout.fonts.small, now: now, into: &canvas)
            layout = layout.abovePlayingFooter ?? layout
        }
        let offlineMark: Rect
        switch content.screen {
        case .boot(let detail):
            drawBoot(detail: detail, reach: content.reach, layout: layout, into: &canvas)
            offlineMark = layout.boot.offlineMark
        case .nowPlaying(let playing):
            drawNowPlaying(playing, layout: layout, now: now, into: &canvas)
            offlineMark = layout.nowPlaying.offlineMark
        case .browse(let browse):
            drawBrowse(browse, layout: layout, into: &canvas)
            offlineMark = layout.browse.offlineMark
        case .dial(let dial):
            drawDial(dial, layout: layout, into: &canvas)
            offlineMark = layout.dial(count: dial.positions.count).offlineMark
        case .list(let list):
            offlineMark = drawList(list, layout: layout, into: &canvas)
        }
        if content.offline {
            canvas.drawOfflineMark(in: offlineMark, font: layout.fonts.small, theme: theme, gap: layout.gap)
        }
        if let message = content.message {
            drawMessage(message, layout: layout, into: &canvas)
        }
    }

    /// The cover for `art` fitted to a `side`-pixel square, or the placeholder record.
    func cover(for art: ArtworkReference?, seed: String, side: Int) -> RGBImage {
        guard side > 0 else { return RGBImage(width: 0, height: 0) }
        let box = ArtworkBox(width: side, height: side)
        if let art, let artwork, box.isValid, let image = artwork.image(for: art, fitting: box),
           image.width > 0, image.height > 0 {
            return CoverArt.fitted(image, to: box)
        }
        return CoverArt.placeholder(side: side, seed: seed, theme: theme)
    }

    /// "m:ss", or "h:mm:ss" from an hour on; whole seconds, rounded down (a clock shows
    /// 0:59 until the minute is complete). Negative and non-finite times read "0:00".
    public static func formatTime(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        let total = Int(min(seconds, 359_999_999).rounded(.down))
        let hours = total / 3600, minutes = total / 60 % 60, secs = total % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }
}
