/// The browse screen: the album under the knob and its neighbours.
extension ScreenRenderer {
    func drawBrowse(_ browse: Browse, layout: ScreenLayout, into canvas: inout Canvas) {
        let spots = layout.browse, fonts = layout.fonts

        canvas.drawText(browse.crateName, in: spots.crateName, font: fonts.small, color: theme.secondaryText)
        canvas.drawText(Self.positionText(browse), in: spots.position, font: fonts.small, color: theme.secondaryText,
                        alignment: .trailing)

        let neighbours = [(browse.previous, spots.previousSlot, spots.previousCover),
                          (browse.next, spots.nextSlot, spots.nextCover)]
        for case let (card?, slot, frame) in neighbours where !slot.isEmpty {
            let art = cover(for: card.art, seed: card.title, side: frame.width)
            canvas.drawCover(CoverArt.dimmed(art, level: theme.neighbourLevel), in: frame, clip: slot,
                             background: theme.background)
        }

        let current = browse.current
        let art = cover(for: current.art, seed: current.title, side: spots.currentArt.width)
        canvas.drawCover(art, in: spots.currentArt, clip: spots.currentArt, background: theme.background)
        if let opinion = current.opinion { canvas.drawOpinionMark(opinion, in: spots.opinionMark, theme: theme) }
        canvas.drawText(current.title, in: spots.title, font: fonts.large, color: theme.text, alignment: .center)
        canvas.drawText(Self.artistLine(current), in: spots.artist, font: fonts.body, color: theme.secondaryText,
                        alignment: .center)
    }

    /// "4/24" for the fourth of 24 (the index is 0-based); nothing for an empty crate.
    static func positionText(_ browse: Browse) -> String {
        guard browse.count > 0 else { return "" }
        return "\(min(max(0, browse.index) + 1, browse.count))/\(browse.count)"
    }

    /// "Artist (1973)", or just the artist.
    static func artistLine(_ card: AlbumCard) -> String {
        guard let year = card.year, year > 0 else { return card.artist }
        return card.artist.isEmpty ? "\(year)" : "\(card.artist) (\(year))"
    }
}
