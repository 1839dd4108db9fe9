import CrateDisplay
import Glibc
import TestSupport
import XCTest

/// PSF files built byte by byte, so every header field and table entry is known.
enum PSFBytes {
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A PSF2 font whose glyph n has every byte equal to n + 1 (so glyphs are told apart),
    /// with `table[n]` as glyph n's raw unicode-table entry (0xFF is appended).
    static func psf2(width: Int, height: Int, count: Int, table: [[UInt8]]?) -> [UInt8] {
        let glyphBytes = (width + 7) / 8 * height
        var bytes: [UInt8] = [0x72, 0xB5, 0x4A, 0x86]
        for field in [0, 32, table == nil ? 0 : 1, count, glyphBytes, height, width] { bytes += le32(field) }
        for glyph in 0..<count { bytes += [UInt8](repeating: UInt8(glyph + 1), count: glyphBytes) }
        if let table { for entry in table { bytes += entry + [0xFF] } }
        return bytes
    }

    /// A PSF1 font (8 pixels wide) with UCS-2 table entries per glyph (0xFFFF appended).
    static func psf1(height: Int, count: Int, table: [[UInt16]]?) -> [UInt8] {
        var bytes: [UInt8] = [0x36, 0x04, UInt8((count == 512 ? 1 : 0) | (table == nil ? 0 : 2)), UInt8(height)]
        for glyph in 0..<count { bytes += [UInt8](repeating: UInt8(truncatingIfNeeded: glyph), count: height) }
        if let table {
            for entry in table {
                for value in entry + [0xFFFF] { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
            }
        }
        return bytes
    }
}

final class FontTests: XCTestCase {
    static let fontDirectory = "/usr/share/consolefonts"

    func testPSF2WithUnicodeTable() throws {
        let table: [[UInt8]] = [
            Array("A".utf8) + [0xFE] + Array("A\u{301}".utf8), // sequences are not single characters
            Array("é".utf8) + Array("B".utf8),
            Array("\u{FFFD}".utf8),
            Array("?…".utf8) + [0xC0, 0x80], // an overlong encoding is skipped
        ]
        let font = try PSFFont(bytes: PSFBytes.psf2(width: 10, height: 12, count: 4, table: table))
        XCTAssertEqual(font.width, 10)
        XCTAssertEqual(font.height, 12)
        XCTAssertEqual(font.glyphCount, 4)
        XCTAssertTrue(font.hasUnicodeTable)
        XCTAssertEqual(font.glyphIndex(for: "A"), 0)
        XCTAssertEqual(font.glyphIndex(for: "é"), 1)
        XCTAssertEqual(font.glyphIndex(for: "B"), 1)
        XCTAssertEqual(font.glyphIndex(for: "?"), 3)
        XCTAssertEqual(font.glyphIndex(for: "…"), 3)
        XCTAssertNil(font.glyphIndex(for: "\u{301}"))
        XCTAssertNil(font.glyphIndex(for: "Z"))
        XCTAssertEqual(font.replacementIndex, 2, "U+FFFD is preferred to '?'")
        let glyph = font.glyph(for: "B")
        XCTAssertEqual(glyph.bytesPerRow, 2)
        XCTAssertEqual(glyph.data[glyph.offset], 2, "glyph 1's bytes")
        XCTAssertEqual(font.glyph(for: "Z").data[font.glyph(for: "Z").offset], 3, "unknown → replacement glyph")
        XCTAssertEqual(font.scaled(by: 3).cellWidth, 30)
        XCTAssertEqual(font.scaled(by: 3).glyph(for: "A").pixelHeight, 36)
    }

    func testPSF1WithAndWithoutTable() throws {
        var table = [[UInt16]](repeating: [], count: 256)
        table[65] = [0x41, 0x391] // 'A' and Greek capital alpha
        table[1] = [0x263A, 0xFFFE, 0x41, 0x301]
        table[63] = [0x3F]
        let font = try PSFFont(bytes: PSFBytes.psf1(height: 8, count: 256, table: table))
        XCTAssertEqual(font.width, 8)
        XCTAssertEqual(font.height, 8)
        XCTAssertEqual(font.glyphIndex(for: "A"), 65)
        XCTAssertEqual(font.glyphIndex(for: "Α"), 65)
        XCTAssertEqual(font.glyphIndex(for: "☺"), 1)
        XCTAssertNil(font.glyphIndex(for: "\u{301}"))
        XCTAssertEqual(font.replacementIndex, 63, "no U+FFFD: '?'")
        XCTAssertEqual(font.glyph(for: "A").data[font.glyph(for: "A").offset], 65)

        let plain = try PSFFont(bytes: PSFBytes.psf1(height: 14, count: 512, table: nil))
        XCTAssertFalse(plain.hasUnicodeTable)
        XCTAssertEqual(plain.glyphCount, 512)
        XCTAssertEqual(plain.glyphIndex(for: "A"), 65, "without a table glyph n is character n")
        XCTAssertNil(plain.glyphIndex(for: "\u{2026}"))
    }

