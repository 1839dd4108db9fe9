@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Tags written by `metaflac` read back as the library shows them, the cover as a byte
/// range of the file, and the stream facts from STREAMINFO.
final class FLACTagTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("flactags") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    func testTagsAndFrontCoverReadBack() throws {
        let path = "\(dir)/tagged.flac"
        let framesIn = try FLACFixtures.encode(path, seconds: 1.5)
        let back = FormatFixtures.fakeJPEG(size: 3000), front = FormatFixtures.fakeJPEG(size: 40000)
        try FormatFixtures.write(back, to: "\(dir)/back.jpg")
        try FormatFixtures.write(front, to: "\(dir)/front.jpg")
        let tags = [
            "TITLE=Ça plane pour moi – Ωμέγα", "ARTIST=First Artist", "ARTIST=Second Artist", "ALBUM=The Album",
            "ALBUMARTIST=Various Artists", "TRACKNUMBER=3/12", "DISCNUMBER=2", "DISCTOTAL=3", "DATE=2004-05-17",
            "GENRE=Rock", "GENRE=Jazz", "COMPILATION=1", "MUSICBRAINZ_ALBUMID=9e8f3c2a-1b2c-4d5e-8f90-123456789abc",
            "ARTISTSORT=Artist, First", "ALBUMARTISTSORT=Artists, Various", "ALBUMSORT=Album, The",
            "REPLAYGAIN_TRACK_GAIN=-6.20 dB", "REPLAYGAIN_TRACK_PEAK=0.988", "REPLAYGAIN_ALBUM_GAIN=-5.5 dB",
            "REPLAYGAIN_ALBUM_PEAK=1.0",
        ]
        // The back cover comes first: the front cover (type 3) must still be the one shown.
        try FLACFixtures.metaflac(tags.map { "--set-tag=\($0)" } + [
            "--import-picture-from=4|image/jpeg|back|10x10x24|\(dir)/back.jpg",
            "--import-picture-from=3|image/jpeg|front|10x10x24|\(dir)/front.jpg", path,
        ])

        let metadata = try FormatRegistry.readMetadata(path: path)
        let t = metadata.tags
        XCTAssertEqual(t.title, "Ça plane pour moi – Ωμέγα")
        XCTAssertEqual(t.artist, "First Artist; Second Artist")
        XCTAssertEqual(t.album, "The Album")
        XCTAssertEqual(t.albumArtist, "Various Artists")
        XCTAssertEqual(t.trackNumber, 3)
        XCTAssertEqual(t.trackTotal, 12)
        XCTAssertEqual(t.discNumber, 2)
        XCTAssertEqual(t.discTotal, 3)
        XCTAssertEqual(t.date, "2004-05-17")
        XCTAssertEqual(t.year, 2004)
        XCTAssertEqual(t.genres, ["Rock", "Jazz"])
        XCTAssertTrue(t.compilation)
        XCTAssertEqual(t.musicBrainzAlbumID, "9e8f3c2a-1b2c-4d5e-8f90-123456789abc")
        XCTAssertEqual(t.artistSort, "Artist, First")
        XCTAssertEqual(t.albumArtistSort, "Artists, Various")
        XCTAssertEqual(t.albumSort, "Album, The")
        XCTAssertEqual(t.replayGain, ReplayGain(trackGain: -6.2, trackPeak: 0.988, albumGain: -5.5, albumPeak: 1.0))
        XCTAssertEqual(t.problems, [])

        let artwork = try XCTUnwrap(t.artwork)
        XCTAssertEqual(artwork.mimeType, "image/jpeg")
        XCTAssertEqual(artwork.length, front.count)
        let file = try FormatFixtures.bytes(path)
        XCTAssertTrue(file[artwork.offset..<artwork.offset + artwork.length].elementsEqual(front),
                      "the byte range is the front cover")

        let s = metadata.stream
        XCTAssertEqual(s.codec, "FLAC")
        XCTAssertTrue(s.lossless)
        XCTAssertEqual(s.durationFrames, framesIn)
        let audioBytes = file.count - FLACFixtures.audioStart(file)
        XCTAssertEqual(s.bitrate, Int((Double(audioBytes) * 8 / 1.5 / 1000).rounded()), "audio bytes only, not the cover")
    }

    func testFirstPictureWhenThereIsNoFrontCover() throws {
        let path = "\(dir)/other.flac"
        try FLACFixtures.encode(path, seconds: 0.5)
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + FormatFixtures.fakeJPEG(size: 500)
        let jpeg = FormatFixtures.fakeJPEG(size: 700)
        try FormatFixtures.write(png, to: "\(dir)/a.png")
        try FormatFixtures.write(jpeg, to: "\(dir)/b.jpg")
        try FLACFixtures.metaflac(["--import-picture-from=0|image/png|first|1x1x24|\(dir)/a.png",
                                   "--import-picture-from=8|image/jpeg|second|1x1x24|\(dir)/b.jpg", path])
        let artwork = try XCTUnwrap(try FormatRegistry.readMetadata(path: path).tags.artwork)
        XCTAssertEqual(artwork.mimeType, "image/png")
        XCTAssertTrue(try FormatFixtures.bytes(path)[artwork.offset..<artwork.offset + artwork.length].elementsEqual(png))
    }

    func testUntaggedFileHasNoTagsAndNoProblems() throws {
        let path = "\(dir)/bare.flac"
        try FLACFixtures.encode(path, seconds: 0.5)
        let tags = try FormatRegistry.readMetadata(path: path).tags
        XCTAssertNil(tags.title)
        XCTAssertNil(tags.artwork)
        XCTAssertEqual(tags.problems, [])
    }

    /// Some taggers put an ID3v2 tag in front of a FLAC file; the FLAC behind it is read
    /// and played as if the tag were not there.
    func testID3TagInFrontIsSkipped() throws {
        let path = "\(dir)/id3.flac"
        try FLACFixtures.encode(path, seconds: 1)
        try FLACFixtures.metaflac(["--set-tag=TITLE=Behind an ID3 tag", path])
        let reference = try FLACFixtures.reference(path, channels: 2, bits: 16)
        let flac = try FormatFixtures.bytes(path)
        for padding in [0, 2000] {
            // ID3v2.3, no flags, a syncsafe size of `padding` zero bytes.
            let id3: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, UInt8(padding >> 7), UInt8(padding & 0x7F)]
                + [UInt8](repeating: 0, count: padding)
            try FormatFixtures.write(id3 + flac, to: path)
            let format = FLACFormat()
            XCTAssertEqual(try format.readMetadata(path: path).tags.title, "Behind an ID3 tag", "padding \(padding)")
            let decoder = try format.makeDecoder(source: try FileByteSource(path: path), path: path)
            XCTAssertSamplesEqual(try FLACFixtures.readAll(decoder), reference, "padding \(padding)")
        }
        // A tag small enough for the probe to see past is recognised by content, too.
        try FormatFixtures.write(Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 0] + flac, to: path)
        XCTAssertEqual(try FormatRegistry.format(ofFile: path).name, "FLAC")
    }
}
