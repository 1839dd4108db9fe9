import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// What a hostile or broken MPD client gets: an ACK or a closed connection, never a
/// daemon down; the password, max_line, max_command_list and max_clients hold.
final class MPDHostileInputTests: MPDLibraryTestCase {
    func testBadInputGetsAnACKOrAClosedConnectionAndTheDaemonStaysUp() throws {
        try makeLibrary(seconds: 0.3)
        let (daemon, port) = try startCrate("password = \"sesame\"\nmax_clients = 6\nmax_line = 4096")
        let client = try MPDLineClient(port: port)
        XCTAssertEqual(try client.command("status").last, "OK", "reading needs no password")
        XCTAssertEqual(try client.command("play"), ["ACK [4@0] {play} you don't have permission for \"play\""])
        XCTAssertEqual(try client.command("password wrong"), ["ACK [3@0] {password} incorrect password"])
        XCTAssertEqual(try client.command("password sesame"), ["OK"])
        XCTAssertEqual(try client.command("status").last, "OK")
        XCTAssertEqual(try client.command("frobnicate"), ["ACK [5@0] {} unknown command \"frobnicate\""])
        XCTAssertEqual(try client.command("seek 1"), ["ACK [2@0] {seek} wrong number of arguments for \"seek\""])
        XCTAssertEqual(try client.command("find \"album"), ["ACK [5@0] {} Missing closing '\"'"])
        XCTAssertEqual(try client.command("random 1"),
                       ["ACK [2@0] {random} albums play in their own order: Crate does not shuffle tracks"])

        // A line over max_line, and bytes that are no command: the connection is closed.
        let long = try MPDLineClient(port: port)
        long.send([UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20) + [0x0A])
        XCTAssertNil(try long.readLine(), "a 10 MB line closes the connection")
        let garbage = try MPDLineClient(port: port)
        garbage.send([0x01, 0xFF, 0x00, 0x7F, 0x0A])
        XCTAssertEqual(try garbage.readLine(), "ACK [5@0] {} Letter expected")
        XCTAssertNil(try garbage.readLine())

        let endless = try MPDLineClient(port: port)
        endless.send(Array(("command_list_begin\n" + String(repeating: "ping\n", count: 5000)).utf8))
        XCTAssertEqual(try endless.readLine(), "ACK [2@4096] {} command list is longer than 4096 commands ([mpd] max_command_list)",
                       "a command list that never ends is cut off")

        // Random commands and bytes on fresh connections.
        var generator = SplitMix64(seed: 17)
        let words = ["play", "add", "find", "list", "idle", "noidle", "command_list_begin", "command_list_end",
                     "seek", "\"", "'", "(", ")", "group", "albumart", "binarylimit", "-1", "99999999999999999999"]
        for _ in 0..<60 {
            let fuzz = try MPDLineClient(port: port)
            // Refused when earlier fuzzers are not yet gone: fuzzing on is all that matters.
            _ = try? fuzz.command("password sesame")
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 40) {
                if generator.next() % 3 == 0 {
                    bytes += (0..<Int(generator.next() % 12)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                } else {
                    bytes += Array(words[Int(generator.next() % UInt64(words.count))].utf8) + [0x20]
                }
                if generator.next() % 4 == 0 { bytes.append(0x0A) }
            }
            fuzz.send(bytes + [0x0A])
        }

        // Six clients at most: a seventh is greeted, and the longest silent client without the
        // password makes room for it; the one with the password stays.
        usleep(300_000)
        var held = [client]
        for _ in 0..<5 { held.append(try MPDLineClient(port: port)) }
        let seventh = try MPDLineClient(port: port)
        XCTAssertTrue(seventh.greeting.hasPrefix("OK MPD "), "a client over max_clients is greeted")
        XCTAssertEqual(try seventh.command("ping"), ["OK"])
        XCTAssertEqual(try client.command("ping"), ["OK"], "the client with the password is kept")
        XCTAssertEqual(try held[5].command("ping"), ["OK"])
        XCTAssertNil(try held[1].readLine(), "the longest silent client without the password made room")
        held.removeAll()
        XCTAssertEqual(try daemon.status().player.state, .idle, "the daemon is up")
        XCTAssertTrue(daemon.process.isRunning)
    }
}
