import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Tags written by mutagen (the tagger behind Picard and beets): ID3v2.3 and 2.4 in
/// each text encoding, read back unchanged.
final class MutagenTagTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(MP3Fixtures.hasMutagen, "python3-mutagen is not installed (deploy/install-deps.sh)")
        dir = try AudioFixtures.temporaryDirectory("mp3mutagen")
    }

    override func tearDownWithError() throws {
        if !dir.isEmpty { try FileManager.default.removeItem(atPath: dir) }
    }

    /// argv: path, ID3v2 minor version (3 or 4), text encoding (0-3), title, cover path.
    private let script = """
        import sys
        from mutagen.id3 import (ID3, TIT2, TPE1, TALB, TPE2, TRCK, TPOS, TCON, TCMP, TDRC, TXXX, APIC,
                                 TYER, TDAT, Encoding)
        path, version, enc, title, cover = sys.argv[1], int(sys.argv[2]), Encoding(int(sys.argv[3])), sys.argv[4], sys.argv[5]
        tag = ID3()
        tag.add(TIT2(encoding=enc, text=[title]))
        tag.add(TPE1(encoding=enc, text=["Björk"]))
        tag.add(TALB(encoding=enc, text=["Homogenic"]))
        tag.add(TPE2(encoding=enc, text=["Various Artists"]))
        tag.add(TRCK(encoding=enc, text=["3/12"]))
        tag.add(TPOS(encoding=enc, text=["2/2"]))
        tag.add(TCON(encoding=enc, text=["(17)"]))
        tag.add(TCMP(encoding=enc, text=["1"]))
        if version == 4:
            tag.add(TDRC(encoding=enc, text=["1997-09-22"]))
        else:
            tag.add(TYER(encoding=enc, text=["1997"]))
            tag.add(TDAT(encoding=enc, text=["2209"]))
        tag.add(TXXX(encoding=enc, desc="MusicBrainz Album Id", text=["b1a9c0e6-1f2b-4c3d-9e8f-0a1b2c3d4e5f"]))
        tag.add(TXXX(encoding=enc, desc="replaygain_track_gain", text=["-6.20 dB"]))
        tag.add(TXXX(encoding=enc, desc="replaygain_track_peak", text=["0.988831"]))
        tag.add(TXXX(encoding=enc, desc="REPLAYGAIN_ALBUM_GAIN", text=["+1.5 dB"]))
        tag.add(TXXX(encoding=enc, desc="replaygain_album_peak", text=["1.000000"]))
        tag.add(APIC(encoding=enc, mime="image/jpeg", type=3, desc="Cövér" if enc == 0 else "Cövér ☃", data=open(cover, "rb").read()))
        tag.save(path, v2_version=version, v1=0)
        """

    private func tagged(version: Int, encoding: Int, title: String, cover: [UInt8]) throws -> String {
        let path = "\(dir)/v\(version)-e\(encoding).mp3"
        try MP3Fixtures.lame(path, seconds: 0.6)
        try FormatFixtures.write(cover, to: dir + "/cover.jpg")
        try MP3Fixtures.python(script, [path, String(version), String(encoding), title, dir + "/cover.jpg"])
        return path
    }

    func testEveryVersionAndEncoding() throws {
        let cover = FormatFixtures.fakeJPEG(size: 40_000)
        // mutagen writes v2.3 with Latin-1 or UTF-16 only (it converts 2 and 3 to 1).
        let cases = [(3, 0), (3, 1), (4, 0), (4, 1), (4, 2), (4, 3)]
        for (version, encoding) in cases {
            let label = "v2.\(version), encoding \(encoding)"
            let title = encoding == 0 ? "Jóga · Ünïcödé ß" : "Jóga 日本語 🎧"
            let path = try tagged(version: version, encoding: encoding, title: title, cover: cover)
            let info = try MP3FileInfo.read(path: path)
            let tags = info.tags
            XCTAssertEqual(tags.id3v2Version, version, label)
            XCTAssertEqual(tags.title, title, label)
            XCTAssertEqual(tags.artist, "Björk", label)
            XCTAssertEqual(tags.album, "Homogenic", label)
            XCTAssertEqual(tags.albumArtist, "Various Artists", label)
            XCTAssertEqual(tags.trackNumber, 3, label)
            XCTAssertEqual(tags.trackTotal, 12, label)
            XCTAssertEqual(tags.discNumber, 2, label)
            XCTAssertEqual(tags.discTotal, 2, label)
            XCTAssertEqual(tags.genres, ["Rock"], label)
            XCTAssertTrue(tags.compilation, label)
            XCTAssertEqual(tags.year, 1997, label)
            XCTAssertEqual(tags.date, "1997-09-22", label)
            XCTAssertEqual(tags.musicBrainzAlbumID, "b1a9c0e6-1f2b-4c3d-9e8f-0a1b2c3d4e5f", label)
            XCTAssertEqual(tags.replayGain, ReplayGain(trackGain: -6.2, trackPeak: 0.988831, albumGain: 1.5, albumPeak: 1),
                           label)
            XCTAssertEqual(tags.problems, [], label)
            XCTAssertFalse(tags.hasID3v1, label)
            let artwork = try XCTUnwrap(tags.artwork, label)
            XCTAssertEqual(artwork.mimeType, "image/jpeg", label)
            try XCTAssertArtwork(artwork, in: path, equals: cover, label)
            XCTAssertTrue(info.audio.exact, label)
        }
    }

    /// ID3v2.4 separates several values with NUL.
    func testSeveralGenresInV24() throws {
        let path = dir + "/genres.mp3"
        try MP3Fixtures.lame(path, seconds: 0.6)
        try MP3Fixtures.python("""
            import sys
            from mutagen.id3 import ID3, TCON
            tag = ID3()
            tag.add(TCON(encoding=3, text=["Rock", "17", "Trip-Hop", "(32)"]))
            tag.save(sys.argv[1], v2_version=4)
            """, [path])
        XCTAssertEqual(try MP3FileInfo.read(path: path).tags.genres, ["Rock", "Trip-Hop", "Classical"])
    }
}
