import CrateAudio
import CrateCore
import Foundation
import Logging
import TestSupport
import XCTest

/// Cuts one continuous signal into tracks at the given frame offsets and encodes each with lame.
func makeAlbum(_ signal: [Int16], cuts: [Int], rate: Int, encodings: [AudioFixtures.Encoding],
               in dir: String) throws -> [String] {
    let bounds = [0] + cuts + [signal.count / 2]
    return try (0..<bounds.count - 1).map { i in
        let path = "\(dir)/\(String(format: "%02d", i + 1)) Track.mp3"
        let part = Array(signal[bounds[i] * 2..<bounds[i + 1] * 2])
        try AudioFixtures.encodeMP3(part, rate: rate, channels: 2, encoding: encodings[i % encodings.count], to: path)
        return path
    }
}

func testLogger() -> Logger {
    var logger = Logger(label: "test")
    logger.logLevel = .warning
    return logger
}

/// Polls `player` until `condition` holds on its status, or fails after `timeout`.
@discardableResult
func waitFor(_ player: Player, timeout: Double = 20, _ what: String,
             _ condition: (PlayerStatus) -> Bool) -> PlayerStatus {
    let deadline = Date().addingTimeInterval(timeout)
    var status = player.status()
    while !condition(status) {
        if Date() > deadline {
            XCTFail("timed out waiting for \(what); last status: \(status)")
            return status
        }
        usleep(5_000)
        status = player.status()
    }
    return status
}

/// The calling thread's name as /proc shows it (`crate-events`, `crate-advance`, ...).
/// Unreadable: a name no thread has, so an assertion on the names fails and says so.
func currentThreadName() -> String {
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "unreadable"
    return name.trimmingCharacters(in: .whitespacesAndNewlines)
}
