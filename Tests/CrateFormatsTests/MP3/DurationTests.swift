import CrateFormats
import Foundation
import TestSupport
import XCTest

/// The length the scanner reads from the Xing/Info/LAME headers must be the length the
/// player decodes: sample for sample, for every rate, channel count and bitrate mode.
final class DurationTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("mp3len") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    func testLameFilesHaveTheDecodersExactLength() throws {
        let rates = [44100, 48000, 32000, 22050, 16000, 11025]
        for rate in rates {
            for channels in [1, 2] {
                let kbps = rate >= 32000 ? 128 : (rate >= 16000 ? 64 : 32)
                for encoding in [AudioFixtures.Encoding.cbr(kbps: kbps), .vbr(quality: 3)] {
                    let label = "\(rate) Hz, \(channels) ch, \(encoding)"
                    let path = "\(dir)/\(rate)-\(channels)-\(label.hashValue).mp3"
                    // A length that is not a whole number of frames.
                    let input = try MP3Fixtures.lame(path, rate: rate, channels: channels, seconds: 1.2345,
                                                     encoding: encoding)
                    let info = try MP3FileInfo.read(path: path)
                    let decoder = try DecodeAll.samples32(path).decoder
                    XCTAssertEqual(info.audio.durationFrames, decoder.totalFrames, label)
                    XCTAssertEqual(info.audio.durationFrames, input, label)
                    XCTAssertTrue(info.audio.exact, label)
                    XCTAssertEqual(info.audio.sampleRate, rate, label)
                    XCTAssertEqual(info.audio.channels, channels, label)
                    let version: MPEGFrameHeader.Version = rate >= 32000 ? .mpeg1 : (rate >= 16000 ? .mpeg2 : .mpeg25)
                    XCTAssertEqual(info.audio.version, version, label)
                    if case .cbr = encoding {
                        XCTAssertEqual(info.audio.bitrate, kbps, label)
                    } else {
                        XCTAssertGreaterThan(info.audio.bitrate, 8, label)
                        XCTAssertLessThan(info.audio.bitrate, 320, label)
                    }
                    XCTAssertEqual(info.tags, TrackTags(), "lame writes no tag unless asked, \(label)")
                }
            }
        }
    }

    /// The length holds with tags in front and behind (ID3v2 with a cover, ID3v1).
    func testTagsDoNotChangeTheLength() throws {
        let cover = dir + "/cover.jpg"
        try FormatFixtures.write(FormatFixtures.fakeJPEG(), to: cover)
        let path = dir + "/tagged.mp3"
        let input = try MP3Fixtures.lame(path, seconds: 2.1, encoding: .vbr(quality: 2),
                                         options: ["--tt", "Title", "--ti", cover, "--add-id3v2"])
        let info = try MP3FileInfo.read(path: path)
        XCTAssertEqual(info.audio.durationFrames, input)
        XCTAssertEqual(info.audio.durationFrames, try DecodeAll.samples32(path).decoder.totalFrames)
        XCTAssertTrue(info.audio.exact)
        XCTAssertTrue(info.tags.hasID3v1)
    }

    /// lame -t writes no Info frame: the length is an estimate from the byte count, and
    /// says so.
    func testPlainCBRWithoutInfoFrameIsAnEstimate() throws {
        let path = dir + "/plain.mp3"
        let input = try MP3Fixtures.lame(path, seconds: 3, encoding: .cbr(kbps: 160), options: ["-t"])
        let info = try MP3FileInfo.read(path: path)
        XCTAssertFalse(info.audio.exact)
        XCTAssertEqual(info.audio.bitrate, 160)
        // The stream carries the encoder's delay and padding too: within two frames.
        XCTAssertEqual(Double(info.audio.durationFrames), Double(input), accuracy: 2 * 1152 + 1105)
    }

    /// A file cut short keeps the header of the whole stream; the length must follow the
    /// bytes that are there.
    func testTruncatedFileLengthFollowsTheBytes() throws {
        let path = dir + "/whole.mp3"
        let input = try MP3Fixtures.lame(path, seconds: 4, encoding: .cbr(kbps: 128))
        let bytes = try FormatFixtures.bytes(path)
        let cut = dir + "/cut.mp3"
        try FormatFixtures.write(Array(bytes.prefix(bytes.count / 2)), to: cut)
        let info = try MP3FileInfo.read(path: cut)
        XCTAssertFalse(info.audio.exact)
        XCTAssertEqual(Double(info.audio.durationFrames), Double(input) / 2, accuracy: 2 * 1152)
    }
}
