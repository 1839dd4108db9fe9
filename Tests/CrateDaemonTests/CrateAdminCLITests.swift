import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The real crate-admin binary against the real crated, as an admin over SSH uses them.
final class CrateAdminCLITests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "admin") }
    override func tearDown() { dir?.remove() }

    func admin(_ args: [String]) throws -> (code: Int32, out: String, err: String) {
        try AdminProcess.run(args)
    }

    func testTransportAndStatusThroughTheCommandLine() throws {
        let album = dir.path + "/Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        for i in 1...2 {
            try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: 4), rate: 44100, channels: 2,
                                        encoding: .cbr(kbps: 128), to: "\(album)/0\(i) Song.mp3")
        }
        let daemon = try DaemonProcess(dir: dir.path)
        let socket = ["--socket", daemon.socket]
        XCTAssertEqual(try admin(["play"] + socket + [album]).code, 0)
        try daemon.waitFor("playing") { $0.state == .playing }
        let status = try admin(socket + ["status"])
        XCTAssertEqual(status.code, 0, status.err)
        XCTAssertTrue(status.out.contains("playing"), status.out)
        XCTAssertTrue(status.out.contains("01 Song.mp3"), status.out)
        let json = try admin(["status", "--json"] + socket)
        let reply = try JSONDecoder().decode(ControlReply.self, from: Data(json.out.utf8))
        XCTAssertEqual(reply.status?.player.tracks.count, 2)
        XCTAssertEqual(try admin(["seek"] + socket + ["0:02"]).code, 0)
        let position = try daemon.status().player.position
        XCTAssertGreaterThanOrEqual(position, 2.0)
        XCTAssertLessThan(position, 2.5)
        let tooFar = try admin(["seek"] + socket + ["9:00"])
        XCTAssertEqual(tooFar.code, 1)
        XCTAssertTrue(tooFar.err.contains("only 0:04 long"), tooFar.err)
        XCTAssertEqual(try admin(["next"] + socket).code, 0)
        XCTAssertEqual(try daemon.status().player.currentIndex, 1)
        XCTAssertEqual(try admin(["pause"] + socket).code, 0)
        try daemon.waitFor("paused") { $0.state == .paused }
        XCTAssertEqual(try admin(["stop"] + socket).code, 0)
        XCTAssertEqual(try daemon.status().player.state, .idle)
    }

    func testNoDaemonIsAClearErrorWithExitCodeTwo() throws {
        let result = try admin(["status", "--socket", dir.path + "/nothing.sock"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("not running"), result.err)
    }

    /// With every place taken, crate-admin shows the daemon's reason, not a broken pipe.
    func testAFullDaemonSaysWhyItRefused() throws {
        let daemon = try DaemonProcess(dir: dir.path, controlConfig: "max_clients = 1")
        // The one place, once the start-up check's connection has left it.
        var holder = try daemon.connect()
        let deadline = Date().addingTimeInterval(10)
        while try holder.request(ControlRequest(cmd: .ping)).ok == false, Date() < deadline {
            usleep(20_000)
            holder = try daemon.connect()
        }
        let result = try admin(["status", "--socket", daemon.socket])
        XCTAssertNotEqual(result.code, 0)
        XCTAssertTrue(result.err.contains("too many control clients: 1 are connected"), result.err)
        holder.close()
    }
}
