import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// What `crate-admin` shows about Plex: the cache's size, the track playing, the server
/// line, and a refused sign-in, as an admin reads them in a shell.
final class PlexAdminCLITests: PlexTestCase {
    func admin(_ daemon: DaemonProcess, _ args: [String]) throws -> String {
        let result = try AdminProcess.run(args + ["--socket", daemon.socket])
        XCTAssertEqual(result.code, 0, "\(args): \(result.err)")
        return result.out
    }

    func testDownloadsShowsWhatTheCacheHolds() throws {
        try plex.load(try serverLibrary(albums: 1))
        let daemon = try self.daemon("cache_mb = 100")
        _ = try signInAndSync(daemon)
        XCTAssertTrue(try admin(daemon, ["downloads"]).contains("0 tracks, 0 KB of 100 MB"))
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first?.id)
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        let deadline = Date().addingTimeInterval(30)
        var downloads = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .downloads)).downloads)
        while downloads.files < 2 && Date() < deadline {
            usleep(100_000)
            downloads = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .downloads)).downloads)
        }
        XCTAssertEqual(downloads.files, 2)
        let kilobytes = (downloads.bytes + 1023) / 1024
        let shown = try admin(daemon, ["downloads"])
        XCTAssertTrue(shown.contains("cache:   2 tracks, \(kilobytes) KB of 100 MB"), shown)
    }

    func testStatusNamesAPlexTrackByItsTitle() throws {
        let files = LibraryFixture(root: music + "/long", seconds: 6)
        try files.add("Served", [.init(file: "01.mp3", title: "x"), .init(file: "02.mp3", title: "y")])
        let served = [music + "/long/Served/01.mp3", music + "/long/Served/02.mp3"]
        try plex.load([PlexFixture.Album(ratingKey: 10, title: "Blue Train", artist: "John Coltrane",
                                         tracks: [("Moment's Notice", served[0]), ("Locomotion", served[1])])])
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first?.id)
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        try daemon.waitFor("playing") { $0.state == .playing }
        _ = try request(daemon, ControlRequest(cmd: .pause))
        let shown = try admin(daemon, ["status"])
        let track = shown.split(separator: "\n").first { $0.hasPrefix("track:") }.map(String.init) ?? ""
        XCTAssertTrue(track.contains("1/2 Moment's Notice"), shown)
        XCTAssertFalse(track.contains("1001"), "not by its ratingKey: \(track)")
    }

    func testTheServerLineNamesItsAddressOnce() throws {
        try plex.load(try serverLibrary(albums: 1))
        let daemon = try self.daemon("server_url = \"\(plex.url)\"")
        _ = try request(daemon, ControlRequest(cmd: .plexLogin))
        try plex.approvePin()
        _ = try waitFor("sign-in", daemon) { $0.auth == .signedIn }
        let server = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .plexServers)).servers?.first)
        _ = try request(daemon, ControlRequest(cmd: .plexUse, server: server.name))
        _ = try waitFor("the first sync", daemon) { $0.lastSync != nil && !$0.syncing }
        let shown = try admin(daemon, ["plex", "status"])
        let line = shown.split(separator: "\n").first { $0.hasPrefix("server:") }.map(String.init) ?? ""
        XCTAssertEqual(line.components(separatedBy: plex.url).count - 1, 1, line)
    }

    func testARefusedSignInDoesNotBlameATokenNoneWasSent() throws {
        let daemon = try self.daemon()
        try plex.mode(["refuse_pins": true])
        let result = try AdminProcess.run(["plex", "login", "--socket", daemon.socket])
        XCTAssertNotEqual(result.code, 0)
        XCTAssertTrue(result.err.contains("401"), result.err)
        XCTAssertFalse(result.err.contains("refused the token"), result.err)
    }
}
