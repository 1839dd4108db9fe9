import CPNG
import CrateDisplay
import Glibc
import TestSupport
import XCTest

final class PNGSnapshotTests: XCTestCase {
    /// Decodes PNG bytes with libpng's simplified reader into 0x00RRGGBB pixels.
    private func decode(_ png: [UInt8]) throws -> RGBImage {
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        let begun = png.withUnsafeBytes { png_image_begin_read_from_memory(&control, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw XCTSkip("libpng could not read the header") }
        control.format = UInt32(PNG_FORMAT_RGB)
        let width = Int(control.width), height = Int(control.height)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let finished = png_image_finish_read(&control, nil, &rgb, 0, nil)
        XCTAssertNotEqual(finished, 0, "libpng could not decode the snapshot")
        var image = RGBImage(width: width, height: height)
        for index in 0..<(width * height) {
            image.pixels[index] = Color.rgb(rgb[index * 3], rgb[index * 3 + 1], rgb[index * 3 + 2])
        }
        return image
    }

    /// A canvas with shapes, text, and noise, so every channel value matters.
    private func sampleCanvas(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height, background: Color.rgb(12, 34, 56))
        var seed: UInt32 = 0x1234_5678
        var noise = RGBImage(width: 40, height: 30)
        for index in noise.pixels.indices {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            noise.pixels[index] = seed >> 8
        }
        canvas.blit(noise, at: width - 45, y: 5)
        canvas.fill(Rect(x: 3, y: height - 12, width: width / 2, height: 8), color: Color.rgb(255, 128, 1))
        canvas.drawText("Snapshot 42 %", x: 4, y: 4, font: BuiltinFont(), color: Color.white)
        return canvas
    }

    func testSnapshotIsAPNGWithTheExactPixels() throws {
        for (width, height) in [(240, 240), (320, 240), (1, 1), (37, 3)] {
            let canvas = sampleCanvas(width: width, height: height)
            let png = try canvas.pngData()
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            XCTAssertEqual(try decode(png), canvas.image, "\(width)x\(height)")
        }
    }

    func testWritingIsAtomicAndReportsFailures() throws {
        let directory = try TemporaryDirectory(prefix: "crate-png")
        defer { directory.remove() }
        let canvas = sampleCanvas(width: 120, height: 80)
        let path = directory.file("display.png")
        try canvas.writePNG(to: path)
        try sampleCanvas(width: 120, height: 80).writePNG(to: path) // replacing works too

        let fd = open(path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        close(fd)
        XCTAssertEqual(try decode(bytes), canvas.image)
        XCTAssertEqual(access(path + ".tmp-\(getpid())", F_OK), -1, "no temporary file is left")

        let missing = directory.file("no/such/dir/display.png")
        XCTAssertThrowsError(try canvas.writePNG(to: missing)) { error in
            XCTAssertEqual(error as? SnapshotError, .write(path: missing, reason: "No such file or directory"))
            XCTAssertEqual("\(error)", "cannot write the display snapshot to '\(missing)': No such file or directory")
        }
        XCTAssertThrowsError(try PNGSnapshot.encode(RGBImage(width: 0, height: 5))) { error in
            XCTAssertEqual(error as? SnapshotError, .encode(reason: "the image is empty"))
        }
    }
}
