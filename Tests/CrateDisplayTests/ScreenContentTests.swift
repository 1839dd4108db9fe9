import CrateDisplay
import XCTest

/// What each screen shows for its content: truncation, neighbours, the dial, messages,
/// the offline mark, the boot screen, and that different content looks different.
final class ScreenContentTests: XCTestCase {
    private let theme = ScreenTheme.standard
    private let fixtures = ScreenFixtures.self
    private let renderer = ScreenRenderer(fonts: ScreenFixtures.fonts, artwork: QuadrantArtwork())

    private func draw(_ content: DisplayContent, _ w: Int = 480, _ h: Int = 320, now: Double = ScreenFixtures.now) -> RGBImage {
        var canvas = Canvas(width: w, height: h)
        renderer.render(content, into: &canvas, now: now)
        return canvas.image
    }

    func testLongTextIsCutWithAnEllipsisInsideItsRect() {
        let long = String(repeating: "Ziggy Stardust and the Spiders from Mars ", count: 4)
        for (w, h) in fixtures.sizes {
            let layout = renderer.layout(width: w, height: h)
            var playing = fixtures.playing(album: long, title: long)
            playing.artist = long
            let shown = draw(DisplayContent(screen: .nowPlaying(playing)), w, h)
            let spots = layout.nowPlaying
            for (rect, font) in [(spots.album, layout.fonts.large), (spots.artist, layout.fonts.body),
                                 (spots.title, layout.fonts.body)] as [(Rect, any BitmapFont)] {
                // Nothing inked right of the rect in its rows, and the text runs up to its end.
                let right = Rect(x: rect.maxX, y: rect.y, width: w - rect.maxX, height: rect.height)
                if !right.isEmpty { XCTAssertEqual(fixtures.inkCount(shown, right), 0, "spill at \(w)×\(h)") }
                let lastCells = Rect(x: rect.maxX - 4 * font.cellWidth, y: rect.y, width: 4 * font.cellWidth, height: rect.height)
                XCTAssertGreaterThan(fixtures.inkCount(shown, lastCells), 0, "text reaches the end at \(w)×\(h)")
                let fitted = TextLayout.fitted(TextLayout.glyphs(for: long, font: font), font: font, maxWidth: rect.width)
                XCTAssertTrue(fitted.truncated)
                XCTAssertEqual(Array(fitted.glyphs.suffix(TextLayout.ellipsis(font: font).count)), TextLayout.ellipsis(font: font))
            }
            let expected = fixtures.expectedText(long, in: spots.album, font: layout.fonts.large, color: theme.text,
                                                 width: w, height: h)
            assertRegion(shown, matches: expected, in: spots.album, format: .xrgb8888, "long album at \(w)×\(h)")
        }
    }

    func testDifferentContentChangesThePixelsWhereItShould() {
        let layout = renderer.layout(width: 480, height: 320)
        let n = layout.nowPlaying, b = layout.browse
        let base = DisplayContent(screen: .nowPlaying(fixtures.playing()))
        XCTAssertEqual(draw(base), draw(base), "the same content draws the same pixels")
        var pairs: [(String, DisplayContent, DisplayContent, Rect)] = [
            ("album", base, DisplayContent(screen: .nowPlaying(fixtures.playing(album: "Low"))), n.album),
            ("title", base, DisplayContent(screen: .nowPlaying(fixtures.playing(title: "Oh! You Pretty Things"))), n.title),
            ("elapsed", base, DisplayContent(screen: .nowPlaying(fixtures.playing(elapsed: 130))), n.progressBar),
            ("elapsed text", base, DisplayContent(screen: .nowPlaying(fixtures.playing(elapsed: 130))), n.elapsedText),
            ("offline", base, DisplayContent(screen: .nowPlaying(fixtures.playing()), offline: true), n.offlineMark),
            ("message", base, DisplayContent(screen: .nowPlaying(fixtures.playing()), message: Message("Liked")),
             layout.message(lineCount: 1).box),
            ("position", DisplayContent(screen: .browse(fixtures.browse(index: 3))),
             DisplayContent(screen: .browse(fixtures.browse(index: 4))), b.position),
            ("dial", DisplayContent(screen: .dial(fixtures.dial(selected: 1))),
             DisplayContent(screen: .dial(fixtures.dial(selected: 2))), layout.dial.rows[1].frame),
        ]
        let marks: [PlaybackMark] = [.playing, .paused, .buffering, .stopped, .error("x")]
        for (i, a) in marks.enumerated() {
            for bMark in marks[(i + 1)...] {
                pairs.append(("\(a)→\(bMark)", DisplayContent(screen: .nowPlaying(fixtures.playing(mark: a))),
                              DisplayContent(screen: .nowPlaying(fixtures.playing(mark: bMark))), n.stateMark))
            }
        }
        for (name, first, second, rect) in pairs {
            XCTAssertNotEqual(fixtures.region(draw(first), rect), fixtures.region(draw(second), rect), name)
        }
    }

