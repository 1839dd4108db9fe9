import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Transport commands sent to a running crated over its socket land on the right samples:
/// the ALSA `file` capture is checked run by run against the tracks' decodes.
final class TransportTests: XCTestCase {
    static let rate = 44100
    var dir: TemporaryDirectory!
    var tracks: [String] = []
    var references: [[Int16]] = []
    var daemon: DaemonProcess!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "transport")
        // Three 5 s tracks cut from one sweep, so a wrong track or offset cannot match by accident.
        let sweep = AudioFixtures.sweep(rate: Self.rate, seconds: 15)
        for i in 0..<3 {
            let path = dir.file("0\(i + 1) Part.mp3")
            let part = Array(sweep[(i * 5 * Self.rate * 2)..<((i + 1) * 5 * Self.rate * 2)])
            try AudioFixtures.encodeMP3(part, rate: Self.rate, channels: 2, encoding: .cbr(kbps: 192), to: path)
            tracks.append(path)
        }
        references = try tracks.map { try ReferenceDecode.samples(of: $0) }
        daemon = try DaemonProcess(dir: dir.path)
    }

    override func tearDown() {
        if let daemon, daemon.stop() != 0 { print(daemon.log) }
        dir?.remove()
    }

    func reply(_ cmd: ControlCommand, seconds: Double? = nil, paths: [String]? = nil) throws {
        let answer = try daemon.request(cmd, paths: paths, seconds: seconds)
        XCTAssertTrue(answer.ok, "\(cmd): \(answer.error ?? "")")
    }

    func capture() throws -> [Int16] {
        XCTAssertEqual(daemon.stop(), 0, "crated should exit cleanly on SIGTERM")
        return try AudioFixtures.readRaw(daemon.capture)
    }

    /// `mayBeShort`: runs cut by a second command sent right after the first (two quick
    /// `next`s), which hold as little as the device buffer took in between.
    func assertRuns(_ expected: [(reference: Int, frame: Int)], mayBeShort: Set<Int> = [],
                    file: StaticString = #filePath, line: UInt = #line) throws {
        let matcher = CaptureMatcher(references: references)
        switch matcher.runs(try capture(), expected: expected) {
        case .success(let runs):
            for (i, run) in runs.dropLast().enumerated() {
                XCTAssertGreaterThan(run.frames, mayBeShort.contains(i) ? 0 : 4096, "run \(run) too short", file: file, line: line)
            }
        case .failure(let failure):
            XCTFail("\(failure)", file: file, line: line)
        }
    }

    func testPlayingAFolderPlaysItsTracksInOrderToTheEnd() throws {
        try reply(.play, paths: [dir.path])
        let status = try daemon.waitFor("the album to end", timeout: 30) { $0.state == .idle }
        XCTAssertEqual(status.tracks.map(\.path), tracks)
        XCTAssertEqual(try capture(), references.flatMap { $0 })
    }

    func testNextAndPreviousLandOnTrackStarts() throws {
        try reply(.play, paths: tracks)
        try daemon.waitFor("track 1 playing") { $0.state == .playing && $0.position > 0.5 }
        try reply(.next)
        var status = try daemon.waitFor("track 2 playing") { $0.currentIndex == 1 && $0.position > 0.5 }
        XCTAssertEqual(status.state, .playing)
        // Less than 3 s in: previous goes back a track.
        try reply(.prev)
        try daemon.waitFor("back on track 1") { $0.currentIndex == 0 && $0.position > 3.2 }
        // More than 3 s in: previous restarts the track.
        try reply(.prev)
        // Heard for a moment before the next command, so its run is more than what the
        // device takes in one burst after a flush (a buffer).
        status = try daemon.waitFor("track 1 restarted") {
            $0.currentIndex == 0 && $0.position > 0.3 && $0.position < 2 && $0.state == .playing
        }
        try reply(.next)
        try reply(.next)
        try daemon.waitFor("track 3 playing") { $0.currentIndex == 2 && $0.position > 0.5 }
        try reply(.next)
        status = try daemon.waitFor("end of album after next on the last track") { $0.state == .idle }
        XCTAssertNil(status.currentIndex)
        try assertRuns([(0, 0), (1, 0), (0, 0), (0, 0), (1, 0), (2, 0)], mayBeShort: [4])
    }

    func testSeekLandsOnTheExactSample() throws {
        try reply(.play, paths: tracks)
        try daemon.waitFor("track 1 playing") { $0.state == .playing && $0.position > 0.3 }
        try reply(.seek, seconds: 3.25)
        let status = try daemon.waitFor("position after seek") { $0.state == .playing }
        XCTAssertEqual(status.currentIndex, 0)
        XCTAssertGreaterThanOrEqual(status.position, 3.2)
        XCTAssertLessThan(status.position, 4.0)
        try daemon.waitFor("track 2 playing") { $0.currentIndex == 1 && $0.position > 0.3 }
        try reply(.seek, seconds: 1)
        try daemon.waitFor("into track 3") { $0.currentIndex == 2 }
        try reply(.stop)
        let refused = try daemon.request(.seek, seconds: 1)
        XCTAssertFalse(refused.ok, "seek while stopped must be refused")
        try assertRuns([(0, 0), (0, Int(3.25 * Double(Self.rate))), (1, 0), (1, Self.rate), (2, 0)])
    }

    /// Pause fades out, resume fades in: no sample is lost or repeated, and only the few
    /// milliseconds of ramp differ from the decode.
    func testPauseAndResumeLoseNothing() throws {
        try reply(.play, paths: [tracks[0]])
        try daemon.waitFor("playing") { $0.state == .playing && $0.position > 1 }
        try reply(.pause)
        let paused = try daemon.waitFor("paused") { $0.state == .paused }
        usleep(300_000)
        let still = try daemon.status().player
        XCTAssertEqual(still.position, paused.position, accuracy: 0.001, "position must not move while paused")
        try reply(.toggle)
        try daemon.waitFor("the track to end", timeout: 20) { $0.state == .idle }
        let captured = try capture()
        let reference = references[0]
        XCTAssertEqual(captured.count, reference.count, "samples inserted or dropped by pause/resume")
        guard let first = captured.indices.first(where: { captured[$0] != reference[$0] }) else {
            return XCTFail("no fade at all in the capture")
        }
        let ramp = 2 * 2 * (Self.rate / 200)  // fade out + fade in, in samples
        XCTAssertEqual(Array(captured[(first + ramp)...]), Array(reference[(first + ramp)...]),
                       "after the resume ramp the capture must continue the decode exactly")
        for i in first..<(first + ramp) {
            XCTAssertLessThanOrEqual(abs(Int(captured[i])), abs(Int(reference[i])) + 1, "ramp sample \(i) louder than the source")
        }
        XCTAssertEqual(Double(first / 2) / Double(Self.rate), paused.position, accuracy: 0.15)
    }

    /// Skips and seeks while paused stay paused; a new `play` plays.
    func testPausedStaysPausedUntilANewPlay() throws {
        try reply(.play, paths: tracks)
        try daemon.waitFor("playing") { $0.state == .playing && $0.position > 0.3 }
        try reply(.pause)
        try daemon.waitFor("paused") { $0.state == .paused }
        try reply(.next)
        var status = try daemon.status().player
        XCTAssertEqual(status.state, .paused)
        XCTAssertEqual(status.currentIndex, 1)
        try reply(.seek, seconds: 2)
        status = try daemon.status().player
        XCTAssertEqual(status.state, .paused)
        XCTAssertEqual(status.position, 2, accuracy: 0.001)
        try reply(.play, paths: [tracks[2]])
        try daemon.waitFor("the new album playing") { $0.state == .playing && $0.tracks.count == 1 }
    }
}
