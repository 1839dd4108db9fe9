import CrateDisplay
import XCTest

/// Every screen, every size, both pixel formats, through the panel writer into memory.
final class ScreenRenderTests: XCTestCase {
    private let theme = ScreenTheme.standard
    private let fixtures = ScreenFixtures.self

    /// Renders `content` into a fresh canvas and shows it on a fresh panel.
    private func show(_ content: DisplayContent, _ w: Int, _ h: Int, _ format: PixelFormat,
                      renderer: ScreenRenderer, now: Double = ScreenFixtures.now) -> (RGBImage, TestPanel) {
        var canvas = Canvas(width: w, height: h)
        renderer.render(content, into: &canvas, now: now)
        let panel = TestPanel(width: w, height: h, format: format)
        panel.show(&canvas)
        XCTAssertNil(panel.strayByte(), "a byte outside the panel's pixels was written at \(w)×\(h) \(format)")
        return (panel.image(), panel)
    }

    func testEveryScreenReachesThePanelExactlyAndNothingOutsideIt() {
        let renderer = ScreenRenderer(fonts: fixtures.fonts, artwork: QuadrantArtwork())
        for (w, h) in fixtures.sizes {
            for format in fixtures.formats {
                // One panel and one canvas for the whole sequence: each screen replaces the
                // last through dirty rectangles, as on the box, and nothing stale may remain.
                let panel = TestPanel(width: w, height: h, format: format)
                var canvas = Canvas(width: w, height: h)
                for (name, content) in fixtures.everyScreen {
                    renderer.render(content, into: &canvas, now: fixtures.now)
                    panel.show(&canvas)
                    let shown = panel.image()
                    let expected = canvas.image.pixels.map { fixtures.onPanel($0, format) }
                    if let index = shown.pixels.indices.first(where: { shown.pixels[$0] != expected[$0] }) {
                        XCTFail("\(name) at \(w)×\(h) \(format): panel differs from the canvas at (\(index % w), \(index / w))")
                    }
                    XCTAssertGreaterThan(fixtures.inkCount(canvas.image, canvas.bounds), w * h / 100, "\(name) is blank")
                    XCTAssertNil(panel.strayByte(), "\(name) at \(w)×\(h) \(format) wrote outside the pixels")
                }
            }
        }
    }

    func testRotatedPanelShowsTheLogicalScreen() {
        let renderer = ScreenRenderer(fonts: fixtures.fonts, artwork: QuadrantArtwork())
        for format in fixtures.formats {
            // A 320×240 panel mounted upright: a 240×320 portrait canvas.
            let panel = TestPanel(width: 320, height: 240, format: format)
            var canvas = Canvas(width: 240, height: 320)
            renderer.render(DisplayContent(screen: .nowPlaying(fixtures.playing())), into: &canvas, now: fixtures.now)
            panel.show(&canvas, rotation: .degrees90)
            XCTAssertEqual(panel.image(rotation: .degrees90).pixels, canvas.image.pixels.map { fixtures.onPanel($0, format) })
            XCTAssertNil(panel.strayByte())
        }
    }

    func testAlbumTitleIsWhereTheLayoutSays() {
        for library in [fixtures.fonts, fixtures.builtinFonts] {
            let renderer = ScreenRenderer(fonts: library, artwork: QuadrantArtwork())
            for (w, h) in fixtures.sizes {
                let layout = renderer.layout(width: w, height: h)
                for format in fixtures.formats {
                    let (shown, _) = show(DisplayContent(screen: .nowPlaying(fixtures.playing(album: "Hunky Dory"))),
                                          w, h, format, renderer: renderer)
                    let spots = layout.nowPlaying
                    for (text, rect, font, color) in [
                        ("Hunky Dory", spots.album, layout.fonts.large, theme.text),
                        ("David Bowie", spots.artist, layout.fonts.body, theme.secondaryText),
                        ("Changes", spots.title, layout.fonts.body, theme.text),
                        ("3/11", spots.trackLine, layout.fonts.small, theme.secondaryText),
                        ("1:00", spots.elapsedText, layout.fonts.small, theme.secondaryText),
                    ] as [(String, Rect, any BitmapFont, UInt32)] {
                        let expected = fixtures.expectedText(text, in: rect, font: font, color: color, width: w, height: h)
                        assertRegion(shown, matches: expected, in: rect, format: format, "\(text) at \(w)×\(h)")
                    }
                    let total = fixtures.expectedText("4:00", in: spots.totalText, font: layout.fonts.small,
                                                      color: theme.secondaryText, alignment: .trailing, width: w, height: h)
                    assertRegion(shown, matches: total, in: spots.totalText, format: format, "total at \(w)×\(h)")
                }
            }
        }
    }

    func testErrorTextTakesTheTitleLine() {
        let renderer = ScreenRenderer(fonts: fixtures.fonts, artwork: nil)
        for (w, h) in fixtures.sizes {
            let layout = renderer.layout(width: w, height: h)
            let content = DisplayContent(screen: .nowPlaying(fixtures.playing(mark: .error("No such file"))))
            let (shown, _) = show(content, w, h, .xrgb8888, renderer: renderer)
            let expected = fixtures.expectedText("No such file", in: layout.nowPlaying.title, font: layout.fonts.body,
                                                 color: theme.error, width: w, height: h)
            assertRegion(shown, matches: expected, in: layout.nowPlaying.title, format: .xrgb8888, "error at \(w)×\(h)")
            XCTAssertGreaterThan(fixtures.region(shown, layout.nowPlaying.stateMark).filter { $0 == theme.error }.count, 0,
                                 "the error mark is red at \(w)×\(h)")
        }
    }