    func testBrowseShowsTheAlbumPositionAndDimmedNeighbours() {
        for (w, h) in fixtures.sizes {
            let layout = renderer.layout(width: w, height: h), spots = layout.browse
            let with = draw(DisplayContent(screen: .browse(fixtures.browse())), w, h)
            let without = draw(DisplayContent(screen: .browse(fixtures.browse(withNeighbours: false))), w, h)
            for (text, rect, font, alignment) in [
                ("4/24", spots.position, layout.fonts.small, ScreenText.Alignment.trailing),
                ("Crate", spots.crateName, layout.fonts.small, .leading),
                ("Blue", spots.title, layout.fonts.large, .center),
                ("Artist b (1971)", spots.artist, layout.fonts.body, .center),
            ] as [(String, Rect, any BitmapFont, ScreenText.Alignment)] {
                let color = rect == spots.title ? theme.text : theme.secondaryText
                let expected = fixtures.expectedText(text, in: rect, font: font, color: color, alignment: alignment,
                                                     width: w, height: h)
                assertRegion(with, matches: expected, in: rect, format: .xrgb8888, "\(text) at \(w)×\(h)")
            }
            // The current cover at full strength, the neighbours dimmed, nothing when absent.
            let current = spots.currentArt
            XCTAssertEqual(with[current.x + current.width / 4, current.y + current.height / 4], QuadrantArtwork.colors[0])
            for slot in [spots.previousSlot, spots.nextSlot] {
                let sample = with[slot.x + slot.width / 2, slot.y + slot.height * 3 / 4]
                XCTAssertNotEqual(sample, theme.background, "a neighbour at \(w)×\(h)")
                XCTAssertFalse(QuadrantArtwork.colors.contains(sample), "dimmed at \(w)×\(h)")
                XCTAssertLessThan(Color.red(of: sample) | Color.green(of: sample) | Color.blue(of: sample), 0x80)
                XCTAssertEqual(fixtures.inkCount(without, slot), 0, "no neighbour, nothing drawn at \(w)×\(h)")
            }
        }
    }

    func testDialHighlightsTheSelectedPositionAndMarksTheConfirmedOne() {
        for (w, h) in fixtures.sizes {
            for (selected, confirmed) in [(2, 0), (3, 3)] { checkDial(selected: selected, confirmed: confirmed, w, h) }
        }
    }

