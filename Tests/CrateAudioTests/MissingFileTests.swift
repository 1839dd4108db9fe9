import CrateAudio
import CrateCore
import Foundation
import Synchronization
import TestSupport
import XCTest

/// A loaded track whose file is gone when the player comes to it (its album's folder
/// renamed while it plays), through real ALSA with the clock pacing the ring: the player
/// tells its observer and waits while its buffer lasts, opens the track at its new place
/// once the resolver knows it, and skips it as before when it is never found.
final class MissingFileTests: XCTestCase {
    var dir = ""
    let rate = 44100

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("missing") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// Three 2 s tracks of one sweep; a 0.5 s setting gives a ring of about 1.5 s at
    /// 44.1 kHz, so the third track is opened while the first two are still being heard.
    func pacedPlayer(capture: String) -> Player {
        Player(settings: AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw", bufferSeconds: 0.5,
                                             clockPaced: true), logger: testLogger())
    }

    func album() throws -> (tracks: [String], sweep: [Int16]) {
        let sweep = AudioFixtures.sweep(rate: rate, seconds: 6)
        let tracks = try makeAlbum(sweep, cuts: [2 * rate + 577, 4 * rate + 333], rate: rate,
                                   encodings: [.cbr(kbps: 192)], in: dir)
        return (tracks, sweep)
    }

    func testATrackFoundAgainWhileTheBufferLastsJoinsWithoutAGap() throws {
        let (tracks, sweep) = try album()
        let expected = try tracks.flatMap { try decodeAll($0).samples }
        let moved = dir + "/renamed"
        try FileManager.default.createDirectory(atPath: moved, withIntermediateDirectories: true)
        let capture = dir + "/capture.raw"
        let player = pacedPlayer(capture: capture)
        defer { player.shutdown() }
        // The "library": it learns where the file went only when the player says it is missing.
        let found = Mutex<[String: String]>([:])
        let missing = Mutex<[String]>([])
        player.setTrackResolver { path in found.withLock { $0[path] }.map { .file($0) } }
        player.setEventHandler { kind, message, _ in
            guard kind == .trackMissing, let path = message else { return }
            missing.withLock { $0.append(path) }
            found.withLock { $0[path] = moved + "/03 Track.mp3" }
        }
        // Moved before play, so the player meets it gone however late this thread runs.
        try FileManager.default.moveItem(atPath: tracks[2], toPath: moved + "/03 Track.mp3")
        try player.play(paths: tracks)
        let status = waitFor(player, "the album to finish") { $0.state == .idle }
        XCTAssertEqual(missing.withLock { $0 }, [tracks[2]], "the player said which track was missing, once")
        XCTAssertEqual(status.tracks.compactMap(\.error), [], "no track failed")
        let captured = try AudioFixtures.readRaw(capture)
        XCTAssertEqual(captured.count, sweep.count, "samples inserted or dropped at the join")
        XCTAssertTrue(captured == expected, "the capture is the three tracks back to back")
    }

    func testATrackNeverFoundIsSkippedBeforeTheBufferRunsOut() throws {
        let (tracks, _) = try album()
        let first = try decodeAll(tracks[0]).samples
        let third = try decodeAll(tracks[2]).samples
        let capture = dir + "/capture.raw"
        let player = pacedPlayer(capture: capture)
        defer { player.shutdown() }
        let missing = Mutex<[String]>([])
        player.setEventHandler { kind, message, _ in
            if kind == .trackMissing, let path = message { missing.withLock { $0.append(path) } }
        }
        try FileManager.default.removeItem(atPath: tracks[1])
        try player.play(paths: tracks)
        let status = waitFor(player, "the album to finish") { $0.state == .idle }
        XCTAssertEqual(missing.withLock { $0 }, [tracks[1]], "the player waited for it")
        XCTAssertEqual(status.tracks.map { $0.error != nil }, [false, true, false], "the gone track failed, and only it")
        XCTAssertEqual(status.output.underruns, 0, "given up while the buffer still held music")
        let captured = try AudioFixtures.readRaw(capture)
        XCTAssertTrue(captured == first + third, "the first and third tracks, back to back")
    }
}
