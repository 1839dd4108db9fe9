import CPNG

/// PNG through libpng's simplified API, which reports errors in the `png_image` instead
/// of longjmp-ing, so Swift can call it safely. Output is 8-bit sRGB RGB; an alpha
/// channel is composited onto black (the display's background), by libpng, in linear light.
enum ArtworkPNG {
    static func decode<R>(_ png: UnsafeBufferPointer<UInt8>, limits: ArtworkDecoder.Limits,
                          _ body: (ArtworkDecoder.Pixels) -> R) throws(ArtworkError) -> R {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        // Whatever happens below, libpng's own allocations go with the image.
        defer { png_image_free(&image) }

        guard png_image_begin_read_from_memory(&image, png.baseAddress, png.count) != 0 else {
            throw .corrupt(type: "PNG", reason: message(&image))
        }
        let width = Int(image.width), height = Int(image.height)
        // No IDCT scaling for PNG: the full picture is decoded, so refuse monsters up front.
        guard width <= limits.maxSide, height <= limits.maxSide, width * height <= limits.maxPixels else {
            throw .tooLarge(width: width, height: height)
        }
        guard width > 0, height > 0 else { throw .corrupt(type: "PNG", reason: "zero width or height") }

        image.format = png_uint_32(PNG_FORMAT_RGB)
        let rowBytes = width * 3
        var rgb = [UInt8](repeating: 0, count: rowBytes * height)
        var black = png_color(red: 0, green: 0, blue: 0)
        let finished = rgb.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, &black, out.baseAddress, Int32(rowBytes), nil)
        }
        guard finished != 0 else { throw .corrupt(type: "PNG", reason: message(&image)) }
        // A warning (e.g. a bad ancillary chunk) leaves the pixels intact: pass it on.
        let warning = image.warning_or_error & 3 == 1 ? message(&image) : nil

        return rgb.withUnsafeBufferPointer { buffer in
            body(ArtworkDecoder.Pixels(type: .png, sourceWidth: width, sourceHeight: height, rgb: buffer,
                                       width: width, height: height, rowBytes: rowBytes, warning: warning))
        }
    }

    private static func message(_ image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? "libpng could not read it" : text
    }
}