    private func checkDial(selected: Int, confirmed: Int, _ w: Int, _ h: Int) {
        let layout = renderer.layout(width: w, height: h)
        let shown = draw(DisplayContent(screen: .dial(fixtures.dial(selected: selected, confirmed: confirmed))), w, h)
        for (index, row) in layout.dial.rows.enumerated() {
            let isSelected = index == selected, label = "row \(index) at \(w)×\(h), selected \(selected)"
            XCTAssertEqual(shown[row.frame.maxX - 2, row.frame.y + 1], isSelected ? theme.accent : theme.background, label)
            // The confirmed marker is a solid dot; the others are rings, hollow in the row's colour.
            let centre = shown[row.marker.x + row.marker.width / 2, row.marker.y + row.marker.height / 2]
            let dot = isSelected ? theme.onAccent : theme.accent, hollow = isSelected ? theme.accent : theme.background
            XCTAssertEqual(centre, index == confirmed ? dot : hollow, "marker of \(label)")
            let ink = isSelected ? theme.onAccent : theme.text
            var expected = Canvas(width: w, height: h)
            if isSelected { expected.fill(row.frame, color: theme.accent) }
            let name = fixtures.dialPositions[index]
            let origin = fixtures.textOrigin(name, in: row.name, font: layout.fonts.body, alignment: .leading)
            expected.drawText(name, x: origin.x, y: origin.y, font: layout.fonts.body, color: ink, maxWidth: row.name.width)
            XCTAssertEqual(fixtures.region(shown, row.name), fixtures.region(expected.image, row.name), "name of \(label)")
            XCTAssertGreaterThan(fixtures.region(shown, row.name).filter { $0 == ink }.count, 0, label)
        }
    }

    func testMessageIsDrawnLastInACentredBox() {
        for (w, h) in fixtures.sizes {
            let layout = renderer.layout(width: w, height: h)
            for kind in [Message.Kind.info, .error] {
                let shown = draw(DisplayContent(screen: .nowPlaying(fixtures.playing()), message: Message("Disliked", kind: kind)),
                                 w, h)
                let spots = layout.message(lineCount: 1)
                let edge = kind == .error ? theme.error : theme.accent
                XCTAssertEqual(shown[spots.box.x, spots.box.y + spots.box.height / 2], edge)
                XCTAssertEqual(shown[spots.box.x + spots.borderWidth + 1, spots.box.y + spots.borderWidth + 1],
                               theme.messageFill, "the box hides what is under it at \(w)×\(h)")
                var expected = Canvas(width: w, height: h)
                expected.fill(spots.lines[0], color: theme.messageFill)
                let origin = fixtures.textOrigin("Disliked", in: spots.lines[0], font: layout.fonts.body, alignment: .center)
                expected.drawText("Disliked", x: origin.x, y: origin.y, font: layout.fonts.body,
                                  color: kind == .error ? theme.error : theme.text)
                XCTAssertEqual(fixtures.region(shown, spots.lines[0]), fixtures.region(expected.image, spots.lines[0]))
            }
            let long = "Cannot read artwork from /music/A very long folder name/With a subfolder/cover.jpg: Permission denied"
            let shown = draw(DisplayContent(screen: .dial(fixtures.dial()), message: Message(long, kind: .error)), w, h)
            let wrapped = ScreenText.wrap(long, font: layout.fonts.body, width: layout.messageTextWidth,
                                          maxLines: layout.messageMaxLines)
            XCTAssertGreaterThan(wrapped.count, 1)
            let spots = layout.message(lineCount: wrapped.count)
            for line in spots.lines { XCTAssertGreaterThan(fixtures.inkCount(shown, line, background: theme.messageFill), 0) }
        }
    }

    func testOfflineMarkAppearsOnEveryScreenOnlyWhenOffline() {
        for (w, h) in fixtures.sizes {
            let layout = renderer.layout(width: w, height: h)
            let screens: [(DisplayContent.Screen, Rect)] = [
                (.nowPlaying(fixtures.playing()), layout.nowPlaying.offlineMark),
                (.browse(fixtures.browse()), layout.browse.offlineMark),
                (.dial(fixtures.dial()), layout.dial.offlineMark),
                (.boot(detail: "Ready"), layout.boot.offlineMark),
            ]
            for (screen, rect) in screens {
                let online = draw(DisplayContent(screen: screen), w, h)
                let offline = draw(DisplayContent(screen: screen, offline: true), w, h)
                XCTAssertEqual(fixtures.inkCount(online, rect), 0, "\(screen) at \(w)×\(h)")
                XCTAssertGreaterThan(fixtures.region(offline, rect).filter { $0 == theme.warning }.count, rect.height,
                                     "\(screen) at \(w)×\(h)")
                let outside = offline.pixels.indices.filter { offline.pixels[$0] != online.pixels[$0] }
                    .map { (x: $0 % w, y: $0 / w) }.filter { !rect.contains(x: $0.x, y: $0.y) }
                XCTAssertTrue(outside.isEmpty, "the mark stays in its rect at \(w)×\(h)")
            }
        }
    }

