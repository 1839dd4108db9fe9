/// The boot and idle screen: a record, "Crate" under it and a line of detail, centred.
public struct BootLayout: Sendable {
    public static let productName = "Crate"

    /// A square the record is drawn in.
    public let emblem: Rect
    /// "Crate", centred, hero font.
    public let title: Rect
    /// Centred, body font.
    public let detail: Rect
    public let offlineMark: Rect

    init(_ basis: LayoutBasis) {
        let w = basis.width, h = basis.height, m = basis.margin, g = basis.gap
        let hero = basis.fonts.hero.cellHeight, body = basis.body
        offlineMark = basis.cornerOfflineMark
        let emblemSide = max(0, min(min(w, h) / 4, h - 2 * m - hero - body - 2 * g))
        let total = emblemSide + g + hero + g + body
        let top = max(m, (h - total) / 2)
        emblem = basis.fitted(Rect(x: (w - emblemSide) / 2, y: top, width: emblemSide, height: emblemSide))
        title = basis.fitted(Rect(x: m, y: top + emblemSide + g, width: w - 2 * m, height: hero))
        detail = basis.fitted(Rect(x: m, y: title.y + hero + g, width: w - 2 * m, height: body))
    }
}
