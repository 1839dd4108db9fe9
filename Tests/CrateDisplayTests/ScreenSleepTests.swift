import CrateDisplay
import XCTest

/// The sleep timer at the end of the now-playing status row: its time left is never cut
/// off, however narrow the panel.
final class ScreenSleepTests: XCTestCase {
    private let renderer = ScreenRenderer(fonts: ScreenFixtures.fonts, artwork: QuadrantArtwork())

    private func statusRow(sleep: String, short: String?, _ w: Int, _ h: Int) -> [UInt32] {
        var playing = ScreenFixtures.playing()
        playing.sleep = sleep
        playing.sleepShort = short
        var canvas = Canvas(width: w, height: h)
        renderer.render(DisplayContent(screen: .nowPlaying(playing)), into: &canvas, now: ScreenFixtures.now)
        return ScreenFixtures.region(canvas.image, renderer.layout(width: w, height: h).nowPlaying.trackLine)
    }

    /// The row's room right of "3/11", as the renderer leaves it.
    private func room(_ w: Int, _ h: Int) -> (width: Int, font: any BitmapFont) {
        let layout = renderer.layout(width: w, height: h)
        let used = TextLayout.width(of: "3/11  ", font: layout.fonts.small)
        return (layout.nowPlaying.trackLine.width - used, layout.fonts.small)
    }

    func testTheTimeLeftIsShownWholeOnEveryPanel() {
        for (w, h) in ScreenFixtures.sizes {
            let (width, font) = room(w, h)
            XCTAssertLessThanOrEqual(TextLayout.width(of: "Zz end", font: font), width, "at \(w)×\(h)")
        }
        for (w, h) in ScreenFixtures.sizes {
            let (width, font) = room(w, h)
            XCTAssertLessThanOrEqual(TextLayout.width(of: "14:32", font: font), width, "the short form fits at \(w)×\(h)")
            let fits = TextLayout.width(of: "Sleep 14:32", font: font) <= width
            XCTAssertEqual(statusRow(sleep: "Sleep 14:32", short: "14:32", w, h),
                           statusRow(sleep: fits ? "Sleep 14:32" : "14:32", short: nil, w, h),
                           "at \(w)×\(h) the row shows \(fits ? "Sleep 14:32" : "14:32"), whole")
        }
        // The 320×240 panel of the report: "Sleep 14:32" would read "Sleep…" there.
        let (width, font) = room(320, 240)
        XCTAssertGreaterThan(TextLayout.width(of: "Sleep 14:32", font: font), width)
        XCTAssertNotEqual(statusRow(sleep: "Sleep 14:32", short: "14:32", 320, 240),
                          statusRow(sleep: "Sleep 14:32", short: nil, 320, 240), "not the cut long form")
    }
}
