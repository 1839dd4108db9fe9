import CTurboJPEG

/// A cover scaled by the cache, written out as a JPEG through TurboJPEG: what the `cover`
/// command sends (crate-web's pages), so a client gets the size it asked for, not the
/// album's own picture at whatever size it was scanned.
public enum ArtworkJPEGEncoder {
    /// Covers are photographs viewed small: 85 is indistinguishable from the source there
    /// and a third of the bytes of 95.
    public static let quality: Int32 = 85

    /// The image as a baseline JPEG (4:2:0). Throws `.encodeFailed` with TurboJPEG's reason.
    public static func encode(_ image: RGBImage, quality: Int32 = Self.quality) throws(ArtworkError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .encodeFailed(reason: "the image is empty") }
        guard let handle = tjInitCompress() else { throw .encodeFailed(reason: "cannot start the TurboJPEG encoder") }
        defer { tjDestroy(handle) }
        // RGBImage keeps 0x00RRGGBB words; TurboJPEG reads bytes, so they are spelled out.
        var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
        for (n, pixel) in image.pixels.enumerated() {
            rgb[n * 3] = UInt8(truncatingIfNeeded: pixel >> 16)
            rgb[n * 3 + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
            rgb[n * 3 + 2] = UInt8(truncatingIfNeeded: pixel)
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, rgb, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                                 &output, &size, Int32(TJSAMP_420.rawValue), quality, 0)
        defer { tjFree(output) }
        guard status == 0, let output else {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown TurboJPEG error"
            throw .encodeFailed(reason: reason)
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
