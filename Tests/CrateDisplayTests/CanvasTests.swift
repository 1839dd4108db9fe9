import CrateDisplay
import XCTest

final class CanvasTests: XCTestCase {
    private let red = Color.rgb(255, 0, 0)
    private let blue = Color.rgb(0, 0, 255)

    /// Every pixel outside `area` still has the background colour.
    private func assertUntouched(_ canvas: Canvas, outside area: Rect, background: UInt32 = 0, file: StaticString = #filePath, line: UInt = #line) {
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where !area.contains(x: x, y: y) {
                if canvas.pixel(x: x, y: y) != background {
                    XCTFail("pixel \(x),\(y) changed outside \(area)", file: file, line: line)
                    return
                }
            }
        }
    }

    private func count(_ canvas: Canvas, _ color: UInt32) -> Int {
        canvas.image.pixels.filter { $0 == color }.count
    }

    func testFillInsideChangesExactlyTheRect() {
        var canvas = Canvas(width: 40, height: 30)
        let rect = Rect(x: 5, y: 7, width: 10, height: 4)
        canvas.fill(rect, color: red)
        XCTAssertEqual(count(canvas, red), 40)
        XCTAssertEqual(canvas.pixel(x: 5, y: 7), red)
        XCTAssertEqual(canvas.pixel(x: 14, y: 10), red)
        assertUntouched(canvas, outside: rect)
    }

    func testDrawingPartlyOrWhollyOutsideIsClipped() {
        var canvas = Canvas(width: 32, height: 24)
        canvas.fill(Rect(x: -5, y: -5, width: 10, height: 8), color: red)
        XCTAssertEqual(count(canvas, red), 5 * 3)
        assertUntouched(canvas, outside: Rect(x: 0, y: 0, width: 5, height: 3))

        var other = Canvas(width: 32, height: 24)
        let outside = [
            Rect(x: 32, y: 0, width: 10, height: 10), Rect(x: 0, y: 24, width: 5, height: 5),
            Rect(x: -20, y: -20, width: 20, height: 20), Rect(x: -10, y: 3, width: -4, height: 9),
            Rect(x: Int.max - 1, y: Int.max - 1, width: Int.max, height: Int.max),
            Rect(x: Int.min, y: Int.min, width: 10, height: 10),
        ]
        for rect in outside {
            other.fill(rect, color: red)
            other.stroke(rect, color: red, thickness: 3)
            other.blit(RGBImage(width: 4, height: 4, fill: red), at: rect.x, y: rect.y)
            other.drawGlyph(BuiltinFont().glyph(for: "W"), at: rect.x, y: rect.y, color: red)
        }
        other.horizontalLine(x: -100, y: 30, length: 500, color: red)
        other.verticalLine(x: 40, y: -100, length: 500, color: red)
        other.setPixel(x: -1, y: 0, color: red)
        XCTAssertEqual(count(other, red), 0)

        // A rectangle reaching far past every edge fills the whole canvas and nothing more.
        other.fill(Rect(x: Int.min / 2, y: -1, width: Int.max, height: Int.max), color: blue)
        XCTAssertEqual(count(other, blue), 32 * 24)
    }

    func testStrokeAndLines() {
        var canvas = Canvas(width: 20, height: 20)
        let box = Rect(x: 2, y: 3, width: 10, height: 8)
        canvas.stroke(box, color: red, thickness: 2)
        XCTAssertEqual(canvas.pixel(x: 2, y: 3), red)
        XCTAssertEqual(canvas.pixel(x: 11, y: 10), red)
        XCTAssertEqual(canvas.pixel(x: 3, y: 4), red)
        XCTAssertEqual(canvas.pixel(x: 4, y: 5), 0, "inside the outline stays")
        XCTAssertEqual(count(canvas, red), box.area - box.insetBy(2).area)
        assertUntouched(canvas, outside: box)

        var lines = Canvas(width: 20, height: 20)
        lines.horizontalLine(x: 1, y: 2, length: 5, color: red)
        lines.verticalLine(x: 10, y: 4, length: 3, color: blue, thickness: 2)
        XCTAssertEqual(count(lines, red), 5)
        XCTAssertEqual(count(lines, blue), 6)
        XCTAssertEqual(lines.pixel(x: 11, y: 6), blue)
    }

    func testBlitCopiesAndClips() {
        var source = RGBImage(width: 6, height: 4)
        for y in 0..<4 { for x in 0..<6 { source[x, y] = UInt32(0x010000 * x + 0x000100 * y + 7) } }
        var canvas = Canvas(width: 10, height: 8)
        canvas.blit(source, at: 7, y: -1)
        // Visible: source columns 0...2 at canvas x 7...9, source rows 1...3 at canvas y 0...2.
        for y in 0..<3 {
            for x in 7..<10 { XCTAssertEqual(canvas.pixel(x: x, y: y), source[x - 7, y + 1]) }
        }
        assertUntouched(canvas, outside: Rect(x: 7, y: 0, width: 3, height: 3))

        var clipped = Canvas(width: 10, height: 8)
        clipped.blit(source, at: 1, y: 1, clip: Rect(x: 2, y: 2, width: 2, height: 2))
        assertUntouched(clipped, outside: Rect(x: 2, y: 2, width: 2, height: 2))
        XCTAssertEqual(clipped.pixel(x: 3, y: 3), source[2, 2])
    }

    func testGlyphDrawsInkOnlyWhereBitsAreSet() {
        // A 3×2 glyph: row 0 = 101, row 1 = 010, drawn at scale 2.
        let glyph = GlyphBitmap(width: 3, height: 2, bytesPerRow: 1, data: [0b1010_0000, 0b0100_0000], offset: 0, scale: 2)
        var canvas = Canvas(width: 10, height: 10, background: blue)
        canvas.drawGlyph(glyph, at: 1, y: 1, color: red)
        XCTAssertEqual(count(canvas, red), 3 * 4)
        XCTAssertEqual(canvas.pixel(x: 1, y: 1), red)
        XCTAssertEqual(canvas.pixel(x: 2, y: 2), red)
        XCTAssertEqual(canvas.pixel(x: 3, y: 1), blue)
        XCTAssertEqual(canvas.pixel(x: 3, y: 3), red)
        XCTAssertEqual(canvas.pixel(x: 6, y: 2), red)

        var clipped = Canvas(width: 10, height: 10)
        clipped.drawGlyph(glyph, at: 1, y: 1, color: red, clip: Rect(x: 0, y: 0, width: 3, height: 10))
        XCTAssertEqual(count(clipped, red), 4, "only the first column's block is inside the clip")
    }

    func testDirtyRectsCoverEveryChange() {
        var canvas = Canvas(width: 100, height: 80)
        XCTAssertEqual(canvas.takeDirty(), [canvas.bounds], "a new canvas is dirty as a whole")
        XCTAssertFalse(canvas.hasDirty)
        XCTAssertEqual(canvas.takeDirty(), [])

        let before = canvas.image
        canvas.fill(Rect(x: 10, y: 10, width: 5, height: 5), color: red)
        canvas.fill(Rect(x: -3, y: 70, width: 20, height: 30), color: blue)
        canvas.setPixel(x: 99, y: 0, color: red)
        canvas.drawGlyph(BuiltinFont().glyph(for: "A"), at: 50, y: 30, color: red)
        canvas.blit(RGBImage(width: 3, height: 3, fill: blue), at: 98, y: 78)
        let dirty = canvas.takeDirty()
        XCTAssertFalse(dirty.isEmpty)
        for y in 0..<80 {
            for x in 0..<100 where canvas.image[x, y] != before[x, y] {
                XCTAssertTrue(dirty.contains { $0.contains(x: x, y: y) }, "change at \(x),\(y) not in \(dirty)")
            }
        }
        for rect in dirty { XCTAssertTrue(canvas.bounds.contains(rect), "\(rect) reaches outside the canvas") }
        XCTAssertLessThan(dirty.reduce(0) { $0 + $1.area }, 100 * 80 / 4, "separate changes stay separate")
        XCTAssertEqual(canvas.takeDirty(), [], "taking forgets")
    }

    func testDirtyRegionMergesAndStaysShort() {
        var region = DirtyRegion(limit: 4)
        region.add(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 2, y: 2, width: 3, height: 3))
        XCTAssertEqual(region.rects, [Rect(x: 0, y: 0, width: 10, height: 10)], "contained rectangles vanish")
        region.add(Rect(x: 10, y: 0, width: 10, height: 10))
        XCTAssertEqual(region.rects, [Rect(x: 0, y: 0, width: 20, height: 10)], "touching neighbours merge without waste")
        for i in 0..<10 { region.add(Rect(x: i * 30, y: 50 + i, width: 5, height: 5)) }
        XCTAssertLessThanOrEqual(region.rects.count, 4)
        for i in 0..<10 {
            XCTAssertTrue(region.rects.contains { $0.contains(Rect(x: i * 30, y: 50 + i, width: 5, height: 5)) })
        }
        XCTAssertTrue(region.bounds.contains(Rect(x: 0, y: 0, width: 20, height: 10)))
    }

    func testRectArithmetic() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 8, width: 10, height: 10)
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 8, width: 5, height: 2))
        XCTAssertEqual(a.union(b), Rect(x: 0, y: 0, width: 15, height: 18))
        XCTAssertTrue(a.intersection(Rect(x: 10, y: 0, width: 3, height: 3)).isEmpty)
        XCTAssertEqual(Rect.zero.union(b), b)
        XCTAssertEqual(a.union(Rect(x: 100, y: 100, width: 0, height: 5)), a)
        XCTAssertTrue(Rect(x: 0, y: 0, width: 0, height: 5).isEmpty)
        XCTAssertEqual(Rect(x: Int.max - 5, y: 0, width: 100, height: 1).maxX, Int.max)
        // Absurd rectangles saturate instead of trapping.
        _ = Rect(x: Int.min, y: Int.min, width: Int.max, height: Int.max).union(Rect(x: Int.max - 1, y: 0, width: 5, height: 5))
        _ = Rect(x: Int.max, y: Int.max, width: Int.max, height: Int.max).insetBy(Int.min)
    }

    func testColorHelpers() {
        XCTAssertEqual(Color.rgb(0x12, 0x34, 0x56), 0x123456)
        XCTAssertEqual(Color.red(of: 0x123456), 0x12)
        XCTAssertEqual(Color.green(of: 0x123456), 0x34)
        XCTAssertEqual(Color.blue(of: 0x123456), 0x56)
        XCTAssertEqual(Color.dimmed(0xFF8000, level: 255), 0xFF8000)
        XCTAssertEqual(Color.dimmed(0xFF8000, level: 0), 0)
        XCTAssertEqual(Color.dimmed(0xFF8000, level: 128), Color.rgb(128, 64, 0))
    }
}
