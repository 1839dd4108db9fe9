import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// `like` says what it did, whatever state the sound device is in.
extension OpinionDaemonTests {
    func testWithNoSoundDeviceLikeSaysItLikedAndExitsZero() throws {
        try LibraryFixture(root: music, seconds: 1).add("Solo/First", [
            .init(file: "01.mp3", title: "One", artist: "Solo", album: "First", track: "1"),
        ])
        let daemon = try DaemonProcess(dir: dir.path, device: "hw:7,0", libraryPaths: [music])
        try daemon.waitForStartupScan()
        // A configured device that is missing is waited for (a DAC switched on late).
        _ = try daemon.waitFor("the missing device to be waited for") { $0.output.waitingForDevice == true }
        let id = try albumID(daemon, "First")

        let liked = try AdminProcess.run(["like", "--album", String(id), "--socket", daemon.socket])
        XCTAssertEqual(liked.code, 0, liked.err)
        XCTAssertEqual(liked.out, "liked: Solo — First\n", "what the command did, not the device's error")
        let copy = try request(daemon, ControlRequest(cmd: .backup, paths: [dir.path + "/likes.sqlite"])).userData
        XCTAssertEqual(copy?.likes, 1, "the like is recorded")
        let unliked = try AdminProcess.run(["unlike", "--album", String(id), "--socket", daemon.socket])
        XCTAssertEqual(unliked.out, "no longer liked or disliked: Solo — First\n", unliked.err)
        XCTAssertEqual(unliked.code, 0)
        let missing = try AdminProcess.run(["like", "--album", "999999", "--socket", daemon.socket])
        XCTAssertEqual(missing.code, 1, "an album that does not exist is a failure")
        XCTAssertTrue(missing.err.contains("no album with id 999999"), missing.err)
    }
}
