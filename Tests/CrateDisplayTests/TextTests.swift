import CrateDisplay
import Glibc
import XCTest

final class TextTests: XCTestCase {
    private let ink = Color.rgb(255, 255, 255)

    /// The bounding box of every pixel that is not black, or nil.
    private func inkBounds(_ canvas: Canvas) -> Rect? {
        var result: Rect?
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y) != 0 {
                let dot = Rect(x: x, y: y, width: 1, height: 1)
                result = result.map { $0.union(dot) } ?? dot
            }
        }
        return result
    }

    /// Fonts to check with: the built-in one, and Terminus when installed.
    private var fonts: [any BitmapFont] {
        var list: [any BitmapFont] = [BuiltinFont(), BuiltinFont(scale: 2)]
        // System fonts are optional here (FontTests checks them); the built-in ones always run.
        if let font = try? PSFFont(contentsOf: "/usr/share/consolefonts/Uni2-Terminus16.psf.gz") { list.append(font) }
        if let font = try? PSFFont(contentsOf: "/usr/share/consolefonts/Uni2-Terminus24x12.psf.gz") { list.append(font) }
        return list
    }

    func testTextInksOnlyItsOwnBox() throws {
        for font in fonts {
            var canvas = Canvas(width: 200, height: 100)
            _ = canvas.takeDirty()
            let width = canvas.drawText("Hello, Crate!", x: 13, y: 21, font: font, color: ink)
            XCTAssertEqual(width, 13 * font.cellWidth)
            let box = Rect(x: 13, y: 21, width: width, height: font.cellHeight)
            let bounds = try XCTUnwrap(inkBounds(canvas))
            XCTAssertTrue(box.contains(bounds), "ink \(bounds) outside \(box)")
            XCTAssertGreaterThan(bounds.width, box.width / 2, "ink spreads over the text")
            let dirty = canvas.takeDirty().reduce(Rect.zero) { $0.union($1) }
            XCTAssertTrue(dirty.contains(bounds) && box.contains(dirty), "dirty \(dirty) must cover the ink, within \(box)")
        }
    }

    func testTruncationEndsInAnEllipsisWithinTheWidth() throws {
        for font in fonts {
            let title = "The Rise and Fall of Ziggy Stardust and the Spiders from Mars"
            let maxWidth = 20 * font.cellWidth + font.cellWidth / 2
            var canvas = Canvas(width: 40 * font.cellWidth, height: font.cellHeight)
            let used = canvas.drawText(title, x: 0, y: 0, font: font, color: ink, maxWidth: maxWidth)
            XCTAssertLessThanOrEqual(used, maxWidth)
            let bounds = try XCTUnwrap(inkBounds(canvas))
            XCTAssertLessThanOrEqual(bounds.maxX, maxWidth)

            // Same pixels as drawing the cut text with the ellipsis spelled out.
            let ellipsis = font.hasGlyph(for: "\u{2026}") ? "\u{2026}" : "..."
            let cells = 20 - ellipsis.unicodeScalars.count
            let expectedText = String(title.prefix(cells)).replacingTrailingSpaces() + ellipsis
            var expected = Canvas(width: canvas.width, height: canvas.height)
            expected.drawText(expectedText, x: 0, y: 0, font: font, color: ink)
            XCTAssertEqual(canvas.image, expected.image, "\(expectedText)")

            let fitted = TextLayout.fitted(TextLayout.glyphs(for: title, font: font), font: font, maxWidth: maxWidth)
            XCTAssertTrue(fitted.truncated)
            XCTAssertEqual(Array(fitted.glyphs.suffix(TextLayout.ellipsis(font: font).count)), TextLayout.ellipsis(font: font))
        }
        // Text that fits is left alone; no room at all draws nothing.
        var canvas = Canvas(width: 100, height: 20)
        XCTAssertEqual(canvas.drawText("Fits", x: 0, y: 0, font: BuiltinFont(), color: ink, maxWidth: 24), 24)
        var empty = Canvas(width: 100, height: 20)
        XCTAssertEqual(empty.drawText("Nope", x: 0, y: 0, font: BuiltinFont(), color: ink, maxWidth: 5), 0)
        XCTAssertNil(inkBounds(empty))
        XCTAssertEqual(empty.drawText("Nope", x: 0, y: 0, font: BuiltinFont(), color: ink, maxWidth: 13), 12, "two dots fit")
    }

    func testUnicodeScalarsCombiningMarksAndUnknownCharacters() throws {
        let font = BuiltinFont()
        XCTAssertEqual(TextLayout.width(of: "e\u{301}", font: font), 6, "combining mark skipped")
        XCTAssertEqual(TextLayout.width(of: "a\u{200D}b\u{0007}", font: font), 12, "format and control characters vanish")
        XCTAssertEqual(TextLayout.glyphs(for: "é", font: font), [font.replacementIndex])
        XCTAssertEqual(TextLayout.glyphs(for: "a\tb", font: font), TextLayout.glyphs(for: "a b", font: font))

        let terminus = "/usr/share/consolefonts/Uni2-Terminus16.psf.gz"
        try XCTSkipUnless(access(terminus, F_OK) == 0)
        let psf = try PSFFont(contentsOf: terminus)
        XCTAssertEqual(TextLayout.glyphs(for: "Björk — Début", font: psf).count, 13)
        XCTAssertFalse(TextLayout.glyphs(for: "Björk", font: psf).contains(psf.replacementIndex))
        XCTAssertEqual(TextLayout.glyphs(for: "東京", font: psf), [psf.replacementIndex, psf.replacementIndex])
    }

    func testScrollingStaysInItsBoxAndWrapsAround() throws {
        let font = BuiltinFont()
        let text = "A long title that scrolls"
        let box = Rect(x: 10, y: 5, width: 60, height: font.cellHeight)
        let period = TextLayout.scrollPeriod(of: text, font: font, gap: 18)
        XCTAssertEqual(period, 25 * 6 + 18)

        func render(_ offset: Int) -> Canvas {
            var canvas = Canvas(width: 100, height: 30)
            canvas.drawScrolling(text, in: box, font: font, color: ink, offset: offset, gap: 18)
            return canvas
        }
        for offset in [0, 7, 100, 150, 160, period - 1, -3] {
            let canvas = render(offset)
            if let bounds = inkBounds(canvas) { XCTAssertTrue(box.contains(bounds), "offset \(offset): \(bounds)") }
        }
        XCTAssertEqual(render(0).image, render(period).image, "one period later it looks the same")
        XCTAssertEqual(render(-3).image, render(period - 3).image)

        var plain = Canvas(width: 100, height: 30)
        plain.drawText(text, x: 10, y: 5, font: font, color: ink, maxWidth: 60 + 6 * 100)
        var clippedPlain = Canvas(width: 100, height: 30)
        clippedPlain.blit(plain.image, at: 0, y: 0, clip: box)
        XCTAssertEqual(render(0).image, clippedPlain.image, "offset 0 is the text's start")

        // Scrolled so the first copy has left: the second starts right after the gap.
        var second = Canvas(width: 100, height: 30)
        second.drawText(text, x: 10 + 18, y: 5, font: font, color: ink)
        var clippedSecond = Canvas(width: 100, height: 30)
        clippedSecond.blit(second.image, at: 0, y: 0, clip: box)
        XCTAssertEqual(render(25 * 6).image, clippedSecond.image)

        // Short text does not move.
        var still = Canvas(width: 100, height: 30)
        still.drawScrolling("Short", in: box, font: font, color: ink, offset: 33)
        var reference = Canvas(width: 100, height: 30)
        reference.drawText("Short", x: 10, y: 5, font: font, color: ink)
        XCTAssertEqual(still.image, reference.image)
    }
}

extension String {
    /// The text without spaces at its end (as truncation drops them before the ellipsis).
    fileprivate func replacingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
