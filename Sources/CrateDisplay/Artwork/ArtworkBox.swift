/// The area a cover is drawn into, in panel pixels. Artwork is scaled to fit inside it
/// with its aspect ratio kept; the caller centres the result.
public struct ArtworkBox: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// Larger than any panel Crate drives (800 px wide at most), with room to spare.
    public static let maxSide = 4096

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }

    var isValid: Bool { (1...Self.maxSide).contains(width) && (1...Self.maxSide).contains(height) }

    func validated() throws(ArtworkError) -> ArtworkBox {
        guard isValid else { throw .invalidBox(width: width, height: height) }
        return self
    }

    /// The size of a `width`×`height` picture scaled to fit inside the box, aspect kept
    /// (rounded, never below one pixel). Small pictures are scaled up to fill it.
    public func fitting(width sourceWidth: Int, height sourceHeight: Int) -> (width: Int, height: Int) {
        guard sourceWidth > 0, sourceHeight > 0 else { return (0, 0) }
        // Compare aspect ratios with integers: which side of the box limits the scale?
        if sourceWidth * height >= sourceHeight * width {
            let h = (sourceHeight * width + sourceWidth / 2) / sourceWidth
            return (width, min(height, max(1, h)))
        } else {
            let w = (sourceWidth * height + sourceHeight / 2) / sourceHeight
            return (min(width, max(1, w)), height)
        }
    }
}
