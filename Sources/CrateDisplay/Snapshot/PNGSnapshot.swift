import CPNG
import CratePosix

/// PNG pictures of the display, for `crate-admin display snapshot` and for tests:
/// libpng's simplified API, 8-bit RGB, no alpha (the display has none).
public enum PNGSnapshot {
    /// The PNG file bytes of `image`.
    public static func encode(_ image: RGBImage) throws(SnapshotError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .encode(reason: "the image is empty") }
        // libpng wants bytes R, G, B; the canvas keeps 0x00RRGGBB words.
        var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            for (index, pixel) in image.pixels.enumerated() {
                out[index * 3] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[index * 3 + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[index * 3 + 2] = UInt8(truncatingIfNeeded: pixel)
            }
        }
        // First pass measures, second writes (the simplified API's documented pattern).
        var size = 0
        try write(image, rgb: rgb, into: nil, size: &size)
        var png = [UInt8](repeating: 0, count: size)
        let result = png.withUnsafeMutableBytes { buffer in
            Result { () throws(SnapshotError) in try write(image, rgb: rgb, into: buffer.baseAddress, size: &size) }
        }
        try result.get()
        png.removeLast(png.count - min(size, png.count))
        return png
    }

    /// A snapshot read back, at full size (for checking what a panel showed).
    public static func decode(_ png: [UInt8]) throws(ArtworkError) -> RGBImage {
        try png.withUnsafeBufferPointer { bytes throws(ArtworkError) in
            try ArtworkPNG.decode(bytes, limits: .standard) { pixels in
                var image = RGBImage(width: pixels.width, height: pixels.height)
                for y in 0..<pixels.height {
                    for x in 0..<pixels.width {
                        let at = y * pixels.rowBytes + x * 3
                        image[x, y] = Color.rgb(pixels.rgb[at], pixels.rgb[at + 1], pixels.rgb[at + 2])
                    }
                }
                return image
            }
        }
    }

    /// Encodes `image` and writes it to `path`, replacing any file there atomically.
    public static func write(_ image: RGBImage, to path: String) throws(SnapshotError) {
        let png = try encode(image)
        do { try AtomicFile.write(png, to: path) } catch { throw .write(path: path, reason: error.reason) }
    }

    private static func write(
        _ image: RGBImage, rgb: [UInt8], into memory: UnsafeMutableRawPointer?, size: inout Int
    ) throws(SnapshotError) {
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        control.width = UInt32(image.width)
        control.height = UInt32(image.height)
        control.format = UInt32(PNG_FORMAT_RGB)
        var bytes = png_alloc_size_t(size)
        let ok = rgb.withUnsafeBytes { pixels in
            png_image_write_to_memory(&control, memory, &bytes, 0, pixels.baseAddress, Int32(image.width * 3), nil)
        }
        guard ok != 0 else {
            let message = withUnsafeBytes(of: control.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw .encode(reason: message.isEmpty ? "libpng failed" : message)
        }
        size = Int(bytes)
    }
}

extension Canvas {
    /// The canvas as PNG file bytes: exactly what the panel shows.
    public func pngData() throws(SnapshotError) -> [UInt8] {
        try PNGSnapshot.encode(image)
    }

    /// Writes the canvas as a PNG file at `path` (atomically).
    public func writePNG(to path: String) throws(SnapshotError) {
        try PNGSnapshot.write(image, to: path)
    }
}
