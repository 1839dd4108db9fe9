import CratePosix
import Synchronization

/// Picture bytes (JPEG or PNG, told apart by their magic) → an `RGBImage` fitted into a
/// box with its aspect ratio kept. Decodes are serialised process-wide so that at most
/// one decoded full-size cover exists at any moment, whoever asks.
public enum ArtworkDecoder {
    /// What is refused before any pixel memory is allocated.
    public struct Limits: Sendable, Equatable {
        /// Longest side of the stored picture.
        public var maxSide: Int
        /// Pixels actually decoded (after JPEG's IDCT scaling; PNG is decoded whole).
        /// 40 MP of RGB is 120 MB for a moment: the most a 512 MB board should risk.
        public var maxPixels: Int

        public init(maxSide: Int = 10_000, maxPixels: Int = 40_000_000) {
            self.maxSide = maxSide
            self.maxPixels = maxPixels
        }

        public static let standard = Limits()
    }

    /// A decoded picture and how it was obtained.
    public struct Decoded: Sendable, Equatable {
        public var image: RGBImage
        public var type: ArtworkPictureType
        /// The picture's own size, as stored.
        public var sourceWidth: Int
        public var sourceHeight: Int
        /// The size the decoder produced before resampling (smaller than the source when
        /// JPEG's IDCT scaling was used).
        public var decodedWidth: Int
        public var decodedHeight: Int
        /// The decoder's complaint about damage it recovered from (a truncated JPEG scan).
        public var warning: String?
    }

    /// Decoder output, valid only inside the decode: borrowed, never copied out.
    struct Pixels {
        var type: ArtworkPictureType
        var sourceWidth: Int
        var sourceHeight: Int
        var rgb: UnsafeBufferPointer<UInt8>
        var width: Int
        var height: Int
        var rowBytes: Int
        var warning: String?
    }

    /// Held for the whole decode: the full-size buffer lives only inside it.
    private static let gate = Mutex(())

    /// Above this many decoded bytes, freed heap pages are handed back to the system:
    /// glibc would otherwise keep a big cover's buffer as a hole in the heap.
    private static let trimThreshold = 4 * 1024 * 1024

    public static func decode(_ bytes: [UInt8], fitting box: ArtworkBox,
                              limits: Limits = .standard) throws(ArtworkError) -> RGBImage {
        try decodeWithDetails(bytes, fitting: box, limits: limits).image
    }

    public static func decode(_ bytes: UnsafeRawBufferPointer, fitting box: ArtworkBox,
                              limits: Limits = .standard) throws(ArtworkError) -> RGBImage {
        try decodeWithDetails(bytes, fitting: box, limits: limits).image
    }

    public static func decodeWithDetails(_ bytes: [UInt8], fitting box: ArtworkBox,
                                         limits: Limits = .standard) throws(ArtworkError) -> Decoded {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ArtworkError) -> Decoded in try decodeWithDetails(raw, fitting: box, limits: limits) }
        }
        return try result.get()
    }

    public static func decodeWithDetails(_ bytes: UnsafeRawBufferPointer, fitting box: ArtworkBox,
                                         limits: Limits = .standard) throws(ArtworkError) -> Decoded {
        let box = try box.validated()
        guard !bytes.isEmpty else { throw .empty }
        let type = ArtworkPictureType.detect(bytes)
        let input = bytes.bindMemory(to: UInt8.self)

        var decodedBytes = 0
        let result = gate.withLock { _ -> Result<Decoded, ArtworkError> in
            Result { () throws(ArtworkError) -> Decoded in
                switch type {
                case .jpeg:
                    return try ArtworkJPEG.decode(input, box: box, limits: limits) { pixels in
                        decodedBytes = pixels.rgb.count
                        return fit(pixels, into: box)
                    }
                case .png:
                    return try ArtworkPNG.decode(input, limits: limits) { pixels in
                        decodedBytes = pixels.rgb.count
                        return fit(pixels, into: box)
                    }
                case .unknown:
                    throw .unrecognizedData
                default:
                    throw .unsupportedType(type.rawValue)
                }
            }
        }
        if decodedBytes >= trimThreshold { Memory.returnFreePages() }
        return try result.get()
    }

    /// Resamples the decoder's pixels to the fitted size of the original picture (not of
    /// the IDCT-scaled one, whose sides are rounded up).
    private static func fit(_ pixels: Pixels, into box: ArtworkBox) -> Decoded {
        let target = box.fitting(width: pixels.sourceWidth, height: pixels.sourceHeight)
        let image = ArtworkScaler.scale(rgb: pixels.rgb, width: pixels.width, height: pixels.height,
                                        rowBytes: pixels.rowBytes, to: target.width, target.height)
        return Decoded(image: image, type: pixels.type, sourceWidth: pixels.sourceWidth,
                       sourceHeight: pixels.sourceHeight, decodedWidth: pixels.width,
                       decodedHeight: pixels.height, warning: pixels.warning)
    }
}
