import CrateFormats
import Foundation
import TestSupport
import XCTest

/// iTunes-style tags as ffmpeg writes them, and the items it does not write (sort
/// names, compilation, numeric genre, MusicBrainz and ReplayGain freeform items) added
/// by hand.
final class MP4TagTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("mp4tags") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private func tagged(_ name: String, extra: [String] = []) throws -> (path: String, cover: [UInt8]) {
        let cover = try MP4Fixtures.coverJPEG(dir + "/cover.jpg")
        let path = dir + "/" + name
        try MP4Fixtures.encode(MP4Fixtures.sweep(frames: 30000), to: path, inputs: ["-i", dir + "/cover.jpg"], options: [
            "-map", "0", "-map", "1", "-c:a", "aac", "-b:a", "128k", "-c:v", "copy", "-disposition:v", "attached_pic",
            "-metadata", "title=Señor Title", "-metadata", "artist=The Artist", "-metadata", "album_artist=Various Hands",
            "-metadata", "album=An Album", "-metadata", "track=3/12", "-metadata", "disc=1/2",
            "-metadata", "genre=Jazz", "-metadata", "date=2004-05-17",
        ] + extra)
        return (path, cover)
    }

    func testTagsAndCoverWrittenByFFmpeg() throws {
        let (path, cover) = try tagged("tags.m4a")
        let metadata = try FormatRegistry.readMetadata(path: path)
        let tags = metadata.tags
        XCTAssertEqual(tags.title, "Señor Title")
        XCTAssertEqual(tags.artist, "The Artist")
        XCTAssertEqual(tags.albumArtist, "Various Hands")
        XCTAssertEqual(tags.album, "An Album")
        XCTAssertEqual(tags.trackNumber, 3)
        XCTAssertEqual(tags.trackTotal, 12)
        XCTAssertEqual(tags.discNumber, 1)
        XCTAssertEqual(tags.discTotal, 2)
        XCTAssertEqual(tags.genres, ["Jazz"])
        XCTAssertEqual(tags.date, "2004-05-17")
        XCTAssertEqual(tags.year, 2004)
        XCTAssertFalse(tags.compilation)
        XCTAssertEqual(tags.problems, [])
        let artwork = try XCTUnwrap(tags.artwork, "the cover is found")
        XCTAssertEqual(artwork.mimeType, "image/jpeg")
        let file = try FormatFixtures.bytes(path)
        XCTAssertEqual(Array(file[artwork.offset..<artwork.offset + artwork.length]), cover, "the range is the image")
        XCTAssertNil(try FormatRegistry.embeddedPicture(path: path), "a byte range needs no extraction")
        XCTAssertEqual(metadata.stream.sampleRate, 44100)
        XCTAssertEqual(metadata.stream.channels, 2)
        XCTAssertEqual(metadata.stream.bitsPerSample, 16)
        XCTAssertEqual(metadata.stream.durationFrames, 30000)
        let bitrate = try XCTUnwrap(metadata.stream.bitrate)
        XCTAssertTrue((90...170).contains(bitrate), "about the 128 kbit/s asked for: \(bitrate)")
    }

    func testItemsFFmpegDoesNotWrite() throws {
        let (path, _) = try tagged("more.m4a")
        var editor = MP4BoxEditor(try FormatFixtures.bytes(path))
        // Only the numeric genre: the text one is renamed out of the way.
        try editor.rename(["moov", "udta", "meta", "ilst", "©gen"], to: "xgen")
        try editor.appendToILST(
            MP4BoxEditor.text("soar", "Artist, The") + MP4BoxEditor.text("soaa", "Hands, Various")
                + MP4BoxEditor.text("soal", "Album, An") + MP4BoxEditor.text("sonm", "Title")
                + MP4BoxEditor.item("cpil", dataType: 21, [1]) + MP4BoxEditor.item("gnre", dataType: 0, [0, 10])
                + MP4BoxEditor.freeform("MusicBrainz Album Id", "9e8f4b3c-1111-2222-3333-444455556666")
                + MP4BoxEditor.freeform("replaygain_track_gain", "-6.20 dB")
                + MP4BoxEditor.freeform("replaygain_track_peak", "0.988")
                + MP4BoxEditor.freeform("REPLAYGAIN_ALBUM_GAIN", "+1.50 dB")
                + MP4BoxEditor.freeform("replaygain_album_peak", "1.0"))
        try FormatFixtures.write(editor.bytes, to: path)
        let tags = try FormatRegistry.readMetadata(path: path).tags
        XCTAssertEqual(tags.artistSort, "Artist, The")
        XCTAssertEqual(tags.albumArtistSort, "Hands, Various")
        XCTAssertEqual(tags.albumSort, "Album, An")
        XCTAssertTrue(tags.compilation)
        XCTAssertEqual(tags.genres, ["Metal"], "gnre 10 is ID3v1 genre 9")
        XCTAssertEqual(tags.musicBrainzAlbumID, "9e8f4b3c-1111-2222-3333-444455556666")
        XCTAssertEqual(tags.replayGain, ReplayGain(trackGain: -6.2, trackPeak: 0.988, albumGain: 1.5, albumPeak: 1.0))
        XCTAssertEqual(tags.title, "Señor Title", "the items before still read")
        XCTAssertEqual(tags.problems, [])
        // The audio is untouched by all this.
        XCTAssertEqual(try DecodeAll.samples32(path).samples.count, 30000 * 2)
    }

    /// A PNG cover typed by its data box, and a damaged item after good ones: the good
    /// ones stay and the damage is listed.
    func testPNGCoverAndDamagedItem() throws {
        let path = dir + "/png.m4a"
        try MP4Fixtures.encode(MP4Fixtures.sweep(frames: 20000), to: path, options: ["-c:a", "aac", "-metadata", "title=Kept"])
        let png: [UInt8] = [0x89] + Array("PNG\r\n\u{1A}\n".utf8) + [UInt8](repeating: 0x42, count: 300)
        var editor = MP4BoxEditor(try FormatFixtures.bytes(path))
        var broken = MP4BoxEditor.text("©alb", "Lost")
        broken[3] = 200  // claims more than the tag holds
        try editor.appendToILST(MP4BoxEditor.item("covr", dataType: 14, png) + broken)
        try FormatFixtures.write(editor.bytes, to: path)
        let tags = try FormatRegistry.readMetadata(path: path).tags
        XCTAssertEqual(tags.title, "Kept")
        XCTAssertNil(tags.album)
        XCTAssertEqual(tags.problems, ["item '©alb' runs past the end of the tags"])
        let artwork = try XCTUnwrap(tags.artwork)
        XCTAssertEqual(artwork.mimeType, "image/png")
        let file = try FormatFixtures.bytes(path)
        XCTAssertEqual(Array(file[artwork.offset..<artwork.offset + artwork.length]), png)
    }
}