    func testMalformedFontsAreClearErrors() {
        let good = PSFBytes.psf2(width: 8, height: 16, count: 4, table: [[0x41], [0x42], [0x43], [0x44]])
        func header(_ fields: [Int]) -> [UInt8] { [0x72, 0xB5, 0x4A, 0x86] + fields.flatMap(PSFBytes.le32) }
        let cases: [(String, [UInt8], String)] = [
            ("empty", [], "unknown file format"),
            ("wrong magic", Array("hello, world, not a font".utf8), "unknown file format"),
            ("short header", Array(good.prefix(20)), "truncated header"),
            ("truncated glyphs", Array(good.prefix(32 + 40)), "truncated glyph data"),
            ("truncated table", Array(good.dropLast(2)), "truncated unicode table"),
            ("zero width", header([0, 32, 0, 4, 16, 16, 0]) + [UInt8](repeating: 0, count: 64), "out of range"),
            ("absurd count", header([0, 32, 0, 1_000_000_000, 16, 16, 8]), "out of range"),
            ("absurd size", header([0, 32, 0, 4, 1 << 30, 1 << 15, 1 << 15]), "out of range"),
            ("glyph bytes too few", header([0, 32, 0, 4, 3, 16, 8]) + [UInt8](repeating: 0, count: 64), "do not fit"),
            ("bad header size", header([0, 4_000, 0, 4, 16, 16, 8]), "header size"),
            ("psf1 zero height", [0x36, 0x04, 0, 0], "height is zero"),
            ("psf1 truncated", [0x36, 0x04, 0, 16] + [UInt8](repeating: 0, count: 100), "truncated glyph data"),
            ("gzip garbage", [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0xFF, 0xFF, 0xFF], "compressed data"),
        ]
        for (name, bytes, expected) in cases {
            XCTAssertThrowsError(try PSFFont(bytes: bytes, source: name), name) { error in
                guard case .malformed(let source, let reason) = error as? FontError else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(source, name)
                XCTAssertTrue(reason.contains(expected), "\(name): \(reason)")
            }
        }
        XCTAssertThrowsError(try PSFFont(contentsOf: "/nonexistent/font.psf")) { error in
            XCTAssertEqual("\(error)", "cannot read font '/nonexistent/font.psf': No such file or directory")
        }
    }

    func testRealConsoleFontsLoad() throws {
        try XCTSkipUnless(access(Self.fontDirectory, F_OK) == 0, "no console fonts installed")
        // Terminus 16 is PSF1 in Debian, 12x6 and 32x16 are PSF2; all gzip-compressed.
        for (name, width, height) in [("Uni2-Terminus16", 8, 16), ("Uni2-Terminus12x6", 6, 12), ("Uni2-Terminus32x16", 16, 32)] {
            let path = "\(Self.fontDirectory)/\(name).psf.gz"
            guard access(path, F_OK) == 0 else { continue }
            let font = try PSFFont(contentsOf: path)
            XCTAssertEqual(font.width, width, name)
            XCTAssertEqual(font.height, height, name)
            XCTAssertTrue(font.hasUnicodeTable, name)
            for scalar: Unicode.Scalar in ["A", "z", "é", "Ж", "ß", "\u{2026}"] {
                XCTAssertNotNil(font.glyphIndex(for: scalar), "\(name) lacks \(scalar)")
            }
            XCTAssertTrue(font.glyph(for: "A").hasInk)
            XCTAssertFalse(font.glyph(for: " ").hasInk)
            XCTAssertNotEqual(font.glyphIndex(for: "A"), font.glyphIndex(for: "B"))
        }
        // A gzip file cut short is reported, not half-parsed.
        let path = "\(Self.fontDirectory)/Uni2-Terminus16.psf.gz"
        let fd = open(path, O_RDONLY)
        var bytes = [UInt8](repeating: 0, count: 1_000)
        let n = read(fd, &bytes, 1_000)
        close(fd)
        XCTAssertThrowsError(try PSFFont(bytes: Array(bytes.prefix(max(0, n) / 2)))) { error in
            XCTAssertTrue("\(error)".contains("truncated"), "\(error)")
        }
    }

