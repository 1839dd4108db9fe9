import CrateFormats
import Foundation
import Glibc
import TestSupport
import XCTest

/// Bad input never crashes and never hangs: a file that is not a playable MP3 gets an
/// error that says why; a damaged tag in a playable file keeps its good frames and
/// lists the damage.
final class DamagedInputTests: XCTestCase {
    var dir = ""
    var audio: [UInt8] = []

    override func setUpWithError() throws {
        dir = try AudioFixtures.temporaryDirectory("mp3bad")
        audio = try MP3Fixtures.bareAudio(in: dir)
    }

    override func tearDownWithError() throws {
        chmod(dir + "/locked.mp3", 0o644)
        try FileManager.default.removeItem(atPath: dir)
    }

    private func reason(_ bytes: [UInt8], _ name: String = "bad.mp3") throws -> String? {
        let path = dir + "/" + name
        try FormatFixtures.write(bytes, to: path)
        do {
            _ = try MP3FileInfo.read(path: path)
            return nil
        } catch {
            XCTAssertEqual(error.path, path)
            return error.reason
        }
    }

    private func tags(_ bytes: [UInt8]) throws -> TrackTags {
        let path = dir + "/damaged.mp3"
        try FormatFixtures.write(bytes, to: path)
        return try MP3FileInfo.read(path: path).tags
    }

    func testFilesThatAreNotMP3s() throws {
        XCTAssertEqual(try reason([]), "empty file")
        let wav = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8) + [UInt8](repeating: 1, count: 200)
        XCTAssertEqual(try reason(wav), "not an MP3 file (it is a RIFF/WAVE file)")
        XCTAssertEqual(try reason(Array("fLaC".utf8) + [UInt8](repeating: 0, count: 100)), "not an MP3 file (it is a FLAC file)")
        XCTAssertEqual(try reason(Array("just some text, not music\n".utf8)),
                       "not an MP3 file (no MPEG audio frame at the start)")
        XCTAssertEqual(try reason([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 500)),
                       "not an MP3 file (it is a JPEG image)")

        var tagOnly = ID3TagBuilder(version: 3)
        tagOnly.text("TIT2", "Nothing after me")
        XCTAssertEqual(try reason(tagOnly.bytes()), "no audio: only an ID3 tag")
        tagOnly.declaredSize = 50_000_000
        XCTAssertEqual(try reason(tagOnly.bytes() + audio),
                       "no audio: only an ID3 tag, which claims 50000010 bytes of this \(tagOnly.bytes().count + audio.count)-byte file")

