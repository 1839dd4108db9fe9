import CrateDisplay
import Glibc
import TestSupport
import XCTest

final class FramebufferTests: XCTestCase {
    private let sizes = [(240, 240), (320, 240), (480, 320)]
    private let formats: [PixelFormat] = [.rgb565, .xrgb8888]

    func testRGB565AndOtherFormatsConvertKnownColoursExactly() {
        XCTAssertEqual(PixelFormat.rgb565.encode(0xFF0000), 0xF800)
        XCTAssertEqual(PixelFormat.rgb565.encode(0x00FF00), 0x07E0)
        XCTAssertEqual(PixelFormat.rgb565.encode(0x0000FF), 0x001F)
        XCTAssertEqual(PixelFormat.rgb565.encode(0xFFFFFF), 0xFFFF)
        XCTAssertEqual(PixelFormat.rgb565.encode(0x808080), 0x8410)
        XCTAssertEqual(PixelFormat.rgb565.encode(0x123456), (0x12 >> 3) << 11 | (0x34 >> 2) << 5 | 0x56 >> 3)
        XCTAssertEqual(PixelFormat.bgr565.encode(0xFF0000), 0x001F)
        XCTAssertEqual(PixelFormat.bgr565.encode(0x0000FF), 0xF800)
        XCTAssertEqual(PixelFormat.xrgb8888.encode(0x123456), 0x123456)
        XCTAssertEqual(PixelFormat.xbgr8888.encode(0x123456), 0x563412)
        XCTAssertEqual(PixelFormat.rgb565.decode(0xF800), 0xFF0000)
        XCTAssertEqual(PixelFormat.rgb565.decode(0x8410), 0x848284)
        XCTAssertEqual(PixelFormat.xbgr8888.decode(0x563412), 0x123456)
        XCTAssertEqual(PixelFormat.rgb565.description, "RGB565")
    }

    func testUnusableLayoutsAreRejected() {
        let c = PixelFormat.Channel.init(offset:length:)
        XCTAssertNil(PixelFormat(bitsPerPixel: 24, red: c(16, 8), green: c(8, 8), blue: c(0, 8)))
        XCTAssertNil(PixelFormat(bitsPerPixel: 8, red: c(5, 3), green: c(2, 3), blue: c(0, 2)))
        XCTAssertNil(PixelFormat(bitsPerPixel: 16, red: c(10, 6), green: c(5, 6), blue: c(0, 5)), "overlap")
        XCTAssertNil(PixelFormat(bitsPerPixel: 16, red: c(12, 5), green: c(5, 6), blue: c(0, 5)), "past the pixel")
        XCTAssertNil(PixelFormat(bitsPerPixel: 32, red: c(20, 10), green: c(10, 10), blue: c(0, 10)), "30-bit colour")
        XCTAssertEqual(PixelFormat(bitsPerPixel: 16, red: c(11, 5), green: c(5, 6), blue: c(0, 5)), .rgb565)
    }

    func testFullFrameInEverySizeAndFormatStaysInsideThePanel() {
        for (width, height) in sizes {
            for format in formats {
                let panel = TestPanel(width: width, height: height, format: format)
                var canvas = Canvas(width: width, height: height)
                for y in stride(from: 0, to: height, by: 7) {
                    canvas.horizontalLine(x: 0, y: y, length: width, color: Color.rgb(UInt8(y % 256), 0x80, 0xFF))
                }
                var writer = PanelWriter()
                let stats = writer.copy(canvas, rects: canvas.takeDirty(), to: panel.memory, rotation: .degrees0)
                XCTAssertEqual(stats.pixelsWritten, width * height)
                panel.assertOnlyPixelBytesWritten()
                for y in 0..<height {
                    for x in 0..<width where x % 37 == 0 || x == width - 1 {
                        XCTAssertEqual(panel.memory.rawValue(x: x, y: y), format.encode(canvas.pixel(x: x, y: y)!), "\(width)x\(height) \(format) at \(x),\(y)")
                    }
                }
            }
        }
    }

