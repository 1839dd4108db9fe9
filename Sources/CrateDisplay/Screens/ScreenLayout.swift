/// Where everything goes on a panel of one logical size: a named rectangle for every
/// element of every screen, and the fonts to write in. Pure arithmetic on the size and the
/// fonts' cell sizes, so tests can ask where the album title is and look there.
///
/// Landscape panels put the cover on the left and the words on the right; square and
/// portrait panels put the cover on top. Rectangles are never partly outside the panel;
/// on a panel too small for an element its rectangle is empty.
public struct ScreenLayout: Sendable {
    public let width: Int
    public let height: Int
    /// Space between the panel's edge and anything drawn.
    public let margin: Int
    /// Space between neighbouring elements.
    public let gap: Int
    public let isLandscape: Bool
    public let fonts: ScreenFonts

    public let nowPlaying: NowPlayingLayout
    public let browse: BrowseLayout
    /// For the usual five positions; `dial(count:)` for any other number.
    public let dial: DialLayout
    public let boot: BootLayout

    /// The word next to the offline symbol.
    public static let offlineLabel = "offline"

    public init(width: Int, height: Int, fonts: ScreenFonts) {
        let side = max(0, min(width, height))
        self.init(width: width, height: height, fonts: fonts, margin: min(16, max(4, side / 40)),
                  gap: min(10, max(3, side / 60)), isLandscape: width > height)
    }

    private init(width: Int, height: Int, fonts: ScreenFonts, margin: Int, gap: Int, isLandscape: Bool) {
        let width = max(0, width), height = max(0, height)
        self.width = width
        self.height = height
        self.margin = margin
        self.gap = gap
        self.isLandscape = isLandscape
        self.fonts = fonts
        let basis = LayoutBasis(width: width, height: height, margin: margin, gap: gap,
                                isLandscape: isLandscape, fonts: fonts)
        nowPlaying = NowPlayingLayout(basis)
        browse = BrowseLayout(basis)
        dial = DialLayout(basis, count: 5)
        boot = BootLayout(basis)
    }

    public init(width: Int, height: Int, library: FontLibrary) {
        self.init(width: width, height: height, fonts: ScreenFonts(library: library, width: width, height: height))
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The browse and list screens while something plays: laid out in the height above the
    /// now-playing footer, with the panel's own fonts, margin and gap (so their headers stay
    /// where they are); nil when the panel has no room for the footer.
    public var abovePlayingFooter: ScreenLayout? {
        guard let footer = PlayingFooter(self) else { return nil }
        return ScreenLayout(width: width, height: footer.strip.y, fonts: fonts, margin: margin, gap: gap,
                            isLandscape: isLandscape)
    }

    public func dial(count: Int) -> DialLayout {
        count == 5 ? dial : DialLayout(basis, count: count)
    }

    /// The boot screen with `reachLines` lines saying how to reach the box under its detail.
    public func boot(reachLines: Int) -> BootLayout {
        reachLines == 0 ? boot : BootLayout(basis, reachLines: reachLines)
    }

    /// `reach` (BoxReach.panelLines) as the boot screen draws it: each line wrapped to the
    /// panel's width in the small font, at most `BootLayout.maxReachLines` in all (the rest
    /// ends the last line, cut with an ellipsis when drawn).
    public func reachLines(_ reach: [String]) -> [String] {
        let width = max(0, width - 2 * margin)
        let wrapped = reach.flatMap { ScreenText.wrap($0, font: fonts.small, width: width, maxLines: BootLayout.maxReachLines) }
        guard wrapped.count > BootLayout.maxReachLines else { return wrapped }
        let keep = BootLayout.maxReachLines - 1
        return Array(wrapped.prefix(keep)) + [wrapped[keep...].joined(separator: " ")]
    }

    /// The message box for a message of `lineCount` lines (1…`messageMaxLines`), centred.
    public func message(lineCount: Int) -> MessageLayout {
        MessageLayout(basis, lineCount: min(messageMaxLines, max(1, lineCount)))
    }

    /// The longest a message may run before it is cut with an ellipsis: as many lines as
    /// the panel holds (a how-to is read in full), and never fewer than three.
    public var messageMaxLines: Int { MessageLayout.maxLines(basis) }

    /// The width lines of a message may take, for wrapping it before asking for its box.
    public var messageTextWidth: Int { MessageLayout.textWidth(basis) }

    private var basis: LayoutBasis {
        LayoutBasis(width: width, height: height, margin: margin, gap: gap, isLandscape: isLandscape, fonts: fonts)
    }
}

/// What every screen's arithmetic starts from.
struct LayoutBasis {
    let width: Int
    let height: Int
    let margin: Int
    let gap: Int
    let isLandscape: Bool
    let fonts: ScreenFonts

    var small: Int { fonts.small.cellHeight }
    var body: Int { fonts.body.cellHeight }
    var large: Int { fonts.large.cellHeight }

    /// The offline mark's size: a square symbol the height of small text, then the word.
    var offlineMarkWidth: Int {
        small + gap / 2 + TextLayout.width(of: ScreenLayout.offlineLabel, font: fonts.small)
    }

    /// The offline mark in the top-right corner, in a row of small text.
    var cornerOfflineMark: Rect {
        fitted(Rect(x: width - margin - offlineMarkWidth, y: margin, width: offlineMarkWidth, height: small))
    }

    /// `rect` with no negative size, clipped to the panel (tiny panels lose the overflow).
    func fitted(_ rect: Rect) -> Rect {
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        let clean = Rect(x: rect.x, y: rect.y, width: max(0, rect.width), height: max(0, rect.height))
        return bounds.contains(clean) ? clean : clean.intersection(bounds)
    }
}