    func testBuiltinFontCoversPrintableASCII() {
        let font = BuiltinFont()
        XCTAssertEqual(font.cellWidth, 6)
        XCTAssertEqual(font.cellHeight, 9)
        var seen: [[Bool]: Unicode.Scalar] = [:]
        for value in UInt32(0x21)...0x7E {
            let scalar = Unicode.Scalar(value)!
            let glyph = font.glyph(for: scalar)
            XCTAssertTrue(glyph.hasInk, "\(scalar) is blank")
            let bits = (0..<glyph.height).flatMap { y in (0..<glyph.width).map { glyph.isSet(x: $0, y: y) } }
            XCTAssertFalse(bits.enumerated().contains { $0.element && $0.offset % 6 == 5 }, "\(scalar) touches the gap column")
            if let twin = seen[bits] { XCTFail("\(scalar) looks like \(twin)") }
            seen[bits] = scalar
        }
        XCTAssertFalse(font.glyph(for: " ").hasInk)
        XCTAssertNil(font.glyphIndex(for: "é"))
        XCTAssertEqual(font.glyph(for: "é").offset, font.glyph(for: "?").offset)
        let big = BuiltinFont(scale: 3)
        XCTAssertEqual(big.cellWidth, 18)
        XCTAssertEqual(big.glyph(for: "A").pixelHeight, 27)
    }

    func testLibraryPicksTheTallestFontThatFits() throws {
        try XCTSkipUnless(access(Self.fontDirectory + "/Uni2-Terminus16.psf.gz", F_OK) == 0, "no Terminus fonts installed")
        let library = FontLibrary()
        XCTAssertTrue(library.available.contains { $0.height == 32 && !$0.bold })
        XCTAssertFalse(library.available.contains { $0.path.contains("VGA") })
        XCTAssertEqual(library.font(height: 16).cellHeight, 16)
        XCTAssertEqual(library.font(height: 17).cellHeight, 16)
        XCTAssertEqual(library.font(height: 13).cellHeight, 12)
        XCTAssertEqual(library.font(height: 40).cellHeight, 32)
        XCTAssertEqual(library.font(height: 64).cellHeight, 64, "32 scaled twice")
        XCTAssertEqual(library.font(height: 5).cellHeight, 12, "smaller than any: the smallest")
        XCTAssertEqual(library.font(height: 12, bold: true).cellHeight, 12, "no bold 12: regular")
        let bold = try XCTUnwrap(library.font(height: 20, bold: true) as? PSFFont)
        XCTAssertEqual(bold.height, 20)
        XCTAssertTrue(library.failures.isEmpty)
    }

    func testLibraryFallsBackToBuiltinAndRemembersBrokenFiles() throws {
        let directory = try TemporaryDirectory(prefix: "crate-fonts")
        defer { directory.remove() }
        XCTAssertTrue(FontLibrary(directory: directory.path).font(height: 20) is BuiltinFont)
        XCTAssertEqual(FontLibrary(directory: directory.path).font(height: 20).cellHeight, 18, "builtin 9 px scaled twice")

        func put(_ name: String, _ bytes: [UInt8]) {
            let fd = open(directory.file(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        put("Uni2-Terminus16.psf.gz", Array("broken".utf8))
        put("Uni2-Terminus12x6.psf", PSFBytes.psf2(width: 6, height: 12, count: 2, table: [[0x41], [0x3F]]))
        put("Uni2-TerminusBoldVGA14.psf", PSFBytes.psf2(width: 8, height: 14, count: 1, table: nil))
        put("README", [])
        let library = FontLibrary(directory: directory.path)
        XCTAssertEqual(library.available.map(\.height), [12, 16])
        XCTAssertEqual(library.font(height: 16).cellHeight, 12, "the broken 16 is skipped")
        XCTAssertEqual(library.failures.count, 1)
        XCTAssertTrue(library.failures.first?.userMessage.contains("Uni2-Terminus16.psf.gz") ?? false)
        XCTAssertEqual(library.font(height: 16).cellHeight, 12, "and not retried")
        XCTAssertEqual(library.failures.count, 1)
    }
}