        XCTAssertEqual(try reason(Array(audio.prefix(300))), "truncated: less than two MPEG frames of audio")
        // The tag is fine, what follows it is not audio.
        var fine = ID3TagBuilder(version: 3)
        fine.text("TIT2", "Title")
        XCTAssertEqual(try reason(fine.bytes() + [UInt8](repeating: 0x55, count: 4000)),
                       "not an MP3 file (no MPEG audio frame at the start)")
    }

    func testFilesThatCannotBeOpened() throws {
        XCTAssertThrowsError(try MP3FileInfo.read(path: dir + "/missing.mp3")) { error in
            XCTAssertEqual((error as? FormatReadError)?.reason, "cannot open: No such file or directory")
        }
        XCTAssertThrowsError(try MP3FileInfo.read(path: dir)) { error in
            XCTAssertEqual((error as? FormatReadError)?.reason, "not an MP3 file (a directory)")
        }
        let fifo = dir + "/fifo.mp3"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertThrowsError(try MP3FileInfo.read(path: fifo), "a FIFO is refused, not waited on") { error in
            XCTAssertEqual((error as? FormatReadError)?.reason, "not an MP3 file (not a regular file)")
        }
        let locked = dir + "/locked.mp3"
        try FormatFixtures.write(audio, to: locked)
        chmod(locked, 0)
        if geteuid() != 0 {  // root reads anything
            XCTAssertThrowsError(try MP3FileInfo.read(path: locked)) { error in
                XCTAssertEqual((error as? FormatReadError)?.reason, "cannot open: Permission denied")
                XCTAssertEqual("\(error)", "\(locked): cannot open: Permission denied")
            }
        }
    }

    func testFrameRunningPastTheTagKeepsEarlierFrames() throws {
        var tag = ID3TagBuilder(version: 3)
        tag.text("TIT2", "Good Title")
        tag.text("TPE1", "Good Artist")
        tag.frame("TALB", Array("\u{3}Album".utf8), declaredSize: 5000)
        tag.text("TRCK", "4")  // unreachable: the walk cannot know where TALB ends
        let t = try tags(tag.bytes() + audio)
        XCTAssertEqual(t.title, "Good Title")
        XCTAssertEqual(t.artist, "Good Artist")
        XCTAssertNil(t.album)
        XCTAssertEqual(t.problems, ["frame TALB runs past the end of the tag"])
    }

    func testHugeFrameClaimsAllocateNothing() throws {
        var tag = ID3TagBuilder(version: 4)
        tag.text("TIT2", "Title")
        tag.frame("APIC", [0, 0x69, 0], declaredSize: 200_000_000)
        XCTAssertEqual(try tags(tag.bytes() + audio).problems, ["frame APIC runs past the end of the tag"])

        // A whole tag that claims more than the file holds, with the audio inside the claim.
        var big = ID3TagBuilder(version: 3)
        big.text("TIT2", "Title")
        big.declaredSize = 200_000_000
        XCTAssertNotNil(try reason(big.bytes() + audio))
    }

    func testEmptyGarbledCompressedAndUnknownFrames() throws {
        var tag = ID3TagBuilder(version: 4)
        tag.frame("TIT2", [])
        tag.text("TPE1", "Artist")
        tag.frame("TALB", [0x78, 0x9C, 1, 2, 3], flags: 0x0008 | 0x0001)  // zlib-compressed
        tag.frame("ZZZZ", [1, 2, 3])  // unknown: skipped quietly
        tag.text("TCON", "Jazz")
        tag.frames.append(Array("t!t2".utf8) + [0, 0, 0, 1, 0, 0, 0x41])
        tag.text("TRCK", "5")
        let t = try tags(tag.bytes() + audio)
        XCTAssertNil(t.title)
        XCTAssertEqual(t.artist, "Artist")
        XCTAssertNil(t.album)
        XCTAssertEqual(t.genres, ["Jazz"])
        XCTAssertNil(t.trackNumber)
        XCTAssertEqual(t.problems, [
            "frame TIT2 is empty", "frame TALB is compressed; not read",
            "unreadable data at byte \(10 + tag.frames.dropLast(2).map(\.count).reduce(0, +)) of the tag; the rest of the tag is ignored",
        ])
    }

    /// Thousands of damaged variants of a richly tagged file: every one is read or
    /// refused, none crashes, none takes long.
    func testMutatedAndTruncatedFilesNeverCrash() throws {
        let cover = dir + "/cover.jpg"
        try FormatFixtures.write(FormatFixtures.fakeJPEG(size: 3000), to: cover)
        let source = dir + "/rich.mp3"
        try MP3Fixtures.lame(source, seconds: 0.5, options: ["--tt", "Tïtle", "--ta", "Artist", "--tl", "Album", "--tn", "3/12",
                                                             "--tg", "Rock", "--ti", cover, "--tv", "TPOS=1/2"])
        let original = try FormatFixtures.bytes(source)
        let path = dir + "/mutant.mp3"
        var generator = SystemRandomNumberGenerator()
        var read = 0, refused = 0
        let start = Date()
        for round in 0..<1500 {
            var bytes = original
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0..<min(bytes.count, 6000), using: &generator)))
            } else {
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    // Mostly the tag and the first frames, where the parsing is.
                    let i = Int.random(in: 0..<min(bytes.count, 4000), using: &generator)
                    bytes[i] = round % 2 == 0 ? UInt8.random(in: 0...255, using: &generator) : [0, 0xFF, 0x7F, 0x80][i % 4]
                }
            }
            try FormatFixtures.write(bytes, to: path)
            do {
                let info = try MP3FileInfo.read(path: path)
                XCTAssertGreaterThanOrEqual(info.audio.durationFrames, 0)
                if let art = info.tags.artwork {
                    XCTAssertLessThanOrEqual(art.offset + art.length, bytes.count)
                }
                read += 1
            } catch {
                XCTAssertFalse(error.reason.isEmpty)
                refused += 1
            }
        }
        XCTAssertGreaterThan(read, 100)
        XCTAssertGreaterThan(refused, 100)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
    }
}
