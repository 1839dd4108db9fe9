import CrateDisplay
import XCTest

/// What plays stays in sight while browsing: the browse and list screens keep a strip at
/// the panel's foot with the album playing, its track and time, and a progress bar.
final class ScreenFooterTests: XCTestCase {
    private let renderer = ScreenRenderer(fonts: ScreenFixtures.fonts, artwork: QuadrantArtwork())
    private let theme = ScreenTheme.standard

    private func draw(_ content: DisplayContent, _ w: Int, _ h: Int) -> RGBImage {
        var canvas = Canvas(width: w, height: h)
        renderer.render(content, into: &canvas, now: ScreenFixtures.now)
        return canvas.image
    }

    private var list: ListScreen {
        ListScreen(name: "tracks", heading: "Blue · 36:10", rows: ["1. All I Want", "2. My Old Man", "3. Little Green"],
                   selected: 1, marked: nil)
    }

    func testBrowseAndListsShowTheAlbumPlayingAndItsProgressAtTheFoot() throws {
        let playing = ScreenFixtures.playing()  // 1:00 of 4:00 into track 3 of 11
        for (w, h) in ScreenFixtures.sizes {
            let footer = try XCTUnwrap(renderer.footer(width: w, height: h), "room for it at \(w)×\(h)")
            XCTAssertEqual(footer.strip.maxY, h, "at the foot of the panel")
            for screen in [DisplayContent.Screen.browse(ScreenFixtures.browse()), .list(list)] {
                let image = draw(DisplayContent(screen: screen, playing: playing), w, h)
                // A quarter of the track is heard: a quarter of the bar in the accent colour.
                let bar = ScreenFixtures.region(image, footer.bar)
                let done = footer.bar.width / 4
                XCTAssertEqual(bar[0], theme.accent, "\(screen.name) at \(w)×\(h)")
                XCTAssertEqual(bar[done - 1], theme.accent)
                XCTAssertEqual(bar[done + 1], theme.track, "the rest of the bar is still to come")

                let detail = "3/11 1:00"
                let font = renderer.layout(width: w, height: h).fonts.small
                let boxes = ListScreen.split(footer.line, detail: detail, font: font)
                let name = ScreenFixtures.expectedText("David Bowie — Hunky Dory", in: boxes.name, font: font,
                                                       color: theme.text, width: w, height: h)
                XCTAssertEqual(ScreenFixtures.region(image, boxes.name), ScreenFixtures.region(name, boxes.name),
                               "the album playing, at \(w)×\(h)")
                let time = ScreenFixtures.expectedText(detail, in: boxes.detail, font: font, color: theme.secondaryText,
                                                       alignment: .trailing, width: w, height: h)
                XCTAssertEqual(ScreenFixtures.region(image, boxes.detail), ScreenFixtures.region(time, boxes.detail))
            }
        }
    }

    func testTheScreenAboveTheFootIsLaidOutWholeInTheRestOfTheHeight() throws {
        for (w, h) in ScreenFixtures.sizes {
            let layout = renderer.layout(width: w, height: h)
            let footer = try XCTUnwrap(renderer.footer(width: w, height: h))
            let above = try XCTUnwrap(layout.abovePlayingFooter)
            XCTAssertEqual(above.height, footer.strip.y)
            XCTAssertEqual(above.browse.crateName, layout.browse.crateName, "the header stays where it is")
            XCTAssertLessThanOrEqual(above.browse.artist.maxY, footer.strip.y, "the artist line above the footer")
            var content = DisplayContent(screen: .browse(ScreenFixtures.browse()), playing: ScreenFixtures.playing())
            let image = draw(content, w, h)
            let title = ScreenFixtures.expectedText("Blue", in: above.browse.title, font: above.fonts.large,
                                                    color: theme.text, alignment: .center, width: w, height: h)
            XCTAssertEqual(ScreenFixtures.region(image, above.browse.title), ScreenFixtures.region(title, above.browse.title),
                           "the album under the knob, whole, at \(w)×\(h)")
            content.playing = nil
            XCTAssertNotEqual(draw(content, w, h), image)
        }
    }

    func testNothingPlayingOrTheNowPlayingScreenHasNoFooter() throws {
        let (w, h) = (320, 240)
        let footer = try XCTUnwrap(renderer.footer(width: w, height: h))
        let browse = DisplayContent(screen: .browse(ScreenFixtures.browse()))
        let bar = ScreenFixtures.region(draw(browse, w, h), footer.bar)
        XCTAssertFalse(bar.contains(theme.accent) || bar.contains(theme.track), "nothing plays: no bar")
        let nowPlaying = DisplayContent(screen: .nowPlaying(ScreenFixtures.playing()), playing: ScreenFixtures.playing())
        XCTAssertEqual(draw(nowPlaying, w, h), draw(DisplayContent(screen: .nowPlaying(ScreenFixtures.playing())), w, h),
                       "the now-playing screen shows it already")
    }
}
