import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Tags as `lame` writes them (ID3v2.3, Latin-1 or UTF-16, ID3v1), read back the way a
/// person reads them.
final class LameTagTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("mp3lame") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private var albumOptions: [String] {
        ["--tt", "Grüße aus Köln", "--ta", "Die Ärzte", "--tl", "Das Album", "--ty", "1998", "--tn", "3/12",
         "--tg", "Rock", "--tc", "a comment", "--tv", "TPE2=Various Artists", "--tv", "TPOS=2/2",
         "--tv", "TCMP=1", "--tv", "TXXX=MusicBrainz Album Id=6d7f3a5e-0c1e-4a4b-9d1a-3f2b1c0e9a77",
         "--tv", "TXXX=replaygain_track_gain=-6.20 dB", "--tv", "TXXX=replaygain_track_peak=0.988831",
         "--tv", "TXXX=replaygain_album_gain=-5.5 dB", "--tv", "TXXX=replaygain_album_peak=1.02"]
    }

    func testAlbumTagsWithCover() throws {
        let cover = FormatFixtures.fakeJPEG()
        try FormatFixtures.write(cover, to: dir + "/cover.jpg")
        let path = dir + "/track.mp3"
        try MP3Fixtures.lame(path, options: albumOptions + ["--ti", dir + "/cover.jpg"])
        let tags = try MP3FileInfo.read(path: path).tags
        XCTAssertEqual(tags.title, "Grüße aus Köln")
        XCTAssertEqual(tags.artist, "Die Ärzte")
        XCTAssertEqual(tags.album, "Das Album")
        XCTAssertEqual(tags.albumArtist, "Various Artists")
        XCTAssertEqual(tags.trackNumber, 3)
        XCTAssertEqual(tags.trackTotal, 12)
        XCTAssertEqual(tags.discNumber, 2)
        XCTAssertEqual(tags.discTotal, 2)
        XCTAssertEqual(tags.year, 1998)
        XCTAssertEqual(tags.date, "1998")
        XCTAssertEqual(tags.genres, ["Rock"])
        XCTAssertTrue(tags.compilation)
        XCTAssertEqual(tags.musicBrainzAlbumID, "6d7f3a5e-0c1e-4a4b-9d1a-3f2b1c0e9a77")
        XCTAssertEqual(tags.replayGain, ReplayGain(trackGain: -6.2, trackPeak: 0.988831, albumGain: -5.5, albumPeak: 1.02))
        XCTAssertEqual(tags.id3v2Version, 3)
        XCTAssertTrue(tags.hasID3v1)
        XCTAssertEqual(tags.problems, [])

        let artwork = try XCTUnwrap(tags.artwork)
        XCTAssertEqual(artwork.mimeType, "image/jpeg")
        XCTAssertEqual(artwork.length, cover.count)
        try XCTAssertArtwork(artwork, in: path, equals: cover)
    }

    func testUTF16AndLatin1Encodings() throws {
        let japanese = "東京の夜 — ナイト"
        let utf16 = dir + "/utf16.mp3"
        try MP3Fixtures.lame(utf16, options: ["--id3v2-only", "--id3v2-utf16", "--tt", japanese, "--ta", "Ünïcödé",
                                              "--tl", "Ελληνικά"])
        let u = try MP3FileInfo.read(path: utf16).tags
        XCTAssertEqual(u.title, japanese)
        XCTAssertEqual(u.artist, "Ünïcödé")
        XCTAssertEqual(u.album, "Ελληνικά")
        XCTAssertFalse(u.hasID3v1)

        let latin1 = dir + "/latin1.mp3"
        try MP3Fixtures.lame(latin1, options: ["--id3v2-only", "--id3v2-latin1", "--tt", "Café Müller", "--ta", "Øresund"])
        let l = try MP3FileInfo.read(path: latin1).tags
        XCTAssertEqual(l.title, "Café Müller")
        XCTAssertEqual(l.artist, "Øresund")
    }

    func testID3v1Only() throws {
        let path = dir + "/v1.mp3"
        try MP3Fixtures.lame(path, options: ["--id3v1-only", "--tt", "Old School", "--ta", "Some Band", "--tl", "Record",
                                             "--ty", "1987", "--tn", "7", "--tg", "17"])
        let tags = try MP3FileInfo.read(path: path).tags
        XCTAssertNil(tags.id3v2Version)
        XCTAssertTrue(tags.hasID3v1)
        XCTAssertEqual(tags.title, "Old School")
        XCTAssertEqual(tags.artist, "Some Band")
        XCTAssertEqual(tags.album, "Record")
        XCTAssertEqual(tags.year, 1987)
        XCTAssertEqual(tags.trackNumber, 7)
        XCTAssertEqual(tags.genres, ["Rock"])
    }

    /// ID3v2 wins; ID3v1 fills what ID3v2 lacks.
    func testID3v1FillsGaps() throws {
        let path = dir + "/both.mp3"
        try MP3Fixtures.lame(path, options: ["--tt", "Title", "--tg", "Jazz"])
        var bytes = try FormatFixtures.bytes(path)
        // Give the ID3v1 tag an album the ID3v2 tag does not have, and a different title.
        let v1 = bytes.count - 128
        XCTAssertEqual(Array(bytes[v1..<v1 + 3]), Array("TAG".utf8))
        for (i, byte) in "Other Title".utf8.enumerated() { bytes[v1 + 3 + i] = byte }
        for (i, byte) in "Only In V1".utf8.enumerated() { bytes[v1 + 63 + i] = byte }
        try FormatFixtures.write(bytes, to: path)
        let tags = try MP3FileInfo.read(path: path).tags
        XCTAssertEqual(tags.title, "Title")
        XCTAssertEqual(tags.album, "Only In V1")
        XCTAssertEqual(tags.genres, ["Jazz"])
    }
}
