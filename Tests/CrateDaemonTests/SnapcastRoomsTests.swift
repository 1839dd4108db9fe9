import CrateCore
import CrateSnapcast
import CrateWire
import Foundation
import TestSupport
import XCTest

/// `crate-admin rooms` and the rooms in crated's status, against a real snapserver and
/// real snapclients on loopback.
final class SnapcastRoomsTests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "snaprooms") }
    override func tearDown() { dir?.remove() }

    func admin(_ args: [String], config: String, expect code: Int32 = 0) throws -> String {
        let run = try AdminProcess.run(args + ["--config", config])
        XCTAssertEqual(run.code, code, "crate-admin \(args.joined(separator: " ")): \(run.err)")
        return run.out + run.err
    }

    func writeConfig(_ snapcast: SnapcastRig) throws -> String {
        let path = dir.file("crate.toml")
        try snapcast.crateConfig.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func room(_ snapcast: SnapcastRig, _ id: String) throws -> (client: SnapcastClientInfo, group: SnapcastGroup) {
        try XCTUnwrap(try snapcast.status().clients.first { $0.client.id == id }, "\(id) is not in Server.GetStatus")
    }

    func testRoomsListVolumeMuteJoinAndLeaveReachSnapserver() throws {
        let snapcast = try SnapcastRig(dir: dir.file("snap"), idleStream: true)
        try snapcast.startRoom("room-a")
        try snapcast.startRoom("room-b")
        let config = try writeConfig(snapcast)

        let list = try admin(["rooms"], config: config)
        XCTAssertTrue(list.contains("the box's stream: Crate"), list)
        for id in ["room-a", "room-b"] {
            XCTAssertTrue(list.split(separator: "\n").contains { $0.contains(id) && $0.contains("playing") }, list)
        }
        let json = try JSONDecoder().decode(RoomsStatus.self, from: Data(try admin(["rooms", "list", "--json"], config: config).utf8))
        XCTAssertEqual(Set(json.rooms.filter(\.playingBox).map(\.id)), ["room-a", "room-b"])

        _ = try admin(["rooms", "volume", "room-a", "35"], config: config)
        XCTAssertEqual(try room(snapcast, "room-a").client.config.volume, .init(percent: 35, muted: false))
        _ = try admin(["rooms", "mute", "room-b"], config: config)
        XCTAssertEqual(try room(snapcast, "room-b").client.config.volume, .init(percent: 100, muted: true))
        _ = try admin(["rooms", "unmute", "room-b"], config: config)
        XCTAssertFalse(try room(snapcast, "room-b").client.config.volume.muted)

        // Both rooms in one group: leaving takes only room-a to the idle stream.
        struct Clients: Encodable { var id: String; var clients: [String] }
        try snapcast.call("Group.SetClients", Clients(id: try room(snapcast, "room-a").group.id, clients: ["room-a", "room-b"]))
        XCTAssertEqual(try room(snapcast, "room-a").group.id, try room(snapcast, "room-b").group.id)
        let left = try admin(["rooms", "leave", "room-a"], config: config)
        XCTAssertTrue(left.contains("stream idle"), left)
        XCTAssertEqual(try room(snapcast, "room-a").group.streamID, "idle")
        XCTAssertEqual(try room(snapcast, "room-b").group.streamID, "Crate", "the other room keeps playing the box")
        _ = try admin(["rooms", "join", "room-a"], config: config)
        XCTAssertEqual(try room(snapcast, "room-a").group.streamID, "Crate")

        let unknown = try admin(["rooms", "volume", "kitchen", "20"], config: config, expect: 1)
        XCTAssertTrue(unknown.contains("no room 'kitchen'") && unknown.contains("room-a") && unknown.contains("room-b"), unknown)
    }
}

/// The rooms as crated sees them: in `status`, and what happens when snapserver is away.
extension SnapcastRoomsTests {
    func waitForRooms(_ daemon: DaemonProcess, _ what: String, _ condition: (RoomsStatus) -> Bool) throws -> DaemonStatus {
        let deadline = Date().addingTimeInterval(15)
        while true {
            let status = try daemon.status()
            if let rooms = status.rooms, condition(rooms) { return status }
            if Date() > deadline { throw FixtureError("timed out waiting for \(what); rooms: \(String(describing: status.rooms))") }
            usleep(100_000)
        }
    }

    /// A crated with its files in a folder of its own.
    func startDaemon(_ extraConfig: String) throws -> DaemonProcess {
        try FileManager.default.createDirectory(atPath: dir.file("crated"), withIntermediateDirectories: true)
        return try DaemonProcess(dir: dir.file("crated"), extraConfig: extraConfig)
    }

