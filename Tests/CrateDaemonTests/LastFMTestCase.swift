import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// What the Last.fm tests share: a short tagged album, crated pointed at the Last.fm
/// stand-in with the 30 s minimum lowered, and sign-in through the control socket.
class LastFMTestCase: XCTestCase {
    var dir: TemporaryDirectory!
    var lastfm: LastFMFixture!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "lastfm")
        lastfm = try LastFMFixture()
    }

    override func tearDown() {
        lastfm = nil
        if ProcessInfo.processInfo.environment["KEEP"] == nil { dir?.remove() }
    }

    /// "Band – Record": `count` tracks "Song 1"… of `seconds` each, album artist "The Band".
    func makeAlbum(tracks count: Int, seconds: Double) throws {
        let lib = LibraryFixture(root: music, seconds: seconds)
        try lib.add("Band/Record", (1...count).map {
            .init(file: "0\($0).mp3", title: "Song \($0)", artist: "Band", album: "Record", albumArtist: "The Band",
                  track: "\($0)/\(count)", year: 2001, genre: "Rock")
        })
    }

    func startDaemon(secret: String = LastFMFixture.apiSecret) throws -> DaemonProcess {
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: lastfm.config(secret: secret))
        try daemon.waitForStartupScan()
        return daemon
    }

    @discardableResult
    func request(_ daemon: DaemonProcess, _ request: ControlRequest, ok: Bool = true) throws -> ControlReply {
        let client = try daemon.connect()
        defer { client.close() }
        let reply = try client.request(request)
        if ok { XCTAssertTrue(reply.ok, "\(request.cmd): \(reply.error ?? "")") }
        return reply
    }

    func lastfmStatus(_ daemon: DaemonProcess) throws -> LastFMStatus {
        try XCTUnwrap(try daemon.status().lastfm, "status has no lastfm")
    }

    /// Signs in as the stand-in's user: lastfm-login, the user approves, crated's poll
    /// gets the session.
    func signIn(_ daemon: DaemonProcess) throws {
        try request(daemon, ControlRequest(cmd: .lastfmLogin))
        try lastfm.approve()
        try waitForLastFM(daemon, "signed in") { $0.auth == .signedIn }
    }

    @discardableResult
    func waitForLastFM(_ daemon: DaemonProcess, _ what: String, timeout: Double = 20,
                       _ condition: (LastFMStatus) -> Bool) throws -> LastFMStatus {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let status = try lastfmStatus(daemon)
            if condition(status) { return status }
            if Date() > deadline { throw FixtureError("timed out waiting for \(what); lastfm: \(status)") }
            usleep(20_000)
        }
    }

    func albumID(_ daemon: DaemonProcess) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == "Record" }?.id)
    }

    /// The titles of every scrobble Last.fm accepted, in order.
    func scrobbledTitles() throws -> [String] {
        try lastfm.acceptedBatches().flatMap { $0.compactMap { $0["track"] } }
    }
}
