import CrateAudio
import CrateCore
import Foundation
import Synchronization
import TestSupport
import XCTest

/// The events a player sends its subscribers (docs/PROTOCOL.md "Events"), through real ALSA.
final class PlayerEventTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("events") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private final class Recorder: Sendable {
        let events = Mutex<[(PlayerEvent, String?)]>([])
        func record(_ kind: PlayerEvent, _ message: String?) { events.withLock { $0.append((kind, message)) } }
        func count(_ kind: PlayerEvent) -> Int { events.withLock { $0.filter { $0.0 == kind }.count } }
        func messages(_ kind: PlayerEvent) -> [String] {
            events.withLock { $0.filter { $0.0 == kind }.compactMap(\.1) }
        }
    }

    private func player(_ recorder: Recorder) -> Player {
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(dir)/capture.raw,FORMAT=raw",
                                                          clockPaced: true), logger: testLogger())
        player.setEventHandler { kind, message, _ in recorder.record(kind, message) }
        return player
    }

    /// Bits flipped inside a file whose length is whole: damaged, not "truncated".
    func testACorruptButWholeFileIsCalledDamaged() throws {
        let tracks = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 3), cuts: [],
                                   rate: 44100, encodings: [.vbr(quality: 2)], in: dir)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tracks[0])))
        let third = bytes.count / 3
        for i in stride(from: third, to: 2 * third, by: 97) { bytes[i] ^= 0x5A }
        let damaged = "\(dir)/damaged.mp3"
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let recorder = Recorder()
        let player = player(recorder)
        defer { player.shutdown() }
        try player.play(paths: [damaged])
        let status = waitFor(player, "the track to end") { $0.state == .idle }
        let error = status.tracks[0].error ?? ""
        XCTAssertTrue(error.hasPrefix("damaged: "), error)
        XCTAssertFalse(error.contains("truncated"), error)
    }

    /// An observer that takes its time (an fsync on a slow SD card, a server that does not
    /// answer) is called on the events thread, never the decoder's: the music plays on
    /// without running dry, and the events arrive in order.
    func testASlowObserverNeverHoldsUpDecoding() throws {
        let tracks = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 9), cuts: [3 * 44100, 6 * 44100],
                                   rate: 44100, encodings: [.cbr(kbps: 128)], in: dir)
        let threads = Mutex<Set<String>>([])
        let seen = Mutex<[String]>([])
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(dir)/capture.raw,FORMAT=raw",
                                                          clockPaced: true), logger: testLogger())
        defer { player.shutdown() }
        player.setEventHandler { kind, message, _ in
            threads.withLock { _ = $0.insert(currentThreadName()) }
            guard kind == .track, let message else { return }
            seen.withLock { $0.append(String(message.prefix(10))) }
            usleep(2_500_000)  // longer than the 2 s buffer
        }
        try player.play(paths: tracks)
        waitFor(player, "playing") { $0.state == .playing }
        var ranDry = false
        while player.status().state != .idle {
            if player.status().state == .buffering { ranDry = true }
            usleep(5_000)
        }
        XCTAssertFalse(ranDry, "the decoder must not wait for an observer")
        XCTAssertEqual(threads.withLock { $0 }, ["crate-events"])
        let deadline = Date().addingTimeInterval(15)
        while seen.withLock({ $0.count }) < 3, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(seen.withLock { $0 }, ["track 1 of", "track 2 of", "track 3 of"])
    }

    func testASeekIsAnnouncedAsASeek() throws {
        let tracks = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 4), cuts: [],
                                   rate: 44100, encodings: [.cbr(kbps: 128)], in: dir)
        let recorder = Recorder()
        let player = player(recorder)
        defer { player.shutdown() }
        try player.play(paths: tracks)
        waitFor(player, "playing") { $0.state == .playing }
        try player.seek(to: 2)
        let deadline = Date().addingTimeInterval(10)
        while recorder.count(.seek) == 0, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(recorder.count(.seek), 1)
        XCTAssertEqual(recorder.messages(.seek).first, "track 1 at 0:02")
    }
}
