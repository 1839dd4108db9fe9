import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The status display end to end: what `display-snapshot` returns is the screen the
/// daemon drew for what is playing.
final class DisplayDaemonTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "display") }
    override func tearDown() { dir?.remove() }

    /// True when `image` shows `text` where the now-playing layout puts the album title:
    /// the expected string is drawn with the layout's font on the background and the
    /// region compared pixel for pixel.
    func showsAlbumTitle(_ text: String, in image: RGBImage) -> Bool {
        panelShows(text, in: image, box: { $0.nowPlaying.album }, font: { $0.large }, color: { $0.text })
    }

    func testTheNowPlayingScreenShowsTheAlbumPlaying() throws {
        try LibraryFixture(root: music, seconds: 4).add("Band/Night Drive", [
            .init(file: "01.mp3", title: "Headlights", artist: "Test Band", album: "Night Drive", track: "1/2"),
            .init(file: "02.mp3", title: "Tail Lights", artist: "Test Band", album: "Night Drive", track: "2/2"),
        ])
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music],
                                       extraConfig: "[display]\nwidth = 320\nheight = 240")
        var albums: [AlbumSummary] = []
        let deadline = Date().addingTimeInterval(20)
        while albums.isEmpty {
            guard Date() < deadline else { throw FixtureError("the start-up scan did not finish") }
            usleep(50_000)
            albums = try request(daemon, ControlRequest(cmd: .albums)).albums ?? []
        }

        let idle = try snapshot(daemon)
        XCTAssertEqual(idle.width, 320)
        XCTAssertEqual(idle.height, 240)
        XCTAssertFalse(showsAlbumTitle("Night Drive", in: idle), "nothing plays yet")
        XCTAssertEqual(try daemon.status().display?.screen, "start")

        _ = try request(daemon, ControlRequest(cmd: .play, album: albums[0].id))
        try daemon.waitFor("playing") { $0.state == .playing && $0.position > 0.2 }
        let playing = try snapshot(daemon)
        XCTAssertTrue(showsAlbumTitle("Night Drive", in: playing), "the album title where the layout puts it")
        XCTAssertFalse(showsAlbumTitle("Night Dance", in: playing), "and not just any text")

        let status = try XCTUnwrap(try daemon.status().display)
        XCTAssertNil(status.device)
        XCTAssertNil(status.problem)
        XCTAssertGreaterThan(status.frames, 1)
        XCTAssertEqual(status.screen, "now-playing")
    }

    /// With no panel nobody sees the elapsed time tick: playing draws no frame a second
    /// (each is work on the box's small CPU), yet a snapshot still shows the album.
    func testWithoutAPanelPlayingDrawsNoFrameEachSecond() throws {
        try LibraryFixture(root: music, seconds: 8).add("Band/Long Drive", [
            .init(file: "01.mp3", title: "Miles", artist: "Test Band", album: "Long Drive", track: "1/1"),
        ])
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music],
                                       extraConfig: "[display]\nwidth = 320\nheight = 240")
        try daemon.waitForStartupScan()
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first)
        _ = try request(daemon, ControlRequest(cmd: .play, album: album.id))
        try daemon.waitFor("playing") { $0.state == .playing && $0.position > 0.5 }
        let before = try XCTUnwrap(try daemon.status().display).frames
        try daemon.waitFor("3 s more played") { $0.state == .playing && $0.position > 3.7 }
        XCTAssertEqual(try XCTUnwrap(try daemon.status().display).frames, before,
                       "frames drawn while playing with no panel")
        XCTAssertTrue(showsAlbumTitle("Long Drive", in: try snapshot(daemon)))
    }

    func testAMissingPanelIsReportedAndSnapshotsStillWork() throws {
        let daemon = try DaemonProcess(dir: dir.path, extraConfig: "[display]\ndevice = \"\(dir.path)/fb9\"")
        let status = try daemon.status()
        let problem = try XCTUnwrap(status.display?.problem)
        XCTAssertTrue(problem.contains("\(dir.path)/fb9"), problem)
        XCTAssertTrue(status.warnings.contains { $0.hasPrefix("display: ") }, "\(status.warnings)")
        XCTAssertEqual(try snapshot(daemon).width, 320, "the off-screen display stands in")

        // Not a framebuffer at all: a clear error, and still no harm done.
        FileManager.default.createFile(atPath: dir.path + "/fb9", contents: Data([1, 2, 3]))
        let retried = try waitForProblem(daemon) { $0.contains("is not a framebuffer device") }
        XCTAssertTrue(retried.contains("fb9"), retried)
        XCTAssertEqual(try daemon.status().player.state, .idle)
    }

    func waitForProblem(_ daemon: DaemonProcess, timeout: Double = 15, _ matches: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let problem = try daemon.status().display?.problem, matches(problem) { return problem }
            usleep(100_000)
        }
        throw FixtureError("the display problem did not change: \(try daemon.status().display?.problem ?? "none")")
    }
}
