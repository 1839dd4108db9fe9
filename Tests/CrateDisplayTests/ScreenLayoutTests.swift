import CrateDisplay
import XCTest

final class ScreenLayoutTests: XCTestCase {
    private func layouts() -> [ScreenLayout] {
        var all: [ScreenLayout] = []
        for library in [ScreenFixtures.fonts, ScreenFixtures.builtinFonts] {
            for (w, h) in ScreenFixtures.sizes { all.append(ScreenLayout(width: w, height: h, library: library)) }
        }
        return all
    }

    private func named(_ layout: ScreenLayout) -> [(String, Rect)] {
        let n = layout.nowPlaying, b = layout.browse, d = layout.dial, boot = layout.boot
        var rects: [(String, Rect)] = [
            ("np.art", n.art), ("np.stateMark", n.stateMark), ("np.trackLine", n.trackLine),
            ("np.offline", n.offlineMark), ("np.artist", n.artist), ("np.album", n.album), ("np.title", n.title),
            ("np.bar", n.progressBar), ("np.fill", n.progressFill), ("np.elapsed", n.elapsedText),
            ("np.total", n.totalText),
            ("b.crate", b.crateName), ("b.position", b.position), ("b.offline", b.offlineMark),
            ("b.current", b.currentArt), ("b.previous", b.previousSlot), ("b.next", b.nextSlot),
            ("b.title", b.title), ("b.artist", b.artist),
            ("d.title", d.title), ("d.offline", d.offlineMark),
            ("boot.emblem", boot.emblem), ("boot.title", boot.title), ("boot.detail", boot.detail),
            ("boot.offline", boot.offlineMark),
        ]
        let reaching = layout.boot(reachLines: BootLayout.maxReachLines)
        rects += [("reaching.emblem", reaching.emblem), ("reaching.title", reaching.title), ("reaching.detail", reaching.detail)]
        rects += reaching.reach.enumerated().map { ("reaching.reach\($0.offset)", $0.element) }
        for (index, row) in d.rows.enumerated() {
            rects += [("d.row\(index)", row.frame), ("d.marker\(index)", row.marker), ("d.name\(index)", row.name)]
        }
        for count in 1...layout.messageMaxLines {
            let message = layout.message(lineCount: count)
            rects.append(("message\(count)", message.box))
            rects += message.lines.enumerated().map { ("message\(count).line\($0.offset)", $0.element) }
        }
        return rects
    }

    private func assertDisjoint(_ rects: [(String, Rect)], _ size: String, file: StaticString = #filePath, line: UInt = #line) {
        for i in rects.indices {
            for j in rects.indices where j > i {
                XCTAssertFalse(rects[i].1.intersects(rects[j].1),
                               "\(rects[i].0) \(rects[i].1) overlaps \(rects[j].0) \(rects[j].1) at \(size)",
                               file: file, line: line)
            }
        }
    }

    func testEveryElementHasANonEmptyPlaceInsideThePanel() {
        for layout in layouts() {
            for (name, rect) in named(layout) {
                XCTAssertFalse(rect.isEmpty, "\(name) is empty at \(layout.width)×\(layout.height)")
                XCTAssertTrue(layout.bounds.contains(rect), "\(name) \(rect) outside \(layout.width)×\(layout.height)")
            }
        }
    }

    func testElementsOfAScreenDoNotOverlap() {
        for layout in layouts() {
            let size = "\(layout.width)×\(layout.height)"
            let n = layout.nowPlaying, b = layout.browse, boot = layout.boot
            assertDisjoint([("art", n.art), ("state", n.stateMark), ("track", n.trackLine), ("offline", n.offlineMark),
                            ("artist", n.artist), ("album", n.album), ("title", n.title), ("bar", n.progressBar),
                            ("elapsed", n.elapsedText), ("total", n.totalText)], size)
            assertDisjoint([("crate", b.crateName), ("position", b.position), ("offline", b.offlineMark),
                            ("current", b.currentArt), ("previous", b.previousSlot), ("next", b.nextSlot),
                            ("title", b.title), ("artist", b.artist)], size)
            assertDisjoint([("title", layout.dial.title), ("offline", layout.dial.offlineMark)]
                           + layout.dial.rows.enumerated().map { ("row\($0.offset)", $0.element.frame) }, size)
            assertDisjoint([("emblem", boot.emblem), ("title", boot.title), ("detail", boot.detail),
                            ("offline", boot.offlineMark)], size)
            let reaching = layout.boot(reachLines: BootLayout.maxReachLines)
            assertDisjoint([("emblem", reaching.emblem), ("title", reaching.title), ("detail", reaching.detail),
                            ("offline", reaching.offlineMark)]
                           + reaching.reach.enumerated().map { ("reach\($0.offset)", $0.element) }, size)
            XCTAssertTrue(n.progressBar.contains(n.progressFill), size)
            for row in layout.dial.rows {
                XCTAssertTrue(row.frame.contains(row.marker) && row.frame.contains(row.name), size)
                XCTAssertFalse(row.marker.intersects(row.name), size)
            }
        }
    }

