import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Where the track starts and ends among the decoded frames: iTunSMPB when tagged, else
/// the edit list, else every frame. Each variant is made from one ffmpeg file whose
/// edit-list decode is known to line up with the original (MP4DecoderTests).
final class MP4GaplessTests: XCTestCase {
    var dir = ""
    var path = ""
    var bytes: [UInt8] = []
    /// The edit-list decode of the unaltered file.
    var base: [Int32] = []
    let frames = 44100 + 999

    override func setUpWithError() throws {
        dir = try AudioFixtures.temporaryDirectory("mp4gap")
        path = dir + "/base.m4a"
        try MP4Fixtures.encode(MP4Fixtures.sweep(frames: frames), to: path)
        bytes = try FormatFixtures.bytes(path)
        base = try DecodeAll.samples32(path).samples
        XCTAssertEqual(base.count, frames * 2)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private func variant(_ name: String, _ edit: (inout MP4BoxEditor) throws -> Void) throws -> (decoder: any TrackDecoder, samples: [Int32], metadataFrames: Int) {
        var editor = MP4BoxEditor(bytes)
        try edit(&editor)
        let file = dir + "/" + name
        try FormatFixtures.write(editor.bytes, to: file)
        let (decoder, samples) = try DecodeAll.samples32(file)
        return (decoder, samples, try FormatRegistry.readMetadata(path: file).stream.durationFrames)
    }

    private static func smpb(priming: Int, padding: Int, length: Int) -> [UInt8] {
        func hex(_ value: Int, _ width: Int) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let text = " 00000000 \(hex(priming, 8)) \(hex(padding, 8)) \(hex(length, 16)) 00000000 00000000"
        return MP4BoxEditor.freeform("iTunSMPB", text)
    }

    /// iTunes files: no edit list, iTunSMPB says priming and length.
    func testITunSMPBWithoutEditList() throws {
        let v = try variant("smpb.m4a") { editor in
            try editor.rename(["moov", "trak", "edts"], to: "free")
            try editor.appendToILST(Self.smpb(priming: 1024, padding: 0, length: frames))
        }
        XCTAssertEqual(v.decoder.totalFrames, frames)
        XCTAssertEqual(v.metadataFrames, frames)
        XCTAssertEqual(v.samples, base, "the same frames as the edit list gives")
    }

    /// iTunSMPB with no length field set: total minus priming minus padding.
    func testITunSMPBPaddingWhenNoLength() throws {
        let v = try variant("padding.m4a") { editor in
            try editor.rename(["moov", "trak", "edts"], to: "free")
            try editor.appendToILST(Self.smpb(priming: 1024, padding: 500, length: 0))
        }
        XCTAssertEqual(v.decoder.totalFrames, frames - 500)
        XCTAssertEqual(v.samples, Array(base[..<((frames - 500) * 2)]))
    }

    /// Both present: iTunSMPB decides (here it says 100 more frames of priming).
    func testITunSMPBWinsOverTheEditList() throws {
        let v = try variant("both.m4a") { editor in
            try editor.appendToILST(Self.smpb(priming: 1024 + 100, padding: 0, length: frames - 300))
        }
        XCTAssertEqual(v.decoder.totalFrames, frames - 300)
        XCTAssertEqual(v.metadataFrames, frames - 300)
        XCTAssertEqual(v.samples, Array(base[200..<((frames - 200) * 2)]))
    }

    /// No gapless information at all: every frame plays, the priming included, and the
    /// frames stay at their times (faad2's silent start-up packet is counted).
    func testNeitherEditListNorITunSMPB() throws {
        let v = try variant("plain.m4a") { editor in try editor.rename(["moov", "trak", "edts"], to: "free") }
        XCTAssertEqual(v.decoder.totalFrames, frames + 1024)
        XCTAssertEqual(v.metadataFrames, frames + 1024)
        XCTAssertEqual(v.samples.count, (frames + 1024) * 2)
        XCTAssertTrue(v.samples[..<2048].allSatisfy { $0 == 0 })
        XCTAssertEqual(Array(v.samples[2048...]), base)
    }

    /// An edit whose segment ends well before the packets do (as iTunes writes it) trims
    /// the end there, converted from the movie timescale (ms in ffmpeg's files).
    func testEditListSegmentEndsTheTrack() throws {
        let v = try variant("segment.m4a") { editor in
            let elst = try XCTUnwrap(editor.find(["moov", "trak", "edts", "elst"]))
            XCTAssertEqual(editor.u32(at: elst.payload + 12), 1024, "ffmpeg's priming")
            editor.setU32(700, at: elst.payload + 8)  // 700 ms of the movie timescale 1000
        }
        XCTAssertEqual(v.decoder.totalFrames, 30870)
        XCTAssertEqual(v.metadataFrames, 30870)
        XCTAssertEqual(v.samples, Array(base[..<(30870 * 2)]))
    }
}