    func testEachRotationPutsAMarkedPixelInTheRightPlace() {
        let mark = Color.rgb(255, 255, 0)
        for (width, height) in sizes {
            for format in formats {
                for rotation in Rotation.allCases {
                    let panel = TestPanel(width: width, height: height, format: format)
                    let logical = panel.memory.logicalSize(rotation: rotation)
                    var canvas = Canvas(width: logical.width, height: logical.height)
                    canvas.setPixel(x: 3, y: 5, color: mark)
                    var writer = PanelWriter()
                    writer.copy(canvas, rects: canvas.takeDirty(), to: panel.memory, rotation: rotation)
                    panel.assertOnlyPixelBytesWritten()
                    // Clockwise turns of the logical picture onto the panel.
                    let expected: (Int, Int) = switch rotation {
                    case .degrees0: (3, 5)
                    case .degrees90: (width - 1 - 5, 3)
                    case .degrees180: (width - 1 - 3, height - 1 - 5)
                    case .degrees270: (5, height - 1 - 3)
                    }
                    var found: [(Int, Int)] = []
                    for y in 0..<height {
                        for x in 0..<width where panel.memory.rawValue(x: x, y: y) != 0 { found.append((x, y)) }
                    }
                    XCTAssertEqual(found.count, 1, "\(width)x\(height) \(format) \(rotation)")
                    XCTAssertTrue(found.first.map { $0 == expected } ?? false, "\(rotation): found \(found), expected \(expected)")
                    XCTAssertEqual(panel.memory.color(x: expected.0, y: expected.1), mark)
                    XCTAssertEqual(panel.memory.readImage(rotation: rotation), canvas.image, "reading back undoes the turn")
                }
            }
        }
    }

    func testOnlyChangedPixelsOfTheDirtyRectAreWritten() {
        for format in formats {
            for rotation in Rotation.allCases {
                let panel = TestPanel(width: 320, height: 240, format: format)
                let logical = panel.memory.logicalSize(rotation: rotation)
                var canvas = Canvas(width: logical.width, height: logical.height, background: Color.rgb(10, 20, 30))
                var writer = PanelWriter()
                writer.copy(canvas, rects: canvas.takeDirty(), to: panel.memory, rotation: rotation)

                // Whatever the writer touches from now on overwrites this sentinel.
                panel.fillPixels(0x5A)
                let changed = Rect(x: 20, y: 30, width: 15, height: 6)
                canvas.fill(Rect(x: 0, y: 0, width: 100, height: 100), color: Color.rgb(10, 20, 30)) // same as before
                canvas.fill(changed, color: Color.white)
                let stats = writer.copy(canvas, rects: canvas.takeDirty(), to: panel.memory, rotation: rotation)
                XCTAssertEqual(stats.pixelsWritten, changed.area, "\(format) \(rotation)")
                XCTAssertEqual(stats.spans, changed.height)
                panel.assertOnlyPixelBytesWritten()
                let sentinel: UInt32 = format.bitsPerPixel == 16 ? 0x5A5A : 0x5A5A_5A5A
                for y in 0..<logical.height {
                    for x in 0..<logical.width {
                        let point = rotation.panelPoint(x: x, y: y, logicalWidth: logical.width, logicalHeight: logical.height)
                        let value = panel.memory.rawValue(x: point.x, y: point.y)
                        XCTAssertEqual(value, changed.contains(x: x, y: y) ? format.encode(Color.white) : sentinel, "\(rotation) \(x),\(y)")
                        if value != (changed.contains(x: x, y: y) ? format.encode(Color.white) : sentinel) { return }
                    }
                }
                // Nothing changed since: nothing is written, even for a dirty area.
                canvas.markAllDirty()
                XCTAssertEqual(writer.copy(canvas, rects: canvas.takeDirty(), to: panel.memory, rotation: rotation).pixelsWritten, 0)
            }
        }
    }

