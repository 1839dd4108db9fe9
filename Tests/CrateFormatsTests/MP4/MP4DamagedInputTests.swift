import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Bad MP4 input never crashes, hangs or plays noise: it is refused with a reason a
/// person can act on, or what it holds is played.
final class MP4DamagedInputTests: XCTestCase {
    var dir = ""
    let frames = 44100 + 4321

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("mp4bad") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private func encode(_ name: String, options: [String] = ["-c:a", "aac"]) throws -> String {
        let path = dir + "/" + name
        try MP4Fixtures.encode(MP4Fixtures.sweep(frames: frames), to: path, options: options)
        return path
    }

    /// Both the library's read and the player's open give `reason` (or a reason containing it).
    private func assertRefused(_ path: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        for (what, got) in [("metadata", MP4Fixtures.metadataReason(path)), ("decoder", MP4Fixtures.decodeReason(path))] {
            XCTAssertTrue(got?.contains(reason) ?? false, "\(what): '\(got ?? "no error")' should say '\(reason)'",
                          file: file, line: line)
        }
    }

    func testCutShortBeforeTheMoovBox() throws {
        let path = try encode("cut.m4a")
        let bytes = try FormatFixtures.bytes(path)
        try FormatFixtures.write(Array(bytes.prefix(bytes.count / 2)), to: path)
        assertRefused(path, "no moov box (the file is cut short)")
        try FormatFixtures.write(Array(bytes.dropLast(40)), to: path)
        assertRefused(path, "the moov box is cut short (the file is cut short)")
    }

    /// moov first (faststart), the audio cut in half: the first half plays, exactly as
    /// the whole file would play it, and the full length is still known.
    func testCutShortAudioPlaysWhatItHolds() throws {
        let path = try encode("faststart.m4a", options: ["-c:a", "aac", "-movflags", "+faststart"])
        let whole = try DecodeAll.samples32(path).samples
        let bytes = try FormatFixtures.bytes(path)
        try FormatFixtures.write(Array(bytes.prefix(bytes.count / 2)), to: path)
        let (decoder, samples) = try DecodeAll.samples32(path)
        XCTAssertEqual(decoder.totalFrames, frames)
        XCTAssertTrue(decoder.lengthIsExact)
        XCTAssertGreaterThan(samples.count / 2, frames / 4)
        XCTAssertLessThan(samples.count / 2, frames * 3 / 4)
        XCTAssertEqual(samples, Array(whole[..<samples.count]))
    }

    func testNotAnMP4() throws {
        let flac = dir + "/really.m4a"
        try AudioFixtures.run(MP4Fixtures.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "flac", "-f", "flac", flac])
        XCTAssertEqual(try FormatRegistry.format(ofFile: flac).name, "FLAC", "a FLAC named .m4a is read as FLAC")
        let mp4 = try XCTUnwrap(FormatRegistry.all.first { $0.name == "MP4" })
        XCTAssertThrowsError(try mp4.readMetadata(path: flac)) { error in
            XCTAssertEqual((error as? FormatReadError)?.reason, "not an MP4 file (it is a FLAC file)")
        }
        let empty = dir + "/empty.m4a"
        try FormatFixtures.write([], to: empty)
        assertRefused(empty, "empty file")
        let text = dir + "/text.m4a"
        try FormatFixtures.write(Array(String(repeating: "not music\n", count: 50).utf8), to: text)
        assertRefused(text, "not an MP4 file (no ftyp box at the start)")
    }

    func testVideoWithoutSound() throws {
        let path = dir + "/video.mp4"
        try AudioFixtures.run(MP4Fixtures.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5:duration=1",
                                                   "-an", "-c:v", "mpeg4", path])
        assertRefused(path, "no audio track")
    }

    func testProtectedTrack() throws {
        let path = try encode("drm.m4a")
        var editor = MP4BoxEditor(try FormatFixtures.bytes(path))
        try editor.rename(["moov", "trak", "mdia", "minf", "stbl", "stsd", "mp4a"], to: "drms")
        try FormatFixtures.write(editor.bytes, to: path)
        assertRefused(path, "protected by DRM (drms): Crate cannot play it")
    }

    func testSixChannelsRefused() throws {
        let path = dir + "/six.m4a"
        try MP4Fixtures.encode(MP4Fixtures.sweep(frames: 10000, channels: 6), channels: 6, to: path)
        assertRefused(path, "6 channels not supported")
    }

    /// Damaged tables and packets: a reason, or what can be decoded, never a crash.
    func testDamagedTablesAndPackets() throws {
        let path = try encode("tables.m4a")
        let bytes = try FormatFixtures.bytes(path)

        var editor = MP4BoxEditor(bytes)
        let stsz = try XCTUnwrap(editor.find(["moov", "trak", "mdia", "minf", "stbl", "stsz"]))
        editor.setU32(0xFFFF_FFF0, at: stsz.payload + 8)  // a sample count far beyond the box
        try FormatFixtures.write(editor.bytes, to: path)
        assertRefused(path, "the sample table is damaged")

        editor = MP4BoxEditor(bytes)
        let stco = try XCTUnwrap(editor.find(["moov", "trak", "mdia", "minf", "stbl", "stco"]))
        editor.setU32(0x7FFF_0000, at: stco.payload + 8)  // the first chunk far past the end
        try FormatFixtures.write(editor.bytes, to: path)
        XCTAssertEqual(try DecodeAll.samples32(path).samples, [], "nothing to play where the audio should be")

        editor = MP4BoxEditor(bytes)
        let mdat = try XCTUnwrap(editor.find(["mdat"]))
        var random = SystemRandomNumberGenerator()
        for i in mdat.payload + 2000..<mdat.payload + 6000 { editor.bytes[i] = UInt8.random(in: 0...255, using: &random) }
        try FormatFixtures.write(editor.bytes, to: path)
        do {
            let samples = try DecodeAll.samples32(path).samples
            XCTAssertLessThanOrEqual(samples.count, frames * 2)
        } catch {
            let reason = (error as? DecodeError)?.reason ?? "\(error)"
            XCTAssertTrue(reason.hasPrefix("AAC decoding failed: "), reason)
        }
    }
}