    func testStatusListsTheRoomsAndMarksAKilledOneDroppedOut() throws {
        let snapcast = try SnapcastRig(dir: dir.file("snap"))
        try snapcast.startRoom("room-a")
        try snapcast.startRoom("room-b")
        let daemon = try startDaemon(snapcast.crateConfig)

        _ = try waitForRooms(daemon, "both rooms playing") { Set($0.playing.map(\.id)) == ["room-a", "room-b"] }
        let shown = try admin(["status"], config: daemon.configPath)
        XCTAssertTrue(shown.contains("2 playing (room-a, room-b)"), shown)

        snapcast.killRoom("room-b")
        let status = try waitForRooms(daemon, "room-b dropped out") { $0.droppedOut.map(\.id) == ["room-b"] }
        XCTAssertEqual(status.rooms?.playing.map(\.id), ["room-a"])
        XCTAssertTrue(status.warnings.contains { $0.contains("room-b dropped out") }, "\(status.warnings)")
        let after = try admin(["status"], config: daemon.configPath)
        XCTAssertTrue(after.contains("1 playing (room-a); dropped out: room-b"), after)
    }

    func testSnapserverDownIsAClearErrorAndCratedGoesOnUntilItIsBack() throws {
        let ports = try FreePorts.take(3)
        let config = "[snapcast]\nstream = \"tcp://127.0.0.1:\(ports[0])\"\ncontrol = \"127.0.0.1:\(ports[2])\"\n"
        let daemon = try startDaemon(config)
        let down = try waitForRooms(daemon, "the unreachable error") { $0.error != nil }
        let refused = "snapserver at 127.0.0.1:\(ports[2]): connection refused"
        XCTAssertTrue(down.rooms?.error?.hasPrefix(refused) == true, "\(String(describing: down.rooms))")
        XCTAssertTrue(down.warnings.contains { $0.hasPrefix("snapcast: " + refused) }, "\(down.warnings)")
        let rooms = try admin(["rooms"], config: daemon.configPath, expect: 2)
        XCTAssertTrue(rooms.contains(refused), rooms)

        // The box itself is unaffected: it takes an album and answers. (Whether the sound
        // reaches the rooms is the snapcast output's business, not the rooms thread's.)
        let music = dir.file("music")
        try LibraryFixture(root: music, seconds: 1).add("Band/Album", [.init(file: "01.mp3", title: "One")])
        XCTAssertTrue(try daemon.request(.play, paths: [music + "/Band/Album"]).ok)
        try daemon.waitFor("the album loaded") { $0.currentTrack != nil }

        let snapcast = try SnapcastRig(dir: dir.file("snap"), ports: ports)
        try snapcast.startRoom("room-a")
        let back = try waitForRooms(daemon, "snapserver back") { $0.error == nil && $0.playing.map(\.id) == ["room-a"] }
        XCTAssertFalse(back.warnings.contains { $0.hasPrefix("snapcast:") }, "\(back.warnings)")
    }
}

/// What snapserver's refusals and a server that is not snapserver look like.
extension SnapcastRoomsTests {
    func testJSONRPCErrorsAndGarbageAreShownInTheirOwnWords() throws {
        let snapcast = try SnapcastRig(dir: dir.file("snap"))
        struct SetStream: Encodable { var id: String; var stream_id: String }
        XCTAssertThrowsError(try snapcast.call("Group.SetStream", SetStream(id: "no-such-group", stream_id: "Crate"))) { error in
            XCTAssertEqual("\(error)", "snapserver at \(snapcast.control) refused Group.SetStream: Group not found (Internal error, -32603)")
        }

        // Something else on the port: it answers a line that is not JSON-RPC.
        let port = try FreePorts.take(1)[0]
        let impostor = Process()
        impostor.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        impostor.arguments = ["python3", "-c", """
            import socket
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", \(port))); s.listen(1); print("ready", flush=True)
            c, _ = s.accept(); c.recv(4096); c.sendall(b"220 welcome to FTP\\n"); c.recv(1)
            """]
        let ready = Pipe()
        impostor.standardOutput = ready
        try impostor.run()
        defer { impostor.terminate(); impostor.waitUntilExit() }
        _ = ready.fileHandleForReading.availableData  // "ready": listening
        try "".write(toFile: dir.file("empty.toml"), atomically: true, encoding: .utf8)
        let run = try AdminProcess.run(["rooms", "--server", "127.0.0.1:\(port)", "--config", dir.file("empty.toml")])
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(run.err.contains("snapserver at 127.0.0.1:\(port) answered garbage to Server.GetStatus: 220 welcome to FTP"), run.err)
    }
}
