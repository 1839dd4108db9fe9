import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The sleep timer from crate-admin and from the crate menu: the music fades out (heard
/// in the capture) and pauses, and what is left shows in `status` and on the panel. A
/// minute lasts `[playback] sleep_minute_seconds` (lowered here, so no test waits 15 min).
final class SleepTimerDaemonTests: KnobTestCase {
    /// Seconds of one window of the capture's loudness.
    let window = 0.2

    /// The loudest sample of each `window` of the capture (S16 stereo, 44.1 kHz), in order.
    func peaks(_ daemon: DaemonProcess) throws -> [Int] {
        let samples = try AudioFixtures.readRaw(daemon.capture)
        let size = Int(44100 * window) * 2
        return stride(from: 0, to: samples.count - size + 1, by: size).map { start in
            samples[start..<(start + size)].reduce(0) { max($0, abs(Int($1))) }
        }
    }

    /// The capture's last `seconds` get quieter window by window, from the full level of
    /// the tone before them to a fraction of it.
    func assertEndsWithAFade(_ daemon: DaemonProcess, seconds: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let levels = try peaks(daemon)
        let fade = Int(seconds / window)
        XCTAssertGreaterThan(levels.count, fade + 3, "the capture is too short", file: file, line: line)
        guard levels.count > fade + 3 else { return }
        let before = levels[levels.count - fade - 3]
        let tail = Array(levels.suffix(fade))
        XCTAssertGreaterThan(before, 10_000, "the tone at full level before the fade: \(levels)", file: file, line: line)
        for (earlier, later) in zip(tail, tail.dropFirst()) {
            XCTAssertLessThanOrEqual(later, earlier + earlier / 20, "the fade only goes down: \(tail)", file: file, line: line)
        }
        XCTAssertLessThan(tail.last ?? .max, before / 3, "faded to a fraction of the level: \(tail)", file: file, line: line)
    }

    func testATimerFromCrateAdminFadesOutAndPausesAndStatusSaysWhatIsLeft() throws {
        let lib = LibraryFixture(root: music, seconds: 10)
        try lib.add("Band/Night", [.init(file: "01.mp3", title: "Dusk", artist: "Band", album: "Night", track: "1/1", year: 2001)])
        let daemon = try scannedDaemon("[playback]\nsleep_minute_seconds = 2\nsleep_fade_seconds = 1.6\n")
        let socket = ["--socket", daemon.socket]
        XCTAssertEqual(try AdminProcess.run(["sleep"] + socket + ["15"]).code, 64, "a time without its unit is refused")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .sleep, sleep: "soon"), ok: false).error,
                       "sleep needs 'sleep': \(SleepSetting.accepted)")
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "Night")))
        try daemon.waitFor("playing") { $0.state == .playing && $0.position > 0.5 }

        let set = try AdminProcess.run(["sleep"] + socket + ["2m"])
        XCTAssertEqual(set.code, 0, set.err)
        XCTAssertEqual(set.out, "sleep: 0:04 left, then a fade and a pause\n")
        let timer = try XCTUnwrap(try daemon.status().sleep)
        XCTAssertEqual(timer.endOfAlbum, false)
        XCTAssertTrue((1...4).contains(timer.remainingSeconds ?? 0), "counting down from 4 s: \(timer)")
        let status = try AdminProcess.run(["status"] + socket)
        XCTAssertTrue(status.out.contains("left, then a fade and a pause"), status.out)

        try daemon.waitFor("paused by the timer", timeout: 10) { $0.state == .paused }
        XCTAssertNil(try daemon.status().sleep, "the timer is done")
        XCTAssertLessThan(try daemon.status().player.position, 8.5, "paused mid-track, before the album ended")
        XCTAssertEqual(daemon.stop(), 0)
        try assertEndsWithAFade(daemon, seconds: 1.4)
    }

    func testEndOfAlbumFromTheMenuPausesAfterItsLastTrackInsteadOfGoingOn() throws {
        let lib = LibraryFixture(root: music, seconds: 4)
        try lib.add("Band/Night", [
            .init(file: "01.mp3", title: "Dusk", artist: "Band", album: "Night", track: "1/2", year: 2001, genre: "Jazz"),
            .init(file: "02.mp3", title: "Dark", artist: "Band", album: "Night", track: "2/2", year: 2001, genre: "Jazz"),
        ])
        try lib.add("Band/Morning", [.init(file: "01.mp3", title: "Dawn", artist: "Band", album: "Morning", track: "1/1",
                                           year: 2002, genre: "Jazz")])
        let daemon = try scannedDaemon("[playback]\nsleep_fade_seconds = 1.2\n")
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Band"))
        XCTAssertEqual(try input(daemon, "press", "play"), "play album \(try albumID(daemon, "Night"))")
        try daemon.waitFor("Night playing") { $0.state == .playing }

        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/7: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 10), "crates 7/7: Sleep timer", "last in the menu")
        XCTAssertEqual(try input(daemon, "press", "knob"), "sleep timer 1/5: 15 minutes")
        XCTAssertEqual(try input(daemon, "turn", "knob", 3), "sleep timer 4/5: End of this album")
        XCTAssertEqual(try input(daemon, "press", "knob"), "sleep: end-of-album")
        let status = try daemon.status()
        XCTAssertEqual(status.controls?.mode, .nowPlaying)
        XCTAssertEqual(status.sleep?.endOfAlbum, true)

        // The now-playing screen's status row says so, right of "1/2" (or "2/2"): in
        // full where it fits, else its short form, never cut.
        let image = try snapshot(daemon)
        let shown = ["1/2", "2/2"].contains { line in
            ["Sleep: end of album", "Zz end"].contains { words in
                panelShows(words, in: image, box: { layout in
                    var box = layout.nowPlaying.trackLine
                    let used = min(box.width, TextLayout.width(of: line + "  ", font: layout.fonts.small))
                    box.x += used
                    box.width -= used
                    return box
                }, font: { $0.small }, color: { $0.secondaryText }, alignment: .trailing)
            }
        }
        XCTAssertTrue(shown, "the panel shows the sleep timer")

        let end = try daemon.waitFor("paused at the end of Night", timeout: 20) { $0.state == .paused || $0.state == .idle }
        XCTAssertEqual(end.state, .paused)
        XCTAssertTrue(end.currentTrack?.path.hasSuffix("/Night/02.mp3") ?? false, "\(String(describing: end.currentTrack))")
        XCTAssertGreaterThan(end.position, 2.5, "in the last seconds of the album's last track")
        XCTAssertNil(try daemon.status().sleep)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(try daemon.status().player.state, .paused, "Morning did not start")
        XCTAssertEqual(daemon.stop(), 0)
        try assertEndsWithAFade(daemon, seconds: 1.0)
        let frames = try AudioFixtures.readRaw(daemon.capture).count / 2
        XCTAssertLessThan(frames, 8 * 44100, "nothing of the next album was heard")
    }
}
