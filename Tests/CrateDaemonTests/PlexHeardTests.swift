import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// What the server hears and what the box picks from it: a scrobble only for an album
/// heard to its end; the CDs wallet when several playlists carry its name.
final class PlexHeardTests: PlexTestCase {
    func requests(_ path: String) throws -> [[String: String]] {
        try plex.log().filter { ($0["path"] as? String) == path }.compactMap { $0["query"] as? [String: String] }
    }

    func testStopAndALastDislikeAreNotScrobbled() throws {
        try plex.load(try serverLibrary(albums: 1, tracksPerAlbum: 12))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == "Blue Train" }?.id)
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        try daemon.waitFor("Blue Train playing") { $0.state == .playing && ($0.currentIndex ?? 0) >= 1 }
        _ = try request(daemon, ControlRequest(cmd: .stop))
        try daemon.waitFor("stopped") { $0.state == .idle }

        // The only playable album: disliking it leaves nothing to play.
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        try daemon.waitFor("Blue Train playing again") { $0.state == .playing && ($0.currentIndex ?? 0) >= 1 }
        _ = try request(daemon, ControlRequest(cmd: .dislike))
        try daemon.waitFor("nothing left") { $0.state == .idle }
        _ = try request(daemon, ControlRequest(cmd: .like, album: album))
        // The like is written after anything queued before it: once it is there, a scrobble would be too.
        let deadline = Date().addingTimeInterval(20)
        while try requests("/:/rate").count < 2 && Date() < deadline { usleep(100_000) }
        XCTAssertEqual(try requests("/:/rate").map { $0["rating"] ?? "" }, ["2", "10"], "the dislike, then the like")
        XCTAssertEqual(try requests("/:/scrobble"), [], "neither play was heard to its end")
    }

    /// Only a like and a dislike are written: taking either back stays on the box.
    func testTakingBackALikeOrADislikeIsNotWrittenToTheServer() throws {
        try plex.load(try serverLibrary(albums: 1))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == "Blue Train" }?.id)
        for command in [ControlCommand.like, .unlike, .dislike, .unlike, .like] {
            _ = try request(daemon, ControlRequest(cmd: command, album: album))
        }
        // Written in order: once the last like is there, anything before it would be too.
        let deadline = Date().addingTimeInterval(20)
        while try requests("/:/rate").count < 3 && Date() < deadline { usleep(100_000) }
        usleep(300_000)
        XCTAssertEqual(try requests("/:/rate").map { $0["rating"] ?? "" }, ["10", "2", "10"])
    }

    func testOfSeveralCDsPlaylistsTheLongestIsTheWalletAndDiagnosticsSaySo() throws {
        // 1201: Album 2; 1101 and 1102: Album 1 twice (a duplicate); 1001: Blue Train.
        try plex.load(try serverLibrary(albums: 3), playlists: [("CDs", [1201, 1102, 1101]), ("cds", [1001])])
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let wallet = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, wallet: true)).crate)
        XCTAssertEqual(wallet.items.map(\.album.title), ["Album 1", "Album 2"])
        XCTAssertTrue(wallet.notes.contains(
            "2 Plex playlists are named \"CDs\": the wallet is the one with the most tracks (3), ties going to the "
                + "one the server lists first; the other is left out"), "\(wallet.notes)")
        XCTAssertTrue(wallet.notes.contains("CDs wallet: 2 albums from 3 items, 1 duplicate, 0 unresolved"), "\(wallet.notes)")
        let diagnostics = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .diagnostics)).crate)
        XCTAssertEqual(diagnostics.notes, wallet.notes, "diagnostics report the crate the knob is in")
    }
}
