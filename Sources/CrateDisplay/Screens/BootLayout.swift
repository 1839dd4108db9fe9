/// The boot and idle screen: a record, "Crate" under it and a line of detail, centred;
/// with `reachLines`, that many lines of small text under the detail say how to reach the
/// box from a phone (BoxReach), and the record shrinks to make room.
public struct BootLayout: Sendable {
    public static let productName = "Crate"
    /// The most lines of how to reach the box the screen has room for (the name and
    /// address, then the page's URL in a sentence, which a narrow panel wraps).
    public static let maxReachLines = 3

    /// A square the record is drawn in.
    public let emblem: Rect
    /// "Crate", centred, hero font.
    public let title: Rect
    /// Centred, body font.
    public let detail: Rect
    /// The lines saying how to reach the box, centred, small font; empty without any.
    public let reach: [Rect]
    public let offlineMark: Rect

    init(_ basis: LayoutBasis, reachLines: Int = 0) {
        let w = basis.width, h = basis.height, m = basis.margin, g = basis.gap
        let hero = basis.fonts.hero.cellHeight, body = basis.body, small = basis.small
        let lines = min(max(0, reachLines), Self.maxReachLines)
        let reachHeight = lines == 0 ? 0 : g + lines * small + (lines - 1) * (g / 2)
        offlineMark = basis.cornerOfflineMark
        let emblemSide = max(0, min(min(w, h) / 4, h - 2 * m - hero - body - 2 * g - reachHeight))
        let total = emblemSide + g + hero + g + body + reachHeight
        let top = max(m, (h - total) / 2)
        emblem = basis.fitted(Rect(x: (w - emblemSide) / 2, y: top, width: emblemSide, height: emblemSide))
        title = basis.fitted(Rect(x: m, y: top + emblemSide + g, width: w - 2 * m, height: hero))
        detail = basis.fitted(Rect(x: m, y: title.y + hero + g, width: w - 2 * m, height: body))
        let detailBottom = title.y + hero + g + body
        reach = (0..<lines).map { line in
            basis.fitted(Rect(x: m, y: detailBottom + g + line * (small + g / 2), width: w - 2 * m, height: small))
        }
    }
}
