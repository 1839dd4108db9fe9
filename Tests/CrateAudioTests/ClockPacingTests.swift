import CrateAudio
import CrateCore
import Foundation
import TestSupport
import XCTest

/// Sinks without a clock (`null`, `file:`) are paced by the monotonic clock, so the box
/// behaves as with a card: an album takes its own length to play, not an instant.
final class ClockPacingTests: XCTestCase {
    func testClockPacedSinkPlaysInRealTime() throws {
        let dir = try AudioFixtures.temporaryDirectory("pacing")
        defer { try? FileManager.default.removeItem(atPath: dir) }  // cleanup only
        let tracks = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 12), cuts: [44100 * 6], rate: 44100,
                                   encodings: [.cbr(kbps: 128)], in: dir)
        let capture = "\(dir)/capture.raw"
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw", clockPaced: true),
                            logger: testLogger())
        defer { player.shutdown() }
        try player.play(paths: tracks)
        waitFor(player, "playing") { $0.state == .playing }
        usleep(1_000_000)
        let written = Double(try AudioFixtures.readRaw(capture).count / 2) / 44100
        let position = player.status().position
        // One second in: about a second heard, at most the device buffer and a write-ahead burst more.
        XCTAssertGreaterThan(position, 0.5)
        XCTAssertLessThan(position, 2.0)
        XCTAssertLessThan(written, 3.0, "the writer ran ahead of the clock: \(written) s written after 1 s")
    }
}
