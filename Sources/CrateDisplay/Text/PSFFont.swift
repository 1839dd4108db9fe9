import CratePosix
import Glibc

/// A Linux console font (PSF1 or PSF2, plain or gzip-compressed), such as Debian's
/// Terminus fonts in /usr/share/consolefonts. Glyphs stay in the file's own packed
/// 1-bit layout (a 32×16 font of 512 glyphs is 32 KB), and Unicode reaches them
/// through the font's unicode table.
public struct PSFFont: BitmapFont {
    /// Glyph size in font pixels, before scaling.
    public let width: Int
    public let height: Int
    public let glyphCount: Int
    /// Each glyph is drawn as `scale` × `scale` pixel blocks.
    public let scale: Int
    /// Whether the file maps Unicode to glyphs (without a table, glyph n is character n).
    public let hasUnicodeTable: Bool
    public let replacementIndex: Int

    let bytesPerRow: Int
    let bytesPerGlyph: Int
    let glyphData: [UInt8]
    let unicodeMap: [UInt32: Int32]

    /// The largest font file read or inflated: far above any console font, far below
    /// anything that could hurt a 512 MB board.
    public static let maximumFileSize = 4 << 20

    /// Parses PSF1 or PSF2 bytes, gzip-compressed or not. `source` names the font in errors.
    public init(bytes: [UInt8], source: String = "font data") throws(FontError) {
        var data = bytes
        if Gunzip.isGzip(bytes) {
            do {
                data = try Gunzip.decompress(bytes, limit: Self.maximumFileSize)
            } catch {
                throw .malformed(source: source, reason: error.reason)
            }
        }
        let parsed: PSFParser.Parsed
        do {
            parsed = try PSFParser.parse(data)
        } catch {
            throw .malformed(source: source, reason: error.reason)
        }
        width = parsed.width
        height = parsed.height
        glyphCount = parsed.glyphCount
        bytesPerRow = (parsed.width + 7) / 8
        bytesPerGlyph = parsed.bytesPerGlyph
        hasUnicodeTable = parsed.unicodeMap != nil
        unicodeMap = parsed.unicodeMap ?? [:]
        glyphData = parsed.glyphData
        scale = 1
        // Looked up only after the fields above are set, through the same path as text.
        let lookup = { (value: UInt32) -> Int? in
            PSFFont.index(of: value, map: parsed.unicodeMap, glyphCount: parsed.glyphCount)
        }
        replacementIndex = lookup(0xFFFD) ?? lookup(0x3F) ?? 0
    }

    /// Reads and parses the font file at `path`.
    public init(contentsOf path: String) throws(FontError) {
        try self.init(bytes: try Self.readFile(path), source: path)
    }

    private init(scaling font: PSFFont, by factor: Int) {
        width = font.width
        height = font.height
        glyphCount = font.glyphCount
        scale = factor
        hasUnicodeTable = font.hasUnicodeTable
        replacementIndex = font.replacementIndex
        bytesPerRow = font.bytesPerRow
        bytesPerGlyph = font.bytesPerGlyph
        glyphData = font.glyphData
        unicodeMap = font.unicodeMap
    }

    /// The same font drawn `factor` times larger (sharing the glyph data).
    public func scaled(by factor: Int) -> PSFFont {
        PSFFont(scaling: self, by: max(1, factor))
    }

    public var cellWidth: Int { width * scale }
    public var cellHeight: Int { height * scale }

    public func glyphIndex(for scalar: Unicode.Scalar) -> Int? {
        Self.index(of: scalar.value, map: hasUnicodeTable ? unicodeMap : nil, glyphCount: glyphCount)
    }

    public func glyph(at index: Int) -> GlyphBitmap {
        let safe = (0..<glyphCount).contains(index) ? index : replacementIndex
        return GlyphBitmap(
            width: width, height: height, bytesPerRow: bytesPerRow, data: glyphData,
            offset: safe * bytesPerGlyph, scale: scale)
    }

    private static func index(of value: UInt32, map: [UInt32: Int32]?, glyphCount: Int) -> Int? {
        if let map { return map[value].map(Int.init) }
        return Int(value) < glyphCount ? Int(value) : nil
    }

    private static func readFile(_ path: String) throws(FontError) -> [UInt8] {
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch {
            throw .unreadable(path: path, reason: error.cause)
        }
        guard file.size <= maximumFileSize else {
            throw .malformed(source: path, reason: "file of \(file.size) bytes is far too large for a console font")
        }
        do {
            return try file.read(at: 0, count: file.size)
        } catch {
            throw .unreadable(path: path, reason: error.message)
        }
    }
}
