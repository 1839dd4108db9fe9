import CrateAudio
import CrateCore
import Foundation
import Synchronization
import TestSupport
import XCTest

/// What the album queue builds on: the next album is appended while the last track of
/// the current one is still being heard, and a restore loads paused at a position.
final class ContinuationTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("continuation") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    func testTheNextAlbumFollowsWithoutAGap() throws {
        let sweep = AudioFixtures.sweep(rate: 44100, seconds: 4)
        let tracks = try makeAlbum(sweep, cuts: [44100 + 7, 88200 + 311, 132300 + 1001], rate: 44100,
                                   encodings: [.vbr(quality: 2)], in: dir)
        let capture = "\(dir)/capture.raw"
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw"), logger: testLogger())
        defer { player.shutdown() }
        let asked = Atomic<Int>(0)
        player.setContinuation { _ in
            // The second "album" once, then nothing: the list ends.
            asked.add(1, ordering: .relaxed).oldValue == 0 ? Array(tracks[2...]) : nil
        }
        try player.play(paths: Array(tracks[..<2]))
        let status = waitFor(player, "both albums to end") { $0.state == .idle }
        XCTAssertEqual(status.tracks.map(\.path), tracks)
        XCTAssertEqual(asked.load(ordering: .relaxed), 2, "asked at the end of each list")
        let captured = try AudioFixtures.readRaw(capture)
        XCTAssertEqual(captured.count, sweep.count, "no sample inserted or dropped at the album join")
        XCTAssertTrue(captured == (try tracks.flatMap { try decodeAll($0).samples }))
    }

    func testARestoreLoadsPausedAtThePositionAndResumesThere() throws {
        let tracks = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 4), cuts: [88200], rate: 44100,
                                   encodings: [.cbr(kbps: 192)], in: dir)
        let capture = "\(dir)/capture.raw"
        let player = Player(settings: AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw"), logger: testLogger())
        defer { player.shutdown() }
        try player.play(paths: tracks, startIndex: 1, startSeconds: 0.5, paused: true)
        let paused = waitFor(player, "paused") { $0.state == .paused }
        XCTAssertEqual(paused.currentIndex, 1)
        XCTAssertEqual(paused.position, 0.5, accuracy: 0.0001)
        usleep(200_000)
        XCTAssertEqual(try AudioFixtures.readRaw(capture).count, 0, "nothing is heard before resume")
        try player.resume()
        waitFor(player, "the end") { $0.state == .idle }
        let captured = try AudioFixtures.readRaw(capture)
        let expected = Array(try decodeAll(tracks[1]).samples[(22050 * 2)...])
        XCTAssertEqual(captured.count, expected.count)
        let ramp = 2 * (44100 / 200)
        XCTAssertEqual(Array(captured[ramp...]), Array(expected[ramp...]), "resumes exactly at 0.5 s after a 5 ms fade-in")
    }

    /// Loaded paused (a restore at boot), held a while, then resumed: on a device paced
    /// by the clock it plays on in real time from there, not rushing through as much
    /// audio as the hold lasted.
    func testAfterALongHoldARestoredPlayerPlaysOnInRealTime() throws {
        let tracks = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 6), cuts: [88200], rate: 44100,
                                   encodings: [.cbr(kbps: 128)], in: dir)
        let settings = AudioOutputSettings(device: "file:FILE=\(dir)/paced.raw,FORMAT=raw", clockPaced: true)
        let player = Player(settings: settings, logger: testLogger())
        defer { player.shutdown() }
        try player.play(paths: tracks, startIndex: 1, startSeconds: 0.5, paused: true)
        waitFor(player, "paused") { $0.state == .paused }
        usleep(1_500_000)  // the hold: what a rushing clock would try to catch up on
        try player.resume()
        let resumed = Date()
        let later = waitFor(player, "a second played") { $0.position >= 1.5 }
        XCTAssertEqual(later.currentIndex, 1)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(resumed), 0.8, "a second of music took a second")
    }
}