    func testACanvasLargerThanThePanelNeverWritesOutsideIt() {
        let panel = TestPanel(width: 240, height: 240, format: .rgb565, padding: 6)
        var canvas = Canvas(width: 300, height: 260, background: Color.white)
        var writer = PanelWriter()
        writer.copy(canvas, rects: canvas.takeDirty(), to: panel.memory, rotation: .degrees90)
        canvas.fill(Rect(x: 230, y: 230, width: 70, height: 30), color: Color.rgb(1, 2, 3))
        writer.copy(canvas, rects: canvas.takeDirty(), to: panel.memory, rotation: .degrees90)
        panel.assertOnlyPixelBytesWritten()
        writer.invalidate()
        XCTAssertEqual(writer.copy(canvas, rects: [], to: panel.memory, rotation: .degrees90).pixelsWritten, 240 * 240)
    }

    func testRotationFromDegrees() {
        XCTAssertEqual(Rotation(degrees: 90), .degrees90)
        XCTAssertEqual(Rotation(degrees: -90), .degrees270)
        XCTAssertEqual(Rotation(degrees: 540), .degrees180)
        XCTAssertNil(Rotation(degrees: 45))
        XCTAssertTrue(Rotation.degrees270.logicalSize(panelWidth: 320, panelHeight: 240) == (240, 320))
    }

    func testOpeningAMissingDeviceSaysSo() {
        XCTAssertThrowsError(try FramebufferDevice(path: "/nonexistent/fb9")) { error in
            XCTAssertEqual(error as? DisplayError, .deviceOpen(device: "/nonexistent/fb9", reason: "No such file or directory"))
            XCTAssertEqual("\(error)", "cannot open display device '/nonexistent/fb9': No such file or directory")
        }
    }

    func testARegularFileIsNotAFramebuffer() throws {
        let directory = try TemporaryDirectory(prefix: "crate-fb")
        defer { directory.remove() }
        let path = directory.file("fb0")
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        XCTAssertEqual(write(fd, "not a framebuffer", 17), 17)
        close(fd)
        XCTAssertThrowsError(try FramebufferDevice(path: path)) { error in
            guard case .notAFramebuffer(let device, let reason) = error as? DisplayError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(device, path)
            XCTAssertTrue(reason.contains("Inappropriate ioctl"), reason)
            XCTAssertTrue("\(error)".hasPrefix("'\(path)' is not a framebuffer device"), "\(error)")
        }
    }

    func testConsoleStepsReportFailuresWithoutThrowingAll() throws {
        let directory = try TemporaryDirectory(prefix: "crate-console")
        defer { directory.remove() }
        let blink = directory.file("cursor_blink")
        close(open(blink, O_WRONLY | O_CREAT, 0o644))
        try Console.stopCursorBlink(path: blink)
        let fd = open(blink, O_RDONLY)
        var bytes = [UInt8](repeating: 0, count: 8)
        let n = read(fd, &bytes, 8)
        close(fd)
        XCTAssertEqual(Array(bytes[0..<max(0, n)]), Array("0\n".utf8))

        // A regular file is no terminal: KDSETMODE fails with a reason.
        XCTAssertThrowsError(try Console.setGraphicsMode(terminal: blink)) { error in
            XCTAssertTrue("\(error)".contains("graphics mode"), "\(error)")
        }
        let failures = Console.keepOffPanel(cursorBlinkPath: directory.file("missing/blink"), terminals: [blink, directory.file("tty9")])
        XCTAssertEqual(failures.count, 3)
        XCTAssertTrue(failures[0].userMessage.contains("No such file or directory"), failures[0].userMessage)
        XCTAssertTrue(Console.keepOffPanel(cursorBlinkPath: blink, terminals: []).isEmpty)
    }
}
