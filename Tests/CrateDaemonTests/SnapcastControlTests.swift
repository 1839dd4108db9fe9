import CrateCore
import CrateSnapcast
import CrateWire
import Foundation
import TestSupport
import XCTest

/// `crate-admin snapcast-control` as the box stream's control script of a real
/// snapserver: what crated plays shows in snapserver's stream properties, and
/// snapserver's Stream.Control acts on crated.
final class SnapcastControlTests: XCTestCase {
    var dir: TemporaryDirectory!
    let cover = FormatFixtures.fakeJPEG(size: 4000)

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "snapctl") }
    override func tearDown() { dir?.remove() }

    struct Control: Encodable {
        struct Position: Encodable { var position: Double }
        var id = "Crate"
        var command: String
        var params: Position? = nil
    }

    /// crated with a scanned one-album library, and snapserver running the bridge.
    func start() throws -> (DaemonProcess, SnapcastRig) {
        let music = dir.file("music")
        try LibraryFixture(root: music, seconds: 12).add("Band/Album", ["One", "Two", "Three"].enumerated().map { index, title in
            .init(file: "0\(index + 1).mp3", title: title, artist: "Band", album: "Album", track: "\(index + 1)/3")
        })
        try Data(cover).write(to: URL(fileURLWithPath: music + "/Band/Album/cover.jpg"))
        let ports = try FreePorts.take(3)
        let config = "[snapcast]\nstream = \"tcp://127.0.0.1:\(ports[0])\"\ncontrol = \"127.0.0.1:\(ports[2])\"\n"
        try FileManager.default.createDirectory(atPath: dir.file("crated"), withIntermediateDirectories: true)
        let daemon = try DaemonProcess(dir: dir.file("crated"), libraryPaths: [music], extraConfig: config)
        // snapserver 0.26 runs the script with its own arguments only: a wrapper adds ours,
        // as /usr/share/crate/snapcast-control does on the box.
        let script = dir.file("snapcast-control")
        try """
            #!/bin/sh
            exec '\(try DaemonProcess.executable("crate-admin"))' snapcast-control --socket '\(daemon.socket)' "$@"
            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let snapcast = try SnapcastRig(dir: dir.file("snap"), controlScript: script, ports: ports)
        try daemon.waitForStartupScan()
        return (daemon, snapcast)
    }

    func properties(_ snapcast: SnapcastRig) throws -> SnapcastStream.Properties? {
        try snapcast.status().streams.first { $0.id == "Crate" }?.properties
    }

    func waitForTitle(_ snapcast: SnapcastRig, _ title: String, status: String = "playing") throws {
        try snapcast.waitFor("'\(title)' \(status) in snapserver's stream properties") {
            let properties = try self.properties(snapcast)
            return properties?.metadata?.title == title && properties?.playbackStatus == status
        }
    }

    func testSnapserverShowsWhatCratedPlaysAndItsControlsActOnCrated() throws {
        let (daemon, snapcast) = try start()
        let album = try XCTUnwrap(try daemon.connect().request(ControlRequest(cmd: .albums)).albums?.first?.id)
        XCTAssertTrue(try daemon.connect().request(ControlRequest(cmd: .play, album: album)).ok)

        try waitForTitle(snapcast, "One")
        let metadata = try XCTUnwrap(try properties(snapcast)?.metadata)
        XCTAssertEqual(metadata.album, "Album")
        XCTAssertEqual(metadata.artist, ["Band"])
        XCTAssertEqual(metadata.trackNumber, 1)
        XCTAssertEqual(try XCTUnwrap(metadata.duration), 12, accuracy: 0.1)
        XCTAssertEqual(metadata.artData, .init(data: Data(cover).base64EncodedString(), extension: "jpg"),
                       "the cover the display draws, as bytes")

        try snapcast.call("Stream.Control", Control(command: "pause"))
        try daemon.waitFor("paused by snapserver") { $0.state == .paused }
        try waitForTitle(snapcast, "One", status: "paused")
        try snapcast.call("Stream.Control", Control(command: "play"))
        try daemon.waitFor("playing again") { $0.state == .playing }
        try snapcast.call("Stream.Control", Control(command: "next"))
        try daemon.waitFor("the next track") { $0.currentIndex == 1 }
        try waitForTitle(snapcast, "Two")
        try snapcast.call("Stream.Control", Control(command: "setPosition", params: .init(position: 7)))
        try daemon.waitFor("the seek") { $0.currentIndex == 1 && $0.position >= 7 }

        // The box's own buttons: the rooms' screens follow.
        let pressed = try AdminProcess.run(["input", "press", "next", "--socket", daemon.socket])
        XCTAssertEqual(pressed.code, 0, pressed.err)
        try waitForTitle(snapcast, "Three")

        // Stopped, play takes the album up again at the start of its track, as the play button does.
        try snapcast.call("Stream.Control", Control(command: "stop"))
        try daemon.waitFor("stopped") { $0.state == .idle }
        try snapcast.waitFor("the stream stopped") { try self.properties(snapcast)?.playbackStatus == "stopped" }
        try snapcast.call("Stream.Control", Control(command: "play"))
        try daemon.waitFor("playing from the track it stopped in") { $0.state == .playing && $0.currentIndex == 2 }
        try waitForTitle(snapcast, "Three")
    }

    func testTheStreamShowsStoppedWhileCratedIsAwayAndFollowsItWhenBack() throws {
        let (daemon, snapcast) = try start()
        let album = try XCTUnwrap(try daemon.connect().request(ControlRequest(cmd: .albums)).albums?.first?.id)
        XCTAssertTrue(try daemon.connect().request(ControlRequest(cmd: .play, album: album)).ok)
        try waitForTitle(snapcast, "One")

        daemon.kill9()
        try snapcast.waitFor("the stream stopped with crated gone") { try self.properties(snapcast)?.playbackStatus == "stopped" }
        XCTAssertThrowsError(try snapcast.call("Stream.Control", Control(command: "play")), "nothing to control") { error in
            XCTAssertTrue("\(error)".contains("refused Stream.Control"), "\(error)")
        }

        // The same crated again (same socket): the script finds it by itself.
        let again = try DaemonProcess(dir: dir.file("crated"), libraryPaths: [dir.file("music")],
                                      extraConfig: "[snapcast]\ncontrol = \"127.0.0.1:\(snapcast.controlPort)\"\n")
        XCTAssertTrue(try again.connect().request(ControlRequest(cmd: .play, album: album)).ok)
        try waitForTitle(snapcast, "One")
    }
}
