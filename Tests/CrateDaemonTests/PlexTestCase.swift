import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// What the Plex tests share: the stand-in server, a daemon pointed at it, and the
/// sign-in that every test starts with.
class PlexTestCase: XCTestCase {
    var dir: TemporaryDirectory!
    var plex: PlexFixture!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "plex")
        plex = try PlexFixture()
    }

    override func tearDown() {
        plex = nil
        dir?.remove()
    }

    /// Real MP3s for the server to serve: `count` albums of two tracks, plus one FLAC album.
    func serverLibrary(albums count: Int = 2, tracksPerAlbum: Int = 2) throws -> [PlexFixture.Album] {
        let files = LibraryFixture(root: music, seconds: 0.3)
        try files.add("Served", (1...2).map { .init(file: "0\($0).mp3", title: "T\($0)") })
        let mp3 = [music + "/Served/01.mp3", music + "/Served/02.mp3"]
        var albums = (0..<count).map { n in
            PlexFixture.Album(ratingKey: 10 + n, title: n == 0 ? "Blue Train" : "Album \(n)",
                              artist: n == 0 ? "John Coltrane" : "Band \(n)", year: n == 0 ? 1957 : nil,
                              genres: n == 0 ? ["Jazz", "Hard Bop"] : ["Rock"],
                              tracks: (0..<tracksPerAlbum).map { ("Track \($0 + 1)", mp3[$0 % 2]) })
        }
        // A format Crate does not play: listed as unplayable, never dropped.
        albums.append(PlexFixture.Album(ratingKey: 99, title: "Windows Media", artist: "Audiophile", genres: ["Jazz"],
                                        tracks: [("Hi-Res", mp3[0])], container: "wma"))
        return albums
    }

    /// The files of the server's tracks in the box's track cache, by name.
    func cacheFiles() -> [String] {
        let root = dir.path + "/state/plex-cache/" + PlexFixture.machine
        return ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()  // no folder: nothing cached
    }

    func daemon(_ extra: String = "") throws -> DaemonProcess {
        try DaemonProcess(dir: dir.path, extraConfig: "[plex]\ntv_url = \"\(plex.url)\"\nsync_interval = 0\n" + extra)
    }

    func request(_ daemon: DaemonProcess, _ request: ControlRequest, ok: Bool = true) throws -> ControlReply {
        let client = try daemon.connect()
        defer { client.close() }
        let reply = try client.request(request, timeout: 30)
        XCTAssertEqual(reply.ok, ok, "\(request.cmd): \(reply.error ?? "")")
        return reply
    }

    func status(_ daemon: DaemonProcess) throws -> PlexStatus {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .plexStatus)).plex)
    }

    func waitFor(_ what: String, _ daemon: DaemonProcess, timeout: Double = 30,
                 _ condition: (PlexStatus) -> Bool) throws -> PlexStatus {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let now = try status(daemon)
            if condition(now) { return now }
            guard Date() < deadline else { throw FixtureError("timed out waiting for \(what): \(now)") }
            usleep(50_000)
        }
    }

    /// Signs in through the PIN flow and chooses the fixture's server; returns after the first sync.
    func signInAndSync(_ daemon: DaemonProcess) throws -> PlexStatus {
        let started = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .plexLogin)).plex)
        XCTAssertEqual(started.auth, .signingIn)
        XCTAssertNotNil(started.pinCode)
        try plex.approvePin()
        let signedIn = try waitFor("sign-in", daemon) { $0.auth == .signedIn }
        XCTAssertEqual(signedIn.username, "listener")
        let servers = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .plexServers)).servers)
        XCTAssertEqual(servers.map(\.name), ["Fixture Server"], "players are not servers")
        _ = try request(daemon, ControlRequest(cmd: .plexUse, server: "Fixture Server"))
        return try waitFor("the first sync", daemon) { $0.lastSync != nil && !$0.syncing }
    }
}
