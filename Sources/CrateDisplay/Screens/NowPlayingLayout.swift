/// The now-playing screen: the cover, a status row (state mark, "3/12", offline mark),
/// artist / album / title, and a progress bar over the elapsed and total times.
///
///     landscape                        portrait and square
///     ┌────────┬──────────────────┐    ┌──────────────────┐
///     │        │ ▶ 3/12   offline │    │ ▶ 3/12   offline │
///     │  art   │ Artist           │    │      ┌────┐      │
///     │        │ Album            │    │      │art │      │
///     │        │ Title            │    │      └────┘      │
///     │        │ Next: …          │    │                  │
///     │        │ ▬▬▬▬▬▬▬──────────│    │ Artist/Album/Title│
///     │        │ 1:23        4:56 │    │ ▬▬▬▬▬▬────────── │
///     └────────┴──────────────────┘    └──────────────────┘
public struct NowPlayingLayout: Sendable {
    public let art: Rect
    /// The like or dislike badge, in the cover's top right corner.
    public let opinionMark: Rect
    public let stateMark: Rect
    /// "3/12", left-aligned.
    public let trackLine: Rect
    public let offlineMark: Rect
    public let artist: Rect
    /// The album title, in the large font.
    public let album: Rect
    /// The track title, or the error text when the player reports one.
    public let title: Rect
    /// "Next: Artist — Album", under the title where the panel has room (empty otherwise).
    public let upNext: Rect
    /// The whole bar, its empty part included.
    public let progressBar: Rect
    /// The part of the bar that fills: `elapsed / duration` of its width, from the left.
    public let progressFill: Rect
    /// Left-aligned.
    public let elapsedText: Rect
    /// Right-aligned.
    public let totalText: Rect

    init(_ basis: LayoutBasis) {
        let w = basis.width, h = basis.height, m = basis.margin, g = basis.gap
        let small = basis.small, body = basis.body, large = basis.large
        let barHeight = max(4, small / 2)
        let textBlock = body + g + large + g + body

        // The column the words live in; in landscape the cover takes the left half at most.
        let artSide: Int, column: Rect
        if basis.isLandscape {
            artSide = max(0, min(h - 2 * m, (w - 3 * m) / 2))
            column = Rect(x: m + artSide + m, y: m, width: w - artSide - 3 * m, height: h - 2 * m)
        } else {
            column = Rect(x: m, y: m, width: w - 2 * m, height: h - 2 * m)
            let top = m + small + g
            let bottom = h - m - small - g - barHeight - g - textBlock - g
            artSide = max(0, min(w - 2 * m, bottom - top))
        }

        let offlineWidth = min(basis.offlineMarkWidth, column.width)
        stateMark = basis.fitted(Rect(x: column.x, y: column.y, width: small, height: small))
        offlineMark = basis.fitted(Rect(x: column.maxX - offlineWidth, y: column.y, width: offlineWidth, height: small))
        trackLine = basis.fitted(Rect(x: stateMark.maxX + g, y: column.y,
                                      width: offlineMark.x - g - (stateMark.maxX + g), height: small))

        let timesY = h - m - small
        let barY = timesY - g - barHeight
        progressBar = basis.fitted(Rect(x: column.x, y: barY, width: column.width, height: barHeight))
        progressFill = progressBar.insetBy(1)
        let timeWidth = column.width / 2
        elapsedText = basis.fitted(Rect(x: column.x, y: timesY, width: timeWidth, height: small))
        totalText = basis.fitted(Rect(x: column.maxX - timeWidth, y: timesY, width: timeWidth, height: small))

        if basis.isLandscape {
            art = basis.fitted(Rect(x: m, y: (h - artSide) / 2, width: artSide, height: artSide))
        } else {
            art = basis.fitted(Rect(x: (w - artSide) / 2, y: m + small + g, width: artSide, height: artSide))
        }
        opinionMark = Self.badge(on: art, side: body, basis: basis)

        // The three lines sit centred in what is left between the cover (or status row) and the bar.
        let spaceTop = basis.isLandscape ? column.y + small + g : art.maxY + g
        let spaceBottom = barY - g
        // The album that comes next, in small text under the title, only where it fits
        // without shrinking the cover.
        let withNext = spaceBottom - spaceTop >= textBlock + g + small
        let block = textBlock + (withNext ? g + small : 0)
        let top = spaceTop + max(0, (spaceBottom - spaceTop - block) / 2)
        artist = basis.fitted(Rect(x: column.x, y: top, width: column.width, height: body))
        album = basis.fitted(Rect(x: column.x, y: top + body + g, width: column.width, height: large))
        title = basis.fitted(Rect(x: column.x, y: top + body + g + large + g, width: column.width, height: body))
        upNext = basis.fitted(Rect(x: column.x, y: title.maxY + g, width: column.width, height: withNext ? small : 0))
    }

    /// A square of `side` (at most a third of the cover) inside `cover`'s top right corner.
    static func badge(on cover: Rect, side: Int, basis: LayoutBasis) -> Rect {
        let size = min(side, cover.width / 3)
        let inset = max(1, size / 4)
        return basis.fitted(Rect(x: cover.maxX - inset - size, y: cover.y + inset, width: size, height: size))
    }
}
