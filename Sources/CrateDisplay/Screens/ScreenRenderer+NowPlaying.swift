/// The now-playing screen: what is playing, how far along, and how the player is doing.
extension ScreenRenderer {
    func drawNowPlaying(_ playing: NowPlaying, layout: ScreenLayout, now: Double, into canvas: inout Canvas) {
        let spots = layout.nowPlaying, fonts = layout.fonts

        let art = cover(for: playing.art, seed: playing.album, side: spots.art.width)
        canvas.drawCover(art, in: spots.art, clip: spots.art, background: theme.background)
        if let opinion = playing.opinion { canvas.drawOpinionMark(opinion, in: spots.opinionMark, theme: theme) }

        canvas.drawStateMark(playing.mark, in: spots.stateMark, theme: theme)
        canvas.drawText(Self.trackLine(playing), in: spots.trackLine, font: fonts.small, color: theme.secondaryText)
        // Right of "3/12", never over it: cut with an ellipsis when the row is narrow.
        let used = TextLayout.width(of: Self.trackLine(playing) + "  ", font: fonts.small)
        var trailing = spots.trackLine
        trailing.x += min(used, trailing.width)
        trailing.width -= min(used, trailing.width)
        if let rooms = playing.rooms {
            canvas.drawText(rooms, in: trailing, font: fonts.small,
                            color: playing.roomsProblem ? theme.error : theme.secondaryText, alignment: .trailing)
            // The sleep timer goes left of the rooms.
            trailing.width -= min(trailing.width, TextLayout.width(of: "  " + rooms, font: fonts.small))
        }
        if let sleep = playing.sleep {
            let fits = TextLayout.width(of: sleep, font: fonts.small) <= trailing.width
            canvas.drawText(fits ? sleep : playing.sleepShort ?? sleep, in: trailing, font: fonts.small,
                            color: theme.secondaryText, alignment: .trailing)
        }

        canvas.drawText(playing.artist, in: spots.artist, font: fonts.body, color: theme.secondaryText)
        canvas.drawText(playing.album, in: spots.album, font: fonts.large, color: theme.text)
        if case .error(let reason) = playing.mark {
            // The reason replaces the title: it is what the listener needs to know now.
            canvas.drawText(reason, in: spots.title, font: fonts.body, color: theme.error)
        } else {
            canvas.drawText(playing.trackTitle, in: spots.title, font: fonts.body, color: theme.text)
        }

        if let upNext = playing.upNext {
            canvas.drawText(upNext, in: spots.upNext, font: fonts.small, color: theme.secondaryText)
        }

        let elapsed = playing.elapsed(at: now)
        canvas.fill(spots.progressBar, color: theme.track)
        canvas.fill(Self.progressFilled(spots.progressFill, elapsed: elapsed, duration: playing.duration),
                    color: theme.accent)
        canvas.drawText(Self.formatTime(elapsed), in: spots.elapsedText, font: fonts.small, color: theme.secondaryText)
        let total = playing.duration.map(Self.formatTime) ?? "-:--"
        canvas.drawText(total, in: spots.totalText, font: fonts.small, color: theme.secondaryText, alignment: .trailing)
    }

    /// "3/12"; just "3" when the album's size is unknown, nothing without a number.
    static func trackLine(_ playing: NowPlaying) -> String {
        guard playing.trackNumber > 0 else { return "" }
        return playing.trackCount > 0 ? "\(playing.trackNumber)/\(playing.trackCount)" : "\(playing.trackNumber)"
    }

    /// The filled part of the bar: the left `elapsed / duration` of `inner`, rounded to
    /// the nearest pixel; empty while the duration is unknown.
    public static func progressFilled(_ inner: Rect, elapsed: Double, duration: Double?) -> Rect {
        guard let duration, duration > 0, duration.isFinite, elapsed.isFinite, !inner.isEmpty else {
            return Rect(x: inner.x, y: inner.y, width: 0, height: inner.height)
        }
        let fraction = min(1, max(0, elapsed / duration))
        let width = Int((fraction * Double(inner.width)).rounded())
        return Rect(x: inner.x, y: inner.y, width: width, height: inner.height)
    }
}