    func testLandscapeCoverIsLeftOfTheWordsAndPortraitCoverAboveThem() {
        for layout in layouts() {
            let n = layout.nowPlaying, size = "\(layout.width)×\(layout.height)"
            XCTAssertEqual(n.art.width, n.art.height, "square cover at \(size)")
            XCTAssertEqual(layout.browse.currentArt.width, layout.browse.currentArt.height, size)
            if layout.width > layout.height {
                XCTAssertTrue(layout.isLandscape)
                XCTAssertLessThanOrEqual(n.art.maxX, n.album.x, size)
                XCTAssertGreaterThanOrEqual(n.art.height, layout.height / 2, "a real cover at \(size)")
            } else {
                XCTAssertFalse(layout.isLandscape)
                XCTAssertLessThanOrEqual(n.art.maxY, n.artist.y, size)
                XCTAssertEqual(n.art.midX, layout.width / 2, accuracy: 1, "centred at \(size)")
                XCTAssertGreaterThanOrEqual(n.art.height, layout.height / 3, "a real cover at \(size)")
            }
            // Neighbours are smaller than the album under the knob, and beside it.
            let b = layout.browse
            XCTAssertLessThan(b.previousSlot.height, b.currentArt.height, size)
            XCTAssertLessThanOrEqual(b.previousSlot.maxX, b.currentArt.x, size)
            XCTAssertGreaterThanOrEqual(b.nextSlot.x, b.currentArt.maxX, size)
            XCTAssertEqual(b.previousCover.width, b.previousSlot.height, size)
        }
    }

    func testTextBoxesAreOneLineOfTheirFontAndFontsStayReadable() {
        for layout in layouts() {
            let f = layout.fonts, n = layout.nowPlaying, size = "\(layout.width)×\(layout.height)"
            for (rect, font) in [(n.artist, f.body), (n.album, f.large), (n.title, f.body), (n.trackLine, f.small),
                                 (n.elapsedText, f.small), (n.totalText, f.small), (layout.browse.title, f.large),
                                 (layout.browse.artist, f.body)] as [(Rect, any BitmapFont)] {
                XCTAssertEqual(rect.height, font.cellHeight, size)
                XCTAssertGreaterThanOrEqual(rect.width, 8 * font.cellWidth, "room for a few words at \(size)")
            }
            XCTAssertEqual(layout.boot.title.height, f.hero.cellHeight, size)
            XCTAssertGreaterThanOrEqual(layout.boot.title.width,
                                        TextLayout.width(of: BootLayout.productName, font: f.hero), size)
            XCTAssertGreaterThanOrEqual(f.heights.small, 12, size)
            XCTAssertLessThanOrEqual(f.small.cellHeight, f.body.cellHeight, size)
            XCTAssertLessThanOrEqual(f.body.cellHeight, f.large.cellHeight, size)
            XCTAssertLessThan(f.large.cellHeight, f.hero.cellHeight, size)
        }
        // Real console fonts: nothing under 12 px, and a big panel gets bigger type.
        let small = ScreenLayout(width: 240, height: 240, library: ScreenFixtures.fonts)
        let big = ScreenLayout(width: 800, height: 480, library: ScreenFixtures.fonts)
        XCTAssertGreaterThanOrEqual(small.fonts.small.cellHeight, 12)
        XCTAssertGreaterThan(big.fonts.large.cellHeight, small.fonts.large.cellHeight)
        XCTAssertGreaterThan(big.fonts.body.cellHeight, small.fonts.body.cellHeight)
        XCTAssertTrue(ScreenLayout(width: 320, height: 240, library: ScreenFixtures.builtinFonts).fonts.body is BuiltinFont)
    }

