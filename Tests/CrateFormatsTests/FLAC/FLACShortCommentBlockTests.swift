@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Old taggers added comments without growing the VORBIS_COMMENT block's declared
/// length. Such a file's tags are read past the declared end (up to the next block
/// header or the first audio frame), a warning says so, and the audio plays as `flac -d`
/// decodes it.
final class FLACShortCommentBlockTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("flacshort") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// A tagged file whose comment block declares `cut` bytes fewer than it holds (its
    /// last comments then lie past the declared end), and `flac -d`'s samples of it as written.
    static func shortBlockFile(_ path: String, cut: Int, keepPadding: Bool) throws -> [Int32] {
        try FLACFixtures.encode(path, seconds: 1.2)
        try FLACFixtures.metaflac(["--set-tag=TITLE=Blue in Green", "--set-tag=ARTIST=Miles Davis",
                                   "--set-tag=ALBUM=Kind of Blue", "--set-tag=TRACKNUMBER=3", "--set-tag=DATE=1959", path])
        if !keepPadding { try FLACFixtures.metaflac(["--remove", "--block-type=PADDING", "--dont-use-padding", path]) }
        let reference = try FLACFixtures.reference(path, channels: 2, bits: 16)
        try FormatFixtures.shortenFLACCommentBlock(path, by: cut)
        return reference
    }

    func testTagsPastTheDeclaredEndAreReadWithAWarningAndTheAudioPlaysExactly() throws {
        // "DATE=1959" (4 + 9 bytes) and "TRACKNUMBER=3" (4 + 13) lie past the declared end.
        for keepPadding in [true, false] {
            let label = keepPadding ? "padding after the comments" : "audio right after the comments"
            let path = "\(dir)/short-\(keepPadding).flac"
            let reference = try Self.shortBlockFile(path, cut: 13 + 17, keepPadding: keepPadding)

            let metadata = try FormatRegistry.readMetadata(path: path)
            XCTAssertEqual(metadata.tags.title, "Blue in Green", label)
            XCTAssertEqual(metadata.tags.album, "Kind of Blue", label)
            XCTAssertEqual(metadata.tags.trackNumber, 3, label)
            XCTAssertEqual(metadata.tags.year, 1959, label)
            XCTAssertEqual(metadata.tags.problems.count, 1, "\(label): \(metadata.tags.problems)")
            XCTAssertTrue(metadata.tags.problems.first?.contains("declares") == true, "\(label): \(metadata.tags.problems)")
            XCTAssertEqual(metadata.stream.durationFrames, Int(44100 * 1.2), label)

            let (_, decoded) = try DecodeAll.samples32(path)
            XCTAssertSamplesEqual(decoded, reference, label)
        }
    }

    func testContentPastTheDeclaredEndThatIsNotCommentsIsNotReadAsTags() throws {
        // A block cut short by damage, not by a tagger: what follows its declared end does
        // not complete the comments, so nothing past the end is taken as tags.
        let path = "\(dir)/damaged.flac"
        try FLACFixtures.encode(path, seconds: 0.5)
        try FLACFixtures.metaflac(["--set-tag=TITLE=Kept", "--set-tag=ARTIST=Someone", path])
        let block = try FormatFixtures.shortenFLACCommentBlock(path, by: 0).offset
        var file = try FormatFixtures.bytes(path)
        let vendorLength = Int(file[block + 4]) | Int(file[block + 5]) << 8
        // The comment count claims 200 comments: the block's bytes and what follows can't hold them.
        file[block + 4 + 4 + vendorLength] = 200
        try FormatFixtures.write(file, to: path)
        let metadata = try FormatRegistry.readMetadata(path: path)
        XCTAssertEqual(metadata.tags.title, "Kept")
        XCTAssertEqual(metadata.tags.artist, "Someone")
        XCTAssertTrue(metadata.tags.problems.contains { $0.contains("comment 3 of 200 runs past the end of the block") },
                      "\(metadata.tags.problems)")
    }
}
