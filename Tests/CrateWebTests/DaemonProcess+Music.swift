import CrateCore
import Foundation
import TestSupport
import XCTest

/// A long sweep playing, so a test of the page can check the music went on.
extension DaemonProcess {
    func startMusic(in dir: TemporaryDirectory, seconds: Double = 20) throws {
        let track = dir.file("Long Sweep.mp3")
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: seconds), rate: 44100, channels: 2,
                                    encoding: .cbr(kbps: 128), to: track)
        XCTAssertTrue(try request(.play, paths: [track]).ok)
        try waitFor("playing") { $0.state == .playing }
    }

    func assertStillPlaying(file: StaticString = #filePath, line: UInt = #line) throws {
        // No capture file yet counts as empty: the assertion below then says it did not grow.
        let before = (try? FileManager.default.attributesOfItem(atPath: capture)[.size] as? Int) ?? 0
        usleep(300_000)
        let after = (try? FileManager.default.attributesOfItem(atPath: capture)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(after, before, "the capture keeps growing", file: file, line: line)
        let status = try status()
        XCTAssertEqual(status.player.state, .playing, file: file, line: line)
        XCTAssertEqual(status.player.output.underruns, 0, "no underrun", file: file, line: line)
    }
}
