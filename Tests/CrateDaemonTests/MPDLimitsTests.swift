import CrateCore
import Foundation
import TestSupport
import XCTest

/// What one MPD client can cost the box is bounded: a command list's length, the answer
/// waiting for it, the time it may sit silent, and its place among `max_clients`. Each is
/// held against the real listener over real sockets.
final class MPDLimitsTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "mpdlimits") }
    override func tearDown() { dir?.remove() }

    /// crated on `albums` albums of 12 tracks with `[mpd]` on a free port.
    func startCrate(albums: Int = 2, _ mpdConfig: String) throws -> (DaemonProcess, UInt16) {
        try LibraryFixture(root: music, seconds: 0.1).addUntaggedBulk(albums: albums, tracks: 12, under: "Bulk")
        return try MPDPeers.startCrate(dir: dir.path, music: music, mpdConfig: mpdConfig)
    }

    /// crated's resident memory in kB.
    func residentKB(_ daemon: DaemonProcess) throws -> Int {
        let text = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ").dropFirst().first ?? ""))
    }

    func testACommandListOverTheCapIsAnsweredWithAnACKAndDropped() throws {
        let (daemon, port) = try startCrate("max_command_list = 16")
        let client = try MPDLineClient(port: port)
        let list = ["command_list_ok_begin"] + Array(repeating: "ping", count: 20) + ["play", "command_list_end"]
        XCTAssertEqual(try client.command(list.joined(separator: "\n")),
                       ["ACK [2@16] {} command list is longer than 16 commands ([mpd] max_command_list)"])
        XCTAssertEqual(try client.command("ping"), ["OK"], "the connection goes on, the rest of the list was dropped")
        XCTAssertEqual(try client.command("command_list_begin\nping\nstatus\ncommand_list_end").last, "OK",
                       "a list within the cap runs")
        XCTAssertEqual(try daemon.status().player.state, .idle, "nothing of the dropped list ran")
    }

    func testAClientThatNeverReadsStallsNoOneAndCostsLittleMemory() throws {
        let (daemon, port) = try startCrate(albums: 40, "")
        let watcher = try MPDLineClient(port: port)
        XCTAssertEqual(try watcher.command("listallinfo").last, "OK", "the catalog is built")
        let before = try residentKB(daemon)

        // A thousand full listings asked for, none read.
        let hog = try MPDLineClient(port: port)
        let list = ["command_list_begin"] + Array(repeating: "listallinfo", count: 1000) + ["command_list_end"]
        XCTAssertTrue(hog.send(Array((list.joined(separator: "\n") + "\n").utf8)))
        let pipelined = try MPDLineClient(port: port)
        XCTAssertTrue(pipelined.send(Array(String(repeating: "listallinfo\n", count: 1000).utf8)))
        usleep(300_000)

        // The others are served as if the hogs were not there (MPDLineClient gives up after 10 s).
        for _ in 0..<20 {
            XCTAssertEqual(try watcher.command("status").last, "OK")
            let fresh = try MPDLineClient(port: port)
            XCTAssertEqual(try fresh.command("listallinfo").filter { $0.hasPrefix("file: ") }.count, 480)
        }
        let grown = try residentKB(daemon) - before
        XCTAssertLessThan(grown, 64 << 10, "the unread answers are not built in memory (grew \(grown) kB)")

        // A client reading slowly gets every answer in full.
        let reader = try MPDLineClient(port: port)
        let answer = try reader.command("command_list_ok_begin\nlistallinfo\nlistallinfo\ncommand_list_end")
        XCTAssertEqual(answer.filter { $0.hasPrefix("file: ") }.count, 960)
        XCTAssertEqual(answer.filter { $0 == "list_OK" }.count, 2)
        withExtendedLifetime([hog, pipelined]) {}
    }

    func testAnAnswerOverTheOutputCapClosesTheConnectionAndIsLogged() throws {
        let (daemon, port) = try startCrate(albums: 40, "max_output_buffer = 16384")
        // `list file` is one answer of about 22 kB, over the cap: the client is let go.
        let greedy = try MPDLineClient(port: port)
        XCTAssertTrue(greedy.send(Array("list file\n".utf8)))
        XCTAssertNil(try greedy.readLine(), "the connection is closed")
        XCTAssertTrue(daemon.log.contains("more than 16384 bytes of unsent output"), daemon.log)
        // Listings stream as the client reads, so a reading client gets them whole.
        let reader = try MPDLineClient(port: port)
        XCTAssertEqual(try reader.command("listallinfo").filter { $0.hasPrefix("file: ") }.count, 480)
        XCTAssertEqual(try reader.command("find \"(file contains 'Song')\"").filter { $0.hasPrefix("file: ") }.count, 480)
        XCTAssertEqual(try reader.command("ping"), ["OK"])
    }

    func testSilentClientsAreEvictedAndANewClientAlwaysGetsItsGreeting() throws {
        let (daemon, port) = try startCrate("max_clients = 4\nconnection_timeout = 2")
        defer { withExtendedLifetime(daemon) {} }
        // The cap's worth of silent connections.
        let silent = try (0..<4).map { _ in try MPDLineClient(port: port) }
        XCTAssertTrue(silent.allSatisfy { $0.greeting.hasPrefix("OK MPD ") })
        let newcomer = try MPDLineClient(port: port)
        XCTAssertTrue(newcomer.greeting.hasPrefix("OK MPD "), "room is made: got '\(newcomer.greeting)'")
        XCTAssertEqual(try newcomer.command("ping"), ["OK"])
        XCTAssertNil(try silent[0].readLine(), "the longest silent client made the room")
        // The others and the newcomer, silent now, are let go after the timeout.
        for client in silent.dropFirst() + [newcomer] { XCTAssertNil(try client.readLine(), "closed after connection_timeout") }

        // An idle client waits as long as it likes; a silent one is let go after the timeout.
        let idle = try MPDLineClient(port: port)
        XCTAssertTrue(idle.send(Array("idle\n".utf8)))
        let quiet = try MPDLineClient(port: port)
        let start = Date()
        XCTAssertNil(try quiet.readLine(), "a silent client is closed after connection_timeout")
        XCTAssertLessThan(Date().timeIntervalSince(start), 9)
        usleep(2_500_000)
        XCTAssertEqual(try idle.command("noidle"), ["OK"], "a client in idle is not silent")
        XCTAssertEqual(try idle.command("ping"), ["OK"])
    }
}
