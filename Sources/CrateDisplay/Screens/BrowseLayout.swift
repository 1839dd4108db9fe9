/// The browse screen: the album under the knob large and centred, its neighbours smaller
/// and dimmed beside it (peeking in from the edges when the panel is narrow, like records
/// in a crate), the crate's name and the position above, title and artist below.
public struct BrowseLayout: Sendable {
    /// Left-aligned.
    public let crateName: Rect
    /// "4/24", right-aligned.
    public let position: Rect
    public let offlineMark: Rect
    public let currentArt: Rect
    /// The like or dislike badge, in the current cover's top right corner.
    public let opinionMark: Rect
    /// The visible part of each neighbour (empty when the panel has no room for one).
    public let previousSlot: Rect
    public let nextSlot: Rect
    /// Where each neighbour's whole cover would be; only what lies in its slot is drawn,
    /// so the previous album shows its right side and the next its left.
    public let previousCover: Rect
    public let nextCover: Rect
    /// Centred, large font.
    public let title: Rect
    /// Centred: the artist, and the year when known.
    public let artist: Rect

    /// Below this a neighbour is only a sliver; it is left out.
    static let minimumSlotWidth = 8

    init(_ basis: LayoutBasis) {
        let w = basis.width, h = basis.height, m = basis.margin, g = basis.gap
        let small = basis.small, body = basis.body, large = basis.large

        // Header: name on the left, then the offline mark, then the position at the right.
        let positionWidth = min(w - 2 * m, 9 * basis.fonts.small.cellWidth) // "9999/9999"
        position = basis.fitted(Rect(x: w - m - positionWidth, y: m, width: positionWidth, height: small))
        let offlineWidth = min(basis.offlineMarkWidth, max(0, position.x - g - m))
        offlineMark = basis.fitted(Rect(x: position.x - g - offlineWidth, y: m, width: offlineWidth, height: small))
        crateName = basis.fitted(Rect(x: m, y: m, width: offlineMark.x - g - m, height: small))

        let artistY = h - m - body
        let titleY = artistY - g - large
        artist = basis.fitted(Rect(x: m, y: artistY, width: w - 2 * m, height: body))
        title = basis.fitted(Rect(x: m, y: titleY, width: w - 2 * m, height: large))

        let top = m + small + g, bottom = titleY - g
        // As large as the height allows while leaving the neighbours a tenth of the width each.
        let peek = max(Self.minimumSlotWidth, w / 10)
        let side = max(0, min(bottom - top, w - 2 * m - 2 * g - 2 * peek))
        currentArt = basis.fitted(Rect(x: (w - side) / 2, y: top + max(0, (bottom - top - side) / 2),
                                       width: side, height: side))
        opinionMark = NowPlayingLayout.badge(on: currentArt, side: body, basis: basis)

        let neighbour = side * 7 / 10
        let slotWidth = min(neighbour, currentArt.x - m - g)
        let slotY = currentArt.y + (side - neighbour) / 2
        if slotWidth >= Self.minimumSlotWidth {
            previousSlot = basis.fitted(Rect(x: currentArt.x - g - slotWidth, y: slotY,
                                             width: slotWidth, height: neighbour))
            nextSlot = basis.fitted(Rect(x: currentArt.maxX + g, y: slotY, width: slotWidth, height: neighbour))
        } else {
            previousSlot = .zero
            nextSlot = .zero
        }
        // Not clipped: these are frames for positioning, drawing is limited to the slots.
        previousCover = Rect(x: previousSlot.maxX - neighbour, y: slotY, width: neighbour, height: neighbour)
        nextCover = Rect(x: nextSlot.x, y: slotY, width: neighbour, height: neighbour)
    }
}
