import CrateAudio
import CrateCore
import Foundation
import TestSupport
import XCTest

/// Cards that refuse 16-bit sound get the same bits, zero-padded: still bit-perfect.
final class SampleFormatTests: XCTestCase {
    func testWideFormatsCarryTheExactSixteenBits() throws {
        let dir = try AudioFixtures.temporaryDirectory("format")
        defer { try? FileManager.default.removeItem(atPath: dir) }  // cleanup only
        let track = "\(dir)/t.mp3"
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 48000, seconds: 1.1), rate: 48000, channels: 2,
                                    encoding: .vbr(quality: 3), to: track)
        let decoded = try decodeAll(track).samples
        for (format, width) in [("S32_LE", 4), ("S24_3LE", 3)] {
            let capture = "\(dir)/\(format).raw"
            let settings = AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw", sampleFormat: format)
            let player = Player(settings: settings, logger: testLogger())
            try player.play(paths: [track])
            let status = waitFor(player, "the end") { $0.state == .idle }
            player.shutdown()
            XCTAssertEqual(status.output.sampleFormat, format, "status names the format in use")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: capture)))
            XCTAssertEqual(bytes.count, decoded.count * width, format)
            for (i, sample) in decoded.enumerated() {
                let v = UInt16(bitPattern: sample)
                let top = bytes[i * width + width - 1], next = bytes[i * width + width - 2]
                let padding = bytes[(i * width)..<(i * width + width - 2)]
                if top != UInt8(v >> 8) || next != UInt8(v & 0xFF) || padding.contains(where: { $0 != 0 }) {
                    return XCTFail("\(format): sample \(i) is not \(sample) zero-padded")
                }
            }
        }
    }
}
