import CrateCore
import Foundation
import TestSupport
import XCTest

/// The CDs wallet tells the truth when it gives no album: with none, the crate menu's
/// last row says how to make one; a wallet whose items match nothing says how many it
/// has and that none were found; diagnostics tell the last refresh.
final class WalletTruthTests: KnobTestCase {
    func makeLibrary() throws {
        let lib = LibraryFixture(root: music, seconds: 2)
        for (artist, title) in [("Art", "Hard Blowing"), ("Loud", "Riff Heavy")] {
            try lib.add("\(artist)/\(title)", [.init(file: "01.mp3", title: "\(title) one", artist: artist, album: title,
                                                     track: "1/1", genre: "Jazz")])
        }
    }

    func diagnostics(_ daemon: DaemonProcess) throws -> String {
        let run = try AdminProcess.run(["diagnostics", "--socket", daemon.socket])
        XCTAssertEqual(run.code, 0, run.err)
        return run.out
    }

    func testWithNoWalletTheMenuRowSaysHowToMakeOne() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/7: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 4), "crates 5/7: No CDs wallet: make a Plex playlist \"CDs\"",
                       "the last row says how to make one")
        let howTo = "no CDs wallet yet: make a Plex audio playlist named \"CDs\" (a track of each album), "
            + "or list albums in a text file and set [crate] wallet to it"
        XCTAssertEqual(try input(daemon, "press", "knob"), "failed: " + howTo)
        let panel = try snapshot(daemon)
        XCTAssertTrue(messageFitsWhole(howTo, in: panel), "not cut before its last words")
        XCTAssertEqual(messageBoxDifference(howTo, in: panel), 0, "the panel says it in full")
        XCTAssertEqual(try crate(daemon).name, "Crate", "the knob stays in the crate it was in")
        let text = try diagnostics(daemon)
        XCTAssertTrue(text.contains("wallet:  none, refreshed ") && text.contains("0 items, 0 found; " + howTo), text)
    }

    func testAConfiguredListThatIsMissingNamesItsPath() throws {
        try makeLibrary()
        let list = dir.path + "/cds.txt"
        let daemon = try scannedDaemon("[crate]\nwallet = \"\(list)\"\n")
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/7: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 4), "crates 5/7: No CDs wallet: write \(list)")
        let failed = try XCTUnwrap(try input(daemon, "press", "knob"))
        XCTAssertTrue(failed.hasPrefix("failed: no CDs wallet yet: write one album a line (Artist - Album, or a folder) to \(list)"),
                      failed)
        // The longest how-to, its Plex half included, is on the panel whole.
        let howTo = String(failed.dropFirst("failed: ".count))
        XCTAssertTrue(howTo.hasSuffix("(a track of each album)"), howTo)
        let panel = try snapshot(daemon)
        XCTAssertTrue(messageFitsWhole(howTo, in: panel), "not cut before its Plex half")
        XCTAssertEqual(messageBoxDifference(howTo, in: panel), 0, "the panel says it in full")
        let text = try diagnostics(daemon)
        XCTAssertTrue(text.contains("wallet:  ") && text.contains("0 items, 0 found") && text.contains(list), text)
    }

    func testAWalletThatFindsNothingSaysHowManyItemsItHas() throws {
        try makeLibrary()
        let (daemon, list) = try walletDaemon("Nobody - Nothing\nNoone - Nowhere\n/elsewhere/Album\n")
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/7: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 3), "crates 4/7: CDs wallet")
        let said = "CDs wallet: 3 items, none of them found in the library"
        XCTAssertEqual(try input(daemon, "press", "knob"), "failed: " + said)
        XCTAssertEqual(messageBoxDifference(said, in: try snapshot(daemon)), 0)
        XCTAssertEqual(try crate(daemon).name, "Crate")

        let admin = try AdminProcess.run(["crate", "--socket", daemon.socket, "--wallet"])
        XCTAssertEqual(admin.code, 1)
        XCTAssertTrue(admin.err.contains(said), admin.err)
        let text = try diagnostics(daemon)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("wallet:") }, text)
        XCTAssertTrue(line.contains("3 items, 0 found"), String(line))
        XCTAssertTrue(line.contains("refreshed "), String(line))

        // Once an item matches, the wallet is a crate again and diagnostics say so.
        try "Nobody - Nothing\nArt - Hard Blowing\n".write(toFile: list, atomically: true, encoding: .utf8)
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/7: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 3), "crates 4/7: CDs wallet")
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: CDs (1 album)")
        XCTAssertTrue(try diagnostics(daemon).contains("2 items, 1 found"))
    }
}
