import CrateDisplay
import XCTest

/// Panel memory in a test: guard bytes before and after and padded rows, all pre-filled
/// with a pattern, so any byte written outside the visible pixels shows.
final class TestPanel {
    static let guardBytes = 128
    static let pattern: UInt8 = 0x5A
    let width: Int, height: Int, lineLength: Int, format: PixelFormat
    let storage: UnsafeMutableRawBufferPointer
    private var writer = PanelWriter()

    init(width: Int, height: Int, format: PixelFormat, padding: Int = 40) {
        self.width = width
        self.height = height
        self.format = format
        lineLength = width * format.bytesPerPixel + padding
        storage = .allocate(byteCount: lineLength * height + 2 * Self.guardBytes, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: Self.pattern)
    }

    deinit { storage.deallocate() }

    var memory: FramebufferMemory {
        FramebufferMemory(base: storage.baseAddress! + Self.guardBytes, width: width, height: height,
                          lineLength: lineLength, format: format)
    }

    /// Sends the canvas's dirty rectangles, as the display service does.
    func show(_ canvas: inout Canvas, rotation: Rotation = .degrees0) {
        writer.copy(canvas, rects: canvas.takeDirty(), to: memory, rotation: rotation)
    }

    func image(rotation: Rotation = .degrees0) -> RGBImage { memory.readImage(rotation: rotation) }

    /// Whether byte `index` of the storage belongs to a visible pixel.
    func isPixelByte(_ index: Int) -> Bool {
        let offset = index - Self.guardBytes
        guard offset >= 0, offset < lineLength * height else { return false }
        return offset % lineLength < width * format.bytesPerPixel
    }

    /// The first byte outside the visible pixels that is not the pattern, or nil.
    func strayByte() -> Int? {
        // Only the guard bytes and each row's padding are looked at (debug builds are slow).
        let rowBytes = width * format.bytesPerPixel
        var ranges = [0..<Self.guardBytes, (Self.guardBytes + lineLength * height)..<storage.count]
        for row in 0..<height {
            let start = Self.guardBytes + row * lineLength
            ranges.append((start + rowBytes)..<(start + lineLength))
        }
        for range in ranges {
            if let index = range.first(where: { storage[$0] != Self.pattern }) { return index }
        }
        return nil
    }

    func assertOnlyPixelBytesWritten(file: StaticString = #filePath, line: UInt = #line) {
        if let index = strayByte() {
            XCTFail("byte \(index) outside the visible pixels was written", file: file, line: line)
        }
    }

    /// Sets every visible pixel byte to `value`.
    func fillPixels(_ value: UInt8) {
        for index in 0..<storage.count where isPixelByte(index) { storage[index] = value }
    }
}
