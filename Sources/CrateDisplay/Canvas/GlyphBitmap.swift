/// One character's 1-bit picture as fonts store it: `height` rows of `bytesPerRow` bytes,
/// most significant bit leftmost, starting at `offset` in `data`. Holding the font's whole
/// byte array (a shared, copy-on-write buffer) keeps a glyph free to pass around without
/// copying bits. `scale` enlarges each bit to a `scale` × `scale` block when drawn.
public struct GlyphBitmap: Sendable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    public let data: [UInt8]
    public let offset: Int
    public let scale: Int

    public init(width: Int, height: Int, bytesPerRow: Int, data: [UInt8], offset: Int, scale: Int = 1) {
        precondition(width >= 0 && height >= 0 && scale >= 1, "invalid glyph geometry")
        precondition(bytesPerRow * 8 >= width, "glyph rows too short for its width")
        precondition(offset >= 0 && offset + bytesPerRow * height <= data.count, "glyph outside its data")
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.data = data
        self.offset = offset
        self.scale = scale
    }

    /// Drawn size in pixels.
    public var pixelWidth: Int { width * scale }
    public var pixelHeight: Int { height * scale }

    /// Whether the bit at column `x`, row `y` (unscaled) is ink.
    public func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, x < width, y >= 0, y < height else { return false }
        let byte = data[offset + y * bytesPerRow + x >> 3]
        return byte & (0x80 >> UInt8(x & 7)) != 0
    }

    /// Whether the glyph has any ink at all (a space has none).
    public var hasInk: Bool {
        let end = offset + bytesPerRow * height
        return data[offset..<end].contains { $0 != 0 }
    }
}
