import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// A server that was away and is back: the box finds out by itself (no `plex sync`), and a
/// play of an album that was not downloaded asks the server before refusing.
final class PlexReachabilityTests: PlexTestCase {
    func goOffline(_ daemon: DaemonProcess) throws {
        try plex.mode(["down": true])
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        _ = try waitFor("the failed sync", daemon) { $0.reachable == false && !$0.syncing }
        XCTAssertTrue(try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums).allSatisfy { !$0.online })
    }

    func testAServerThatComesBackIsFoundWithoutASync() throws {
        try plex.load(try serverLibrary(albums: 2))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        try goOffline(daemon)
        let syncs = try plex.log().filter { ($0["path"] as? String) == "/library/sections" }.count
        try plex.mode([:])
        let back = try waitFor("the server found again", daemon, timeout: 30) { $0.reachable == true }
        XCTAssertNil(back.problem, "the old problem is gone")
        XCTAssertTrue(try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums).allSatisfy(\.online))
        let shown = try AdminProcess.run(["plex", "status", "--socket", daemon.socket])
        XCTAssertFalse(shown.out.contains("NOT reachable"), shown.out)
        XCTAssertFalse(try daemon.status().warnings.contains { $0.contains("cannot be reached") })
        XCTAssertEqual(try plex.log().filter { ($0["path"] as? String) == "/library/sections" }.count, syncs,
                       "found by a probe, not by a sync")
    }

    func testAServerThatAnswersWithAnErrorIsReachable() throws {
        try plex.load(try serverLibrary(albums: 2))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        try goOffline(daemon)
        try plex.mode(["fail5xx": 1000])
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        let answered = try waitFor("the refused sync", daemon, timeout: 60) { !$0.syncing && $0.lastSync?.error?.contains("503") == true }
        XCTAssertEqual(answered.reachable, true, "the server answered, if only with 503: \(answered)")
    }

    func testPlayingAnOfflineAlbumAsksTheServerFirst() throws {
        try plex.load(try serverLibrary(albums: 2))
        let daemon = try self.daemon("download_ahead = 0")
        _ = try signInAndSync(daemon)
        try goOffline(daemon)
        try plex.mode([:])
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == "Album 1" }?.id)
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        let played = try daemon.waitFor("Album 1 played from the server", timeout: 30) {
            $0.state == .idle && $0.tracks.count == 2
        }
        XCTAssertEqual(played.tracks.compactMap(\.error), [])
    }
}
