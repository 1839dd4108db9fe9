import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Tags no common tool writes any more but real libraries hold: ID3v2.2, UTF-16 in
/// odd shapes, unsynchronisation, extended headers, footers, non-syncsafe v2.4 sizes.
/// Each is written byte by byte in front of a real MP3 stream.
final class HandWrittenTagTests: XCTestCase {
    var dir = ""
    var audio: [UInt8] = []
    /// The file the last `read` wrote.
    var path = ""

    override func setUpWithError() throws {
        dir = try AudioFixtures.temporaryDirectory("mp3hand")
        audio = try MP3Fixtures.bareAudio(in: dir)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private func read(_ tag: [UInt8], trailer: [UInt8] = [], _ name: String = #function) throws -> MP3FileInfo {
        path = "\(dir)/\(name.filter { $0.isLetter || $0.isNumber }).mp3"
        try FormatFixtures.write(tag + audio + trailer, to: path)
        let info = try MP3FileInfo.read(path: path)
        XCTAssertTrue(info.audio.exact, "the audio after the tag is found: \(name)")
        return info
    }

    func testID3v22() throws {
        let cover = FormatFixtures.fakeJPEG(size: 30_000)
        var tag = ID3TagBuilder(version: 2)
        tag.text("TT2", "Für Elise", encoding: 1)
        tag.text("TP1", "Beethoven", encoding: 0)
        tag.text("TAL", "Bagatellen", encoding: 0)
        tag.text("TP2", "Ludwig van Beethoven", encoding: 0)
        tag.text("TRK", "03", encoding: 0)
        tag.text("TPA", "1/2", encoding: 0)
        tag.text("TYE", "1810", encoding: 0)
        tag.text("TDA", "2704", encoding: 0)
        tag.text("TCO", "(32)Classical", encoding: 0)
        tag.text("TCP", "1", encoding: 0)
        tag.userText("MusicBrainz Album Id", "0e1f2a3b-0000-4000-8000-123456789abc", encoding: 0)
        // In steps: one long `+` chain is too much for some compilers' type checker.
        var picture: [UInt8] = [0] + Array("JPG".utf8)
        picture += [3] + Array("cover".utf8)
        picture += [0] + cover
        tag.frame("PIC", picture)
        tag.padding = 100
        let info = try read(tag.bytes())
        let t = info.tags
        XCTAssertEqual(t.id3v2Version, 2)
        XCTAssertEqual(t.title, "Für Elise")
        XCTAssertEqual(t.artist, "Beethoven")
        XCTAssertEqual(t.album, "Bagatellen")
        XCTAssertEqual(t.albumArtist, "Ludwig van Beethoven")
        XCTAssertEqual(t.trackNumber, 3)
        XCTAssertNil(t.trackTotal)
        XCTAssertEqual(t.discNumber, 1)
        XCTAssertEqual(t.discTotal, 2)
        XCTAssertEqual(t.year, 1810)
        XCTAssertEqual(t.date, "1810-04-27")
        XCTAssertEqual(t.genres, ["Classical"])
        XCTAssertTrue(t.compilation)
        XCTAssertEqual(t.musicBrainzAlbumID, "0e1f2a3b-0000-4000-8000-123456789abc")
        XCTAssertEqual(t.problems, [])
        let artwork = try XCTUnwrap(t.artwork)
        XCTAssertEqual(artwork.mimeType, "image/jpeg")
        try XCTAssertArtwork(artwork, in: path, equals: cover)
    }

    func testUTF16Variants() throws {
        var tag = ID3TagBuilder(version: 3)
        // Encoding 2 (UTF-16BE, no BOM) in v2.3, where it is not even defined.
        tag.text("TIT2", "日本語のタイトル", encoding: 2)
        // Encoding 1 without a BOM: little-endian (what broken Windows taggers write)...
        tag.frame("TPE1", [1] + ID3TagBuilder.littleEndian16("Ärzte ohne Grenzen"))
        // ...and big-endian, told apart by where the zero bytes are.
        tag.frame("TALB", [1] + ID3TagBuilder.encode("Ärger im Paradies", 2))
        // Two strings, each with its own BOM, in opposite byte orders (v2.4 style).
        tag.frame("TCON", [1, 0xFF, 0xFE] + ID3TagBuilder.littleEndian16("Rock") + [0, 0, 0xFE, 0xFF]
                  + ID3TagBuilder.encode("Jazz", 2) + [0, 0])
        let t = try read(tag.bytes()).tags
        XCTAssertEqual(t.title, "日本語のタイトル")
        XCTAssertEqual(t.artist, "Ärzte ohne Grenzen")
        XCTAssertEqual(t.album, "Ärger im Paradies")
        XCTAssertEqual(t.genres, ["Rock", "Jazz"])
        XCTAssertEqual(t.problems, [])
    }

    func testStrayTerminatorsAndInvalidUTF8() throws {
        var tag = ID3TagBuilder(version: 4)
        tag.frame("TIT2", [0] + Array("Title".utf8) + [0, 0, 0])
        tag.frame("TPE1", [1, 0xFF, 0xFE] + ID3TagBuilder.littleEndian16("Artist") + [0, 0, 0, 0])
        tag.frame("TALB", [3, 0] + Array("Album".utf8) + [0])
        tag.frame("TPE2", [3] + Array("Tokyo 東京".utf8) + [0xFF, 0xC3])
        tag.frame("TRCK", [3] + Array("garbage".utf8))
        tag.frame("TPOS", [3] + Array("1 / 3".utf8))
        let t = try read(tag.bytes()).tags
        XCTAssertEqual(t.title, "Title")
        XCTAssertEqual(t.artist, "Artist")
        XCTAssertEqual(t.album, "Album")
        XCTAssertEqual(t.albumArtist, "Tokyo 東京\u{FFFD}\u{FFFD}")
        XCTAssertNil(t.trackNumber)
        XCTAssertNil(t.trackTotal)
        XCTAssertEqual(t.discNumber, 1)
        XCTAssertEqual(t.discTotal, 3)
    }

    /// v2.3 unsynchronises the whole tag: frame sizes count the resynchronised bytes.
    /// The picture's bytes are no longer a range of the file: no artwork, no wrong range.
    func testUnsynchronisedV23Tag() throws {
        var tag = ID3TagBuilder(version: 3)
        tag.text("TIT2", "Tÿÿ ÿ\u{FF}", encoding: 0)  // 0xFF bytes, some followed by 0xFF
        tag.text("TPE1", "ÿ Artist ÿ", encoding: 1)  // UTF-16LE "ÿ" is FF 00
        tag.frame("APIC", [0] + Array("image/jpeg".utf8) + [0, 3, 0] + FormatFixtures.fakeJPEG(size: 5000))
        tag.text("TALB", "After the picture", encoding: 0)
        let bytes = tag.bytes(unsynchronise: true)
        XCTAssertNotEqual(bytes.count, tag.bytes().count, "the fixture needs unsynchronising")
        let t = try read(bytes).tags
        XCTAssertEqual(t.title, "Tÿÿ ÿÿ")
        XCTAssertEqual(t.artist, "ÿ Artist ÿ")
        XCTAssertEqual(t.album, "After the picture")
        XCTAssertNil(t.artwork)
        XCTAssertEqual(t.problems, [])
    }

    /// v2.4 unsynchronises frame by frame (flag 0x0002); sizes count the stored bytes.
    func testUnsynchronisedV24Frames() throws {
        var tag = ID3TagBuilder(version: 4)
        let title = [0] + ID3TagBuilder.encode("ÿÿÿ", 0)
        tag.frame("TIT2", ID3TagBuilder.unsynchronise(title), flags: 0x0002)
        tag.text("TPE1", "Plain Artist")
        let picture = [0] + Array("image/jpeg".utf8) + [0, 3, 0] + FormatFixtures.fakeJPEG(size: 3000)
        tag.frame("APIC", ID3TagBuilder.unsynchronise(picture), flags: 0x0002)
        let t = try read(tag.bytes()).tags
        XCTAssertEqual(t.title, "ÿÿÿ")
        XCTAssertEqual(t.artist, "Plain Artist")
        XCTAssertNil(t.artwork)
    }

    /// iTunes and others wrote plain 32-bit sizes in v2.4 tags. The syncsafe reading of a
    /// size ≥ 128 then lands in the middle of the frame; the plain one on the next frame.
    func testNonSyncsafeV24Sizes() throws {
        var tag = ID3TagBuilder(version: 4)
        let longTitle = String(repeating: "Long title with many words ", count: 12)
        tag.text("TIT2", longTitle, plainSize: true)
        tag.text("TPE1", "Artist", plainSize: true)
        tag.text("TALB", String(repeating: "Album ", count: 50), plainSize: true)
        tag.padding = 64
        let t = try read(tag.bytes()).tags
        XCTAssertEqual(t.title, String(longTitle.dropLast()), "trailing blank trimmed")
        XCTAssertEqual(t.artist, "Artist")
        XCTAssertEqual(t.album, "Album Album" + String(repeating: " Album", count: 48))
        XCTAssertEqual(t.problems, [])

        // The last frames before the padding, where both readings may land on zeros:
        // UTF-16 text (every other byte zero) and a picture with a run of zeros right
        // where the syncsafe reading of its size ends.
        var last = ID3TagBuilder(version: 4)
        let artist = String(repeating: "Artist ", count: 21) + "End"
        last.text("TPE1", artist, encoding: 1, plainSize: true)
        let pictureHeader = [0] + Array("image/jpeg".utf8) + [0, 3, 0]
        var cover = FormatFixtures.fakeJPEG(size: 0x4A20 - pictureHeader.count)  // size bytes 00 00 4A 20
        let syncsafeEnd = 0x4A * 128 + 0x20 - pictureHeader.count
        for i in syncsafeEnd - 500..<syncsafeEnd + 1000 { cover[i] = 0 }
        last.frame("APIC", pictureHeader + cover, plainSize: true)
        last.padding = 2000
        let tags = try read(last.bytes()).tags
        XCTAssertEqual(tags.artist, artist)
        let artwork = try XCTUnwrap(tags.artwork)
        try XCTAssertArtwork(artwork, in: path, equals: cover)
        XCTAssertEqual(tags.problems, [])
    }

    func testExtendedHeadersFooterAndPadding() throws {
        var v23 = ID3TagBuilder(version: 3)
        v23.flags = 0x40
        v23.extendedHeader = [0, 0, 0, 6, 0, 0, 0, 0, 0, 0]
        v23.text("TIT2", "Extended 2.3", encoding: 0)
        v23.padding = 50_000  // the audio starts beyond the first read
        XCTAssertEqual(try read(v23.bytes()).tags.title, "Extended 2.3")

        var v24 = ID3TagBuilder(version: 4)
        v24.flags = 0x40 | 0x10
        v24.extendedHeader = [0, 0, 0, 6, 1, 0]
        v24.text("TIT2", "Extended 2.4 with footer")
        var bytes = v24.bytes()
        bytes += Array("3DI".utf8) + bytes[3..<10]
        let info = try read(bytes)
        XCTAssertEqual(info.tags.title, "Extended 2.4 with footer")
        XCTAssertEqual(info.tags.problems, [])
    }

    func testGenreReferences() throws {
        let cases: [(String, [String])] = [
            ("(17)", ["Rock"]), ("(17)Rock", ["Rock"]), ("17", ["Rock"]), ("(RX)", ["Remix"]), ("(CR)", ["Cover"]),
            ("(4)(17)Eurodisco", ["Disco", "Rock", "Eurodisco"]), ("Rock;Jazz", ["Rock", "Jazz"]),
            ("Trip-Hop; 8", ["Trip-Hop", "Jazz"]), ("((Live) Set", ["(Live) Set"]), ("(191)", ["Psybient"]),
            ("(255)", []), ("R&B/Soul", ["R&B/Soul"]),
        ]
        for (written, expected) in cases {
            var tag = ID3TagBuilder(version: 3)
            tag.text("TCON", written, encoding: 0)
            XCTAssertEqual(try read(tag.bytes()).tags.genres, expected, written)
        }
    }
}