    func testProgressFillIsProportionalToElapsedTime() {
        let renderer = ScreenRenderer(fonts: fixtures.fonts, artwork: QuadrantArtwork())
        for (w, h) in fixtures.sizes {
            let fill = renderer.layout(width: w, height: h).nowPlaying.progressFill
            for format in fixtures.formats {
                let accent = fixtures.onPanel(theme.accent, format)
                func measured(_ playing: NowPlaying, now: Double = ScreenFixtures.now) -> Int {
                    let (shown, _) = show(DisplayContent(screen: .nowPlaying(playing)), w, h, format, renderer: renderer, now: now)
                    return countRun(shown, y: fill.y + fill.height / 2, from: fill.x, to: fill.maxX, color: accent)
                }
                for fraction in [0.25, 0.75] {
                    let got = measured(fixtures.playing(mark: .paused, elapsed: 240 * fraction))
                    XCTAssertEqual(Double(got), Double(fill.width) * fraction, accuracy: 1, "\(fraction) at \(w)×\(h) \(format)")
                }
                XCTAssertEqual(measured(fixtures.playing(elapsed: 0)), 0)
                XCTAssertEqual(measured(fixtures.playing(duration: nil)), 0, "unknown duration: empty bar")
                XCTAssertEqual(measured(fixtures.playing(elapsed: 300)), fill.width, "never past the end")
                // Playing: interpolated from elapsedAt; 60 s + 60 s of 240 s is half.
                XCTAssertEqual(Double(measured(fixtures.playing(elapsed: 60), now: ScreenFixtures.now + 60)),
                               Double(fill.width) / 2, accuracy: 1)
                XCTAssertEqual(Double(measured(fixtures.playing(mark: .paused, elapsed: 60), now: ScreenFixtures.now + 60)),
                               Double(fill.width) / 4, accuracy: 1, "paused does not move")
            }
        }
    }

    func testCoverIsScaledIntoTheArtRectAndCentred() {
        for wide in [false, true] {
            let provider = QuadrantArtwork(wide: wide)
            let renderer = ScreenRenderer(fonts: fixtures.fonts, artwork: provider)
            for (w, h) in fixtures.sizes {
                let art = renderer.layout(width: w, height: h).nowPlaying.art
                for format in fixtures.formats {
                    let (shown, _) = show(DisplayContent(screen: .nowPlaying(fixtures.playing())), w, h, format, renderer: renderer)
                    XCTAssertEqual(provider.requested.last, ArtworkBox(width: art.width, height: art.height))
                    // A 2:1 cover fills the width and half the height, centred.
                    let drawn = wide ? Rect(x: art.x, y: art.y + art.height / 4, width: art.width, height: art.height / 2) : art
                    let xs = [drawn.x + drawn.width / 4, drawn.x + drawn.width * 3 / 4]
                    let ys = [drawn.y + drawn.height / 4, drawn.y + drawn.height * 3 / 4]
                    for (index, color) in QuadrantArtwork.colors.enumerated() {
                        XCTAssertEqual(shown[xs[index % 2], ys[index / 2]], fixtures.onPanel(color, format),
                                       "quadrant \(index) at \(w)×\(h) wide=\(wide)")
                    }
                    // Corners of the cover are cover; just outside it is background.
                    XCTAssertEqual(shown[drawn.x, drawn.y], fixtures.onPanel(QuadrantArtwork.colors[0], format))
                    XCTAssertEqual(shown[drawn.maxX - 1, drawn.maxY - 1], fixtures.onPanel(QuadrantArtwork.colors[3], format))
                    if art.x > 0 { XCTAssertEqual(shown[art.x - 1, art.y + art.height / 2], theme.background) }
                    if art.maxY < h { XCTAssertEqual(shown[art.x + art.width / 2, art.maxY], theme.background) }
                    if wide { XCTAssertEqual(shown[art.x + art.width / 2, art.y + 1], theme.background, "letterbox") }
                }
            }
        }
    }

    func testMissingCoverDrawsAPlaceholderThatDependsOnTheAlbum() {
        let renderer = ScreenRenderer(fonts: fixtures.fonts, artwork: nil)
        let layout = renderer.layout(width: 480, height: 320)
        let art = layout.nowPlaying.art
        var a = Canvas(width: 480, height: 320), b = a
        renderer.render(DisplayContent(screen: .nowPlaying(fixtures.playing(album: "Low", art: nil))), into: &a, now: 0)
        renderer.render(DisplayContent(screen: .nowPlaying(fixtures.playing(album: "Station to Station", art: nil))),
                        into: &b, now: 0)
        XCTAssertEqual(a.pixel(x: art.x + 1, y: art.y + 1), theme.placeholder, "a dark square")
        XCTAssertNotEqual(a.pixel(x: art.x + art.width / 2 - art.width / 10, y: art.y + art.height / 2), theme.placeholder,
                          "a record in it")
        XCTAssertGreaterThan(fixtures.inkCount(a.image, art, background: theme.placeholder), art.width * art.height / 3)
        XCTAssertNotEqual(fixtures.region(a.image, art), fixtures.region(b.image, art), "the label colour follows the album")
    }
}
