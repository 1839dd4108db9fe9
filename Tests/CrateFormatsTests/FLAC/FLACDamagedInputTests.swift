@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Bad FLAC input never crashes, hangs or plays noise: a file that cannot be played
/// gets a reason from the library and the player alike; damaged tags in a playable file
/// are listed in `tags.problems` and the audio still plays.
final class FLACDamagedInputTests: XCTestCase {
    var dir = ""
    var good: [UInt8] = []
    var goodPath = ""

    override func setUpWithError() throws {
        dir = try AudioFixtures.temporaryDirectory("flacbad")
        goodPath = dir + "/good.flac"
        try FLACFixtures.encode(goodPath, seconds: 1)
        good = try FormatFixtures.bytes(goodPath)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// The reasons the library (metadata) and the player (decoder) give for `bytes`
    /// written as `name`, both through FLAC's own reader.
    private func reasons(_ bytes: [UInt8], _ name: String = "bad.flac") throws -> (library: String?, player: String?) {
        let path = dir + "/" + name
        try FormatFixtures.write(bytes, to: path)
        var library: String?, player: String?
        do { _ = try FLACFormat().readMetadata(path: path) } catch { library = error.reason }
        do { _ = try FLACFormat().makeDecoder(source: try FileByteSource(path: path), path: path) } catch {
            player = error.reason
        }
        return (library, player)
    }

    private func assertBoth(_ bytes: [UInt8], _ reason: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (library, player) = try reasons(bytes)
        XCTAssertEqual(library, reason, "library", file: file, line: line)
        XCTAssertEqual(player, reason, "player", file: file, line: line)
    }

    func testBrokenStartsAreRefusedWithTheSameReasonByLibraryAndPlayer() throws {
        try assertBoth([], "empty file")
        try assertBoth(Array(good.prefix(30)), "truncated: STREAMINFO block cut short")
        try assertBoth(Array(good.prefix(6)), "truncated: no STREAMINFO block")
        var zeroRate = good
        zeroRate[18] = 0
        zeroRate[19] = 0
        zeroRate[20] &= 0x0F
        try assertBoth(zeroRate, "damaged: STREAMINFO gives a sample rate of 0 Hz")
        var shortInfo = good
        shortInfo[7] = 30
        try assertBoth(shortInfo, "damaged: the STREAMINFO block is 30 bytes, not 34")
        var notFirst = good
        notFirst[4] = notFirst[4] & 0x80 | 4
        try assertBoth(notFirst, "damaged: the first metadata block is VORBIS_COMMENT, not STREAMINFO")
        try assertBoth(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8) + [UInt8](repeating: 1, count: 200),
                       "not a FLAC file (it is a RIFF/WAVE file)")
        try assertBoth(Array(repeating: 0x55, count: 3000), "not a FLAC file (no fLaC marker at the start)")
        try assertBoth(Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 20] + [UInt8](repeating: 0, count: 20), "no audio: only an ID3 tag")
        // Through the registry, as the scanner and the player meet them.
        try FormatFixtures.write([], to: dir + "/empty.flac")
        XCTAssertThrowsError(try FormatRegistry.readMetadata(path: dir + "/empty.flac")) {
            XCTAssertEqual(($0 as? FormatReadError)?.reason, "empty file")
        }
        XCTAssertThrowsError(try DecodeAll.open(dir + "/empty.flac")) {
            XCTAssertEqual(($0 as? DecodeError)?.reason, "empty file")
        }
        XCTAssertThrowsError(try FormatRegistry.readMetadata(path: dir + "/missing.flac")) {
            XCTAssertEqual(($0 as? FormatReadError)?.reason, "cannot open: No such file or directory")
        }
        XCTAssertThrowsError(try FLACFormat().readMetadata(path: dir)) {
            XCTAssertEqual(($0 as? FormatReadError)?.reason, "not a FLAC file (a directory)")
        }
    }

    func testBlockRunningPastTheEndIsTruncation() throws {
        try FormatFixtures.write(FormatFixtures.fakeJPEG(size: 60000), to: dir + "/cover.jpg")
        try FLACFixtures.metaflac(["--import-picture-from=3|image/jpeg||1x1x24|\(dir)/cover.jpg", goodPath])
        let withCover = try FormatFixtures.bytes(goodPath)
        let (library, player) = try reasons(Array(withCover.prefix(30000)))
        XCTAssertEqual(library, "truncated: the PICTURE block runs past the end of the file")
        XCTAssertEqual(player, "truncated: the file ends inside its metadata")
        let (noAudioLibrary, _) = try reasons(Array(withCover.prefix(FLACFixtures.audioStart(withCover))))
        XCTAssertEqual(noAudioLibrary, "truncated: no audio after the metadata")
    }

    /// Metadata followed by bytes that hold no frame: refused rather than played.
    func testNoDecodableAudioIsAnError() throws {
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = dir + "/garbage.flac"
        try FormatFixtures.write(Array(good.prefix(FLACFixtures.audioStart(good))) + garbage, to: path)
        XCTAssertThrowsError(try DecodeAll.samples32(path)) { error in
            let reason = (error as? DecodeError)?.reason ?? "\(error)"
            XCTAssertTrue(reason.hasPrefix("no audio could be decoded: "), reason)
        }
        // Cut inside the first frame, or right before it.
        try FormatFixtures.write(Array(good.prefix(FLACFixtures.audioStart(good) + 10)), to: path)
        XCTAssertThrowsError(try DecodeAll.samples32(path)) { error in
            let reason = (error as? DecodeError)?.reason ?? "\(error)"
            XCTAssertTrue(reason.hasPrefix("no audio could be decoded: "), reason)
        }
        try FormatFixtures.write(Array(good.prefix(FLACFixtures.audioStart(good))), to: path)
        XCTAssertThrowsError(try DecodeAll.samples32(path)) { error in
            XCTAssertEqual((error as? DecodeError)?.reason, "truncated: no complete audio frame after the metadata")
        }
    }

    func testShortPictureBlockIsAProblemNotAFailure() throws {
        try FLACFixtures.metaflac(["--set-tag=TITLE=Still here", goodPath])
        let reference = try FLACFixtures.reference(goodPath, channels: 2, bits: 16)
        // A front cover whose header promises 100000 image bytes in a 52-byte block.
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        // Built in steps: one long `+` chain is too much for some compilers' type checker.
        var body: [UInt8] = u32(3) + u32(10)
        body += Array("image/jpeg".utf8)
        body += u32(0) + [UInt8](repeating: 0, count: 16) + u32(100_000)
        body += [0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0, 0, 0, 0]
        let path = dir + "/shortpicture.flac"
        try FormatFixtures.write(FLACFixtures.inserting(type: 6, body: body, into: try FormatFixtures.bytes(goodPath)), to: path)

        let tags = try FormatRegistry.readMetadata(path: path).tags
        XCTAssertEqual(tags.title, "Still here", "the blocks after it are read")
        XCTAssertNil(tags.artwork)
        XCTAssertEqual(tags.problems, ["the PICTURE block (block 2, 52 bytes) is cut short: its picture is skipped"])
        XCTAssertSamplesEqual(try DecodeAll.samples32(path).samples, reference, "the audio plays")
    }

    func testBrokenCommentBlockKeepsWhatWasRead() throws {
        func u32le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        let comments = ["TITLE=Kept", "ARTIST=Also kept"].flatMap { u32le($0.utf8.count) + Array($0.utf8) }
        let body = u32le(6) + Array("vendor".utf8) + u32le(5) + comments + u32le(400) + Array("ALBUM=lost".utf8)
        let path = dir + "/comments.flac"
        try FormatFixtures.write(FLACFixtures.inserting(type: 4, body: body, into: good), to: path)
        let tags = try FormatRegistry.readMetadata(path: path).tags
        XCTAssertEqual(tags.title, "Kept")
        XCTAssertEqual(tags.artist, "Also kept")
        XCTAssertNil(tags.album)
        XCTAssertEqual(tags.problems, ["VORBIS_COMMENT: comment 3 of 5 runs past the end of the block"])
    }

    /// A mislabelled file is read for what it is by the registry; FLAC's own reader,
    /// asked directly, says what the file is instead.
    func testOtherFormatsNamedFLAC() throws {
        let mp3 = dir + "/song.flac"
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: 0.5), rate: 44100, channels: 2,
                                    encoding: .cbr(kbps: 128), to: mp3)
        XCTAssertEqual(try FormatRegistry.readMetadata(path: mp3).stream.codec, "MP3")
        var (library, player) = try reasons(try FormatFixtures.bytes(mp3))
        XCTAssertEqual(library, "not a FLAC file (it is an MP3 file)")
        XCTAssertEqual(player, "not a FLAC file (it is an MP3 file)")

        let m4a = dir + "/song.m4a"
        try AudioFixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=d=0.3", "-c:a", "aac", m4a])
        try FormatFixtures.write(try FormatFixtures.bytes(m4a), to: dir + "/aac.flac")
        XCTAssertEqual(try FormatRegistry.format(ofFile: dir + "/aac.flac").name, "MP4")
        (library, player) = try reasons(try FormatFixtures.bytes(m4a))
        XCTAssertEqual(library, "not a FLAC file (it is an MP4/M4A file)")
        XCTAssertEqual(player, "not a FLAC file (it is an MP4/M4A file)")
    }

    /// Six channels: the library lists the file as it is; the player refuses it.
    func testMultichannelIsListedButNotPlayed() throws {
        let path = dir + "/surround.flac"
        let framesIn = try FLACFixtures.encode(path, seconds: 0.5, channels: 6)
        let stream = try FormatRegistry.readMetadata(path: path).stream
        XCTAssertEqual(stream.channels, 6)
        XCTAssertEqual(stream.durationFrames, framesIn)
        XCTAssertThrowsError(try DecodeAll.open(path)) { error in
            let reason = (error as? DecodeError)?.reason ?? "\(error)"
            XCTAssertTrue(reason.hasPrefix("6 channels not supported"), reason)
        }
    }
}