    func testBootShowsTheProductNameAndDetail() {
        for (w, h) in fixtures.sizes {
            let layout = renderer.layout(width: w, height: h)
            let shown = draw(DisplayContent(screen: .boot(detail: "Starting…")), w, h)
            let title = fixtures.expectedText("Crate", in: layout.boot.title, font: layout.fonts.hero, color: theme.text,
                                              alignment: .center, width: w, height: h)
            assertRegion(shown, matches: title, in: layout.boot.title, format: .xrgb8888, "Crate at \(w)×\(h)")
            let detail = fixtures.expectedText("Starting…", in: layout.boot.detail, font: layout.fonts.body,
                                               color: theme.secondaryText, alignment: .center, width: w, height: h)
            assertRegion(shown, matches: detail, in: layout.boot.detail, format: .xrgb8888, "detail at \(w)×\(h)")
            XCTAssertGreaterThan(fixtures.inkCount(shown, layout.boot.emblem), 0, "the record")
        }
    }

    /// How to reach the box, under the detail, whole on every panel (a narrow one wraps
    /// the sentence with the URL); the record shrinks for it.
    func testBootTellsHowToReachTheBox() {
        let reach = ["crate.local · 192.168.1.20", "Open http://crate.local:8080 on your phone"]
        for (w, h) in fixtures.sizes {
            let layout = renderer.layout(width: w, height: h)
            let lines = layout.reachLines(reach)
            XCTAssertEqual(lines.joined(separator: " "), reach.joined(separator: " "), "every word at \(w)×\(h)")
            let spots = layout.boot(reachLines: lines.count)
            XCTAssertEqual(spots.reach.count, lines.count)
            let shown = draw(DisplayContent(screen: .boot(detail: "Turn the knob to pick an album"), reach: reach), w, h)
            for (line, rect) in zip(lines, spots.reach) {
                XCTAssertLessThanOrEqual(TextLayout.width(of: line, font: layout.fonts.small), rect.width, "\(line) whole at \(w)×\(h)")
                let expected = fixtures.expectedText(line, in: rect, font: layout.fonts.small, color: theme.text,
                                                     alignment: .center, width: w, height: h)
                assertRegion(shown, matches: expected, in: rect, format: .xrgb8888, "\(line) at \(w)×\(h)")
            }
            let title = fixtures.expectedText("Crate", in: spots.title, font: layout.fonts.hero,
                                              color: theme.text, alignment: .center, width: w, height: h)
            assertRegion(shown, matches: title, in: spots.title, format: .xrgb8888, "Crate at \(w)×\(h)")
        }
    }

    func testSnapshotIsAValidPNGOfTheScreen() throws {
        for (w, h) in fixtures.sizes {
            var canvas = Canvas(width: w, height: h)
            renderer.render(DisplayContent(screen: .nowPlaying(fixtures.playing()), offline: true), into: &canvas, now: 0)
            let png = try PNGSnapshot.encode(canvas.image)
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            XCTAssertEqual(Array(png[12..<16]), Array("IHDR".utf8))
            let be = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            XCTAssertEqual(be(16), w)
            XCTAssertEqual(be(20), h)
            XCTAssertEqual(Array(png.suffix(8).prefix(4)), Array("IEND".utf8))
        }
    }
}