    func testMessageBoxIsCentredAndHoldsItsLines() {
        for layout in layouts() {
            for count in 1...layout.messageMaxLines {
                let message = layout.message(lineCount: count)
                XCTAssertEqual(message.lines.count, count)
                XCTAssertEqual(message.box.midX, layout.width / 2, accuracy: 1)
                XCTAssertEqual(message.box.midY, layout.height / 2, accuracy: 1)
                for line in message.lines { XCTAssertTrue(message.box.insetBy(message.borderWidth).contains(line)) }
            }
            XCTAssertEqual(layout.message(lineCount: 99).lines.count, layout.messageMaxLines)
        }
    }

    func testOddSizesDoNotTrap() {
        for (w, h) in [(0, 0), (1, 1), (40, 20), (20, 300), (2000, 60)] {
            let layout = ScreenLayout(width: w, height: h, library: ScreenFixtures.builtinFonts)
            for (name, rect) in named(layout) where !rect.isEmpty {
                XCTAssertTrue(layout.bounds.contains(rect), "\(name) \(rect) outside \(w)×\(h)")
            }
            var canvas = Canvas(width: w, height: h)
            let renderer = ScreenRenderer(fonts: ScreenFixtures.builtinFonts, artwork: QuadrantArtwork())
            for (_, content) in ScreenFixtures.everyScreen { renderer.render(content, into: &canvas, now: 0) }
        }
    }

    func testTimesReadAsAClockDoes() {
        let cases: [(Double, String)] = [
            (0, "0:00"), (0.99, "0:00"), (59.9, "0:59"), (61, "1:01"), (600, "10:00"), (3599.5, "59:59"),
            (3600, "1:00:00"), (3725, "1:02:05"), (36_000, "10:00:00"), (-4, "0:00"), (.nan, "0:00"), (.infinity, "0:00"),
        ]
        for (seconds, text) in cases { XCTAssertEqual(ScreenRenderer.formatTime(seconds), text, "\(seconds)") }
    }

    func testProgressFillRoundsToThePixelAndClamps() {
        let inner = Rect(x: 10, y: 5, width: 201, height: 4)
        XCTAssertEqual(ScreenRenderer.progressFilled(inner, elapsed: 60, duration: 240).width, 50)
        XCTAssertEqual(ScreenRenderer.progressFilled(inner, elapsed: 180, duration: 240).width, 151)
        XCTAssertEqual(ScreenRenderer.progressFilled(inner, elapsed: 500, duration: 240).width, 201)
        XCTAssertEqual(ScreenRenderer.progressFilled(inner, elapsed: -3, duration: 240).width, 0)
        XCTAssertEqual(ScreenRenderer.progressFilled(inner, elapsed: 60, duration: nil).width, 0)
        XCTAssertEqual(ScreenRenderer.progressFilled(inner, elapsed: 60, duration: 0).width, 0)
        XCTAssertEqual(ScreenRenderer.progressFilled(inner, elapsed: 60, duration: 240).x, inner.x)
    }

    func testWrapBreaksAtSpacesThenInsideLongWordsAndKeepsTheRestOnTheLastLine() {
        let font = BuiltinFont() // 6 px cells: 10 per 60 px line
        XCTAssertEqual(ScreenText.wrap("Disliked", font: font, width: 60, maxLines: 3), ["Disliked"])
        XCTAssertEqual(ScreenText.wrap("Scanning 42 %", font: font, width: 60, maxLines: 3), ["Scanning", "42 %"])
        XCTAssertEqual(ScreenText.wrap("/music/abcdefghij/x", font: font, width: 60, maxLines: 3),
                       ["/music/abc", "defghij/x"])
        XCTAssertEqual(ScreenText.wrap("one two three four five six seven", font: font, width: 60, maxLines: 2),
                       ["one two", "three four five six seven"])
        XCTAssertEqual(ScreenText.wrap("", font: font, width: 60, maxLines: 2), [])
    }

    func testRendererUsesTheLayoutItReports() {
        let renderer = ScreenRenderer(fonts: ScreenFixtures.fonts, artwork: nil)
        let a = renderer.layout(width: 480, height: 320)
        let fresh = ScreenLayout(width: 480, height: 320, library: ScreenFixtures.fonts)
        XCTAssertEqual(a.nowPlaying.album, fresh.nowPlaying.album)
        XCTAssertEqual(renderer.layout(width: 240, height: 320).nowPlaying.art,
                       ScreenLayout(width: 240, height: 320, library: ScreenFixtures.fonts).nowPlaying.art)
    }
}

extension Rect {
    fileprivate var midX: Int { x + width / 2 }
    fileprivate var midY: Int { y + height / 2 }
}
