@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// ALAC is lossless: every file ffmpeg encodes must decode to its source, sample for
/// sample, through the packet decoder the MP4 reader uses.
final class ALACCodecTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("alac") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// Encodes `source`, decodes every packet, and checks the output is the source exactly.
    @discardableResult
    private func roundTrip(_ source: [Int32], rate: Int, channels: Int, bits: Int, name: String,
                           options: [String] = []) throws -> MP4PacketWalker {
        let path = dir + "/\(name).m4a"
        try ALACFixtures.encode(source, rate: rate, channels: channels, bits: bits, to: path, options: options)
        let file = try MP4PacketWalker(path: path)
        let (codec, output) = try ALACFixtures.decodeAll(file, path: path)
        XCTAssertEqual(codec.format, PCMFormat(sampleRate: rate, channels: channels, bitsPerSample: bits), name)
        XCTAssertEqual(codec.codecName, "ALAC")
        ALACFixtures.assertBitExact(output, ALACFixtures.expectedOutput(source, channels: channels, bits: bits), name)
        return file
    }

    /// 16-bit stereo whose length is not a multiple of the 4096-sample frame: the last
    /// packet is partial and must give exactly the frames left.
    func testStereo16BitIsBitExactIncludingPartialLastPacket() throws {
        let frames = 66_150  // 1.5 s; 16 × 4096 + 614
        let source = ALACFixtures.music(frames: frames, channels: 2, bits: 16, rate: 44100)
        let file = try roundTrip(source, rate: 44100, channels: 2, bits: 16, name: "stereo16")
        XCTAssertEqual(file.packets.count, 17)
        XCTAssertTrue(ALACFixtures.isPartial(file.packets.last!), "the fixture must end in a partial frame")
        XCTAssertFalse(ALACFixtures.isPartial(file.packets[0]))
    }

    func testMono16BitIsBitExactAndDuplicatedToBothChannels() throws {
        let source = ALACFixtures.music(frames: 50_000, channels: 1, bits: 16, rate: 44100)
        try roundTrip(source, rate: 44100, channels: 1, bits: 16, name: "mono16")
    }

    /// 24-bit at 96 kHz: ffmpeg sends the low byte verbatim (bytesShifted 1), so this
    /// checks that path as well as the mix of the upper bits.
    func testStereo24Bit96kHzKeepsTheLowBits() throws {
        let source = ALACFixtures.music(frames: 100_000, channels: 2, bits: 24, rate: 96000)
        XCTAssertGreaterThan(source.filter { $0 & 0xff != 0 }.count, source.count / 2, "the source must have low bits")
        let file = try roundTrip(source, rate: 96000, channels: 2, bits: 24, name: "stereo24")
        XCTAssertEqual(ALACFixtures.bytesShifted(file.packets[0]), 1)
    }

    func testMono24BitIsBitExact() throws {
        let source = ALACFixtures.music(frames: 30_000, channels: 1, bits: 24, rate: 48000)
        try roundTrip(source, rate: 48000, channels: 1, bits: 24, name: "mono24")
    }

    /// Long predictors (the general adaptive path) and the encoder's other stereo modes.
    func testEveryPredictionOrderAndStereoMode() throws {
        let source = ALACFixtures.music(frames: 40_000, channels: 2, bits: 16, rate: 44100)
        for (min, max) in [(1, 1), (2, 3), (8, 8), (12, 20), (30, 30)] {
            try roundTrip(source, rate: 44100, channels: 2, bits: 16, name: "order\(min)-\(max)",
                          options: ["-min_prediction_order", String(min), "-max_prediction_order", String(max)])
        }
        try roundTrip(source, rate: 44100, channels: 2, bits: 16, name: "level1", options: ["-compression_level", "1"])
    }

    /// Full-scale noise does not compress: the encoder escapes to verbatim PCM frames.
    func testUncompressedEscapeFrames() throws {
        let stereo = ALACFixtures.noise(frames: 20_000, channels: 2, bits: 16)
        let file = try roundTrip(stereo, rate: 44100, channels: 2, bits: 16, name: "noise16")
        XCTAssertTrue(file.packets.contains(where: ALACFixtures.isEscape), "the fixture must contain escape frames")

        let deep = ALACFixtures.noise(frames: 20_000, channels: 2, bits: 24)
        let deepFile = try roundTrip(deep, rate: 48000, channels: 2, bits: 24, name: "noise24")
        XCTAssertTrue(deepFile.packets.contains(where: ALACFixtures.isEscape))

        let mono = ALACFixtures.noise(frames: 20_000, channels: 1, bits: 16)
        let monoFile = try roundTrip(mono, rate: 44100, channels: 1, bits: 16, name: "noise-mono")
        XCTAssertTrue(monoFile.packets.contains(where: ALACFixtures.isEscape))

        // Compression level 0 sends every frame verbatim, music too.
        let music = ALACFixtures.music(frames: 20_000, channels: 2, bits: 16, rate: 44100)
        let verbatim = try roundTrip(music, rate: 44100, channels: 2, bits: 16, name: "level0",
                                     options: ["-compression_level", "0"])
        XCTAssertTrue(verbatim.packets.allSatisfy(ALACFixtures.isEscape))
    }
}
