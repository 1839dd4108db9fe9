@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Tags, pictures and gains of Ogg Vorbis and Opus files written by the encoders'
/// own tag options and by `vorbiscomment`.
final class OggMetadataTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("oggtags") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    func testVorbisTagsWithSeveralArtistsAndGenres() throws {
        let path = "\(dir)/tags.ogg"
        try OggFixtures.vorbis(path, options: [
            "-t", "Título", "-a", "Artist One", "-c", "ARTIST=Second Artist", "-l", "The Album", "-N", "3",
            "-G", "Jazz", "-c", "GENRE=Blues", "-d", "2004-05-17", "-c", "ALBUMARTIST=Various", "-c", "TRACKTOTAL=12",
            "-c", "DISCNUMBER=1/2", "-c", "REPLAYGAIN_TRACK_GAIN=-6.20 dB", "-c", "REPLAYGAIN_ALBUM_PEAK=0.98",
        ])
        let metadata = try FormatRegistry.readMetadata(path: path)
        let tags = metadata.tags
        XCTAssertEqual(tags.title, "Título")
        // In the file's order: oggenc writes the -c comments first.
        XCTAssertEqual(tags.artist, "Second Artist; Artist One")
        XCTAssertEqual(tags.album, "The Album")
        XCTAssertEqual(tags.albumArtist, "Various")
        XCTAssertEqual(tags.trackNumber, 3)
        XCTAssertEqual(tags.trackTotal, 12)
        XCTAssertEqual(tags.discNumber, 1)
        XCTAssertEqual(tags.discTotal, 2)
        XCTAssertEqual(tags.year, 2004)
        XCTAssertEqual(tags.date, "2004-05-17")
        XCTAssertEqual(tags.genres, ["Blues", "Jazz"])
        XCTAssertEqual(tags.replayGain, ReplayGain(trackGain: -6.2, albumPeak: 0.98))
        XCTAssertNil(tags.artwork)
        XCTAssertEqual(tags.problems, [])
        XCTAssertFalse(metadata.stream.lossless)
        XCTAssertEqual(metadata.stream.bitsPerSample, 16)
        XCTAssertEqual(metadata.stream.bitrate, 112, "oggenc -q 3 at 44.1 kHz stereo announces 112 kbit/s")
    }

    /// R128 gains are Q7.8 dB towards −23 LUFS; ReplayGain's reference is 5 dB louder.
    /// ReplayGain tags, when present, win.
    func testOpusTagsAndR128Gains() throws {
        let path = "\(dir)/tags.opus"
        try OggFixtures.opus(path, options: [
            "--title", "Song", "--artist", "A", "--artist", "B", "--album", "Album", "--genre", "Rock",
            "--genre", "Pop; Indie", "--tracknumber", "5", "--date", "2001",
            "--comment", "R128_TRACK_GAIN=-2560", "--comment", "R128_ALBUM_GAIN=512",
        ])
        let metadata = try FormatRegistry.readMetadata(path: path)
        XCTAssertEqual(metadata.tags.title, "Song")
        XCTAssertEqual(metadata.tags.artist, "A; B")
        XCTAssertEqual(metadata.tags.genres, ["Rock", "Pop", "Indie"])
        XCTAssertEqual(metadata.tags.trackNumber, 5)
        XCTAssertEqual(metadata.tags.year, 2001)
        XCTAssertEqual(metadata.tags.replayGain, ReplayGain(trackGain: -5, albumGain: 7))
        XCTAssertEqual(metadata.tags.problems, [])
        XCTAssertNotNil(metadata.stream.bitrate)

        let tagged = "\(dir)/replaygain.opus"
        try OggFixtures.opus(tagged, frames: 9600, options: [
            "--comment", "R128_TRACK_GAIN=-2560", "--comment", "REPLAYGAIN_TRACK_GAIN=-3.5 dB",
        ])
        XCTAssertEqual(try FormatRegistry.readMetadata(path: tagged).tags.replayGain, ReplayGain(trackGain: -3.5))
    }

    /// A 200 KB picture makes the comment header run over several pages: tags, picture
    /// and the exact length are all still read, and the picture's bytes come back whole.
    func testOpusPictureInACommentHeaderOfManyPages() throws {
        let image = FormatFixtures.fakeJPEG(size: 200_000)
        let cover = "\(dir)/cover.jpg"
        try FormatFixtures.write(image, to: cover)
        let path = "\(dir)/picture.opus"
        try OggFixtures.opus(path, options: ["--title", "With Cover", "--picture", cover])
        XCTAssertGreaterThan(try headerPages(path), 3, "the fixture's comment header spans pages")

        let metadata = try FormatRegistry.readMetadata(path: path)
        XCTAssertEqual(metadata.tags.title, "With Cover")
        XCTAssertEqual(metadata.tags.artwork, .encoded(length: image.count, mimeType: "image/jpeg"))
        XCTAssertEqual(metadata.stream.durationFrames, 48000 + 577)
        XCTAssertTrue(metadata.stream.exact)
        let picture = try XCTUnwrap(try FormatRegistry.embeddedPicture(path: path))
        XCTAssertTrue(picture == image, "the picture's bytes (\(picture.count) of \(image.count))")
        XCTAssertEqual(try DecodeAll.samples16(path).samples.count, (48000 + 577) * 2)
    }

    /// The same in Vorbis, written by vorbiscomment; of two pictures the front cover is
    /// the one shown, whatever its place.
    func testVorbisFrontCoverAmongPictures() throws {
        let path = "\(dir)/picture.ogg"
        try OggFixtures.vorbis(path)
        let back = FormatFixtures.fakeJPEG(size: 5000)
        let front = FormatFixtures.fakeJPEG(size: 250_000)
        try OggFixtures.writeComments([
            "TITLE=Covers", "METADATA_BLOCK_PICTURE=" + OggFixtures.pictureComment(back, type: 4),
            "METADATA_BLOCK_PICTURE=" + OggFixtures.pictureComment(front, type: 3, mime: "image/JPEG"),
        ], to: path)
        XCTAssertGreaterThan(try headerPages(path), 3)
        let metadata = try FormatRegistry.readMetadata(path: path)
        XCTAssertEqual(metadata.tags.title, "Covers")
        XCTAssertEqual(metadata.tags.artwork, .encoded(length: front.count, mimeType: "image/jpeg"))
        XCTAssertEqual(metadata.stream.durationFrames, 44100 + 577)
        XCTAssertTrue(try FormatRegistry.embeddedPicture(path: path) == front)
        XCTAssertNil(try FormatRegistry.embeddedPicture(path: writeBare()))
    }

    /// A damaged picture comment is a problem of the tags, not of the file.
    func testDamagedPictureIsAProblemNotAFailure() throws {
        let path = "\(dir)/badpicture.ogg"
        try OggFixtures.vorbis(path, frames: 10000)
        let block = OggFixtures.pictureComment(FormatFixtures.fakeJPEG(size: 3000))
        try OggFixtures.writeComments(["TITLE=Still Here", "METADATA_BLOCK_PICTURE=" + block.prefix(40),
                                       "METADATA_BLOCK_PICTURE=not*base64"], to: path)
        let tags = try FormatRegistry.readMetadata(path: path).tags
        XCTAssertEqual(tags.title, "Still Here")
        XCTAssertNil(tags.artwork)
        XCTAssertEqual(tags.problems, ["METADATA_BLOCK_PICTURE 1 is damaged; not used",
                                       "METADATA_BLOCK_PICTURE 2 is damaged; not used"])
        XCTAssertNil(try FormatRegistry.embeddedPicture(path: path))
    }

    /// `oggenc -k` puts an Ogg Skeleton stream first: no Vorbis signature where the probe
    /// looks, so the name decides, and the Vorbis stream behind the skeleton is read.
    func testSkeletonStreamFirst() throws {
        let path = "\(dir)/skeleton.ogg"
        try OggFixtures.vorbis(path, frames: 22050 + 5, options: ["-k", "-t", "Boned"])
        XCTAssertNil(FormatRegistry.format(forHead: Array(try FormatFixtures.bytes(path).prefix(64))))
        let metadata = try FormatRegistry.readMetadata(path: path)
        XCTAssertEqual(metadata.tags.title, "Boned")
        XCTAssertEqual(metadata.stream.durationFrames, 22050 + 5)
        XCTAssertTrue(metadata.stream.exact)
        let (decoder, decoded) = try DecodeAll.samples16(path)
        XCTAssertEqual(decoder.totalFrames, 22050 + 5)
        XCTAssertEqual(decoded.count, (22050 + 5) * 2)
    }

    func testBase64() {
        for text in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            let encoded = Data(text.utf8).base64EncodedString()
            XCTAssertEqual(Base64.decode(encoded), Array(text.utf8), text)
            XCTAssertEqual(Base64.decodedLength(encoded), text.utf8.count, text)
        }
        XCTAssertEqual(Base64.decode("Zm9v\nYmFy"), Array("foobar".utf8), "line breaks are skipped")
        XCTAssertEqual(Base64.decode("Zm9vYmFy", limit: 4), Array("foob".utf8))
        XCTAssertNil(Base64.decode("Zm9v*mFy"))
        XCTAssertNil(Base64.decode("Zg==Zg=="), "nothing may follow the padding")
    }

    private func writeBare() throws -> String {
        let path = "\(dir)/bare.ogg"
        try OggFixtures.vorbis(path, frames: 5000)
        return path
    }

    /// The number of pages before the first page with audio (granule above 0).
    private func headerPages(_ path: String) throws -> Int {
        let bytes = try FormatFixtures.bytes(path)
        var offset = 0
        var pages = 0
        while let page = OggPage(bytes, at: offset), page.granule <= 0 {
            pages += 1
            offset += page.length
        }
        return pages
    }
}
