import CrateConfig
import CrateCore
import CrateLastFM
import Foundation
import Logging
import TestSupport
import XCTest

/// What crated's Last.fm link answers `crate-admin lastfm` and puts in `status` when
/// Last.fm is off, cannot run, or runs against the Last.fm stand-in.
final class LastFMLinkTests: XCTestCase {
    var dir: TemporaryDirectory!
    let logger = Logger(label: "lastfm-link-test")
    let noAlbums: LastFMFeed.AlbumLookup = { _ in nil }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "lastfm-link") }
    override func tearDown() { dir?.remove() }

    /// `[lastfm]` with the stand-in's key; nothing listens on `apiRoot` unless a test starts the stand-in.
    func config(stateDir: String, apiRoot: String = "http://127.0.0.1:9/2.0/") -> CrateConfig {
        var config = CrateConfig()
        config.stateDir = stateDir
        config.lastfm.apiKey = LastFMFixture.apiKey
        config.lastfm.apiSecret = LastFMFixture.apiSecret
        config.lastfm.apiRoot = apiRoot
        return config
    }

    func testOffRefusesTheCommandsSayingHowToTurnItOn() {
        let link = LastFMLink(CrateConfig(), album: noAlbums, logger: logger)
        let hint = "Last.fm is off: set [lastfm] api_key and api_secret in the config (see crate-admin lastfm --help)"
        XCTAssertThrowsError(try link.login()) { XCTAssertEqual("\($0)", hint) }
        XCTAssertThrowsError(try link.status()) { XCTAssertEqual("\($0)", hint) }
        let report = link.report()
        XCTAssertNil(report.status, "status has no lastfm while it is off")
        XCTAssertEqual(report.warnings, [])
    }

    func testWithoutTheLibraryItIsUnavailableAndSaysWhy() {
        let link = LastFMLink(config(stateDir: dir.path), album: nil, logger: logger)
        let why = "lastfm: unavailable: the library could not be opened"
        XCTAssertThrowsError(try link.logout()) { XCTAssertEqual("\($0)", why) }
        XCTAssertEqual(link.report().warnings, [why])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("lastfm.sqlite")), "nothing opened for nothing")
    }

    func testAStateDirThatCannotHoldTheQueueMakesItUnavailable() throws {
        let notAFolder = dir.file("state")
        try "".write(toFile: notAFolder, atomically: true, encoding: .utf8)
        let link = LastFMLink(config(stateDir: notAFolder), album: noAlbums, logger: logger)
        let why = "lastfm: unavailable: cannot open \(notAFolder)/lastfm.sqlite: "
        XCTAssertThrowsError(try link.status()) { XCTAssertTrue("\($0)".hasPrefix(why), "\($0)") }
        let report = link.report()
        XCTAssertNil(report.status)
        XCTAssertEqual(report.warnings.count, 1)
        XCTAssertTrue(report.warnings.first?.hasPrefix(why) == true, "\(report.warnings)")
    }

    func testSignInAndOutThroughTheLink() throws {
        let fixture = try LastFMFixture()
        var config = config(stateDir: dir.path, apiRoot: fixture.apiRoot)
        config.lastfm.authURL = "http://127.0.0.1:\(fixture.port)/api/auth/"
        let link = LastFMLink(config, album: noAlbums, logger: logger)
        link.start()
        defer { link.stop() }
        XCTAssertEqual(try link.status().auth, .signedOut)

        let login = try link.login()
        XCTAssertEqual(login.auth, .signingIn)
        XCTAssertTrue(login.authURL?.hasPrefix(config.lastfm.authURL) == true, "\(String(describing: login.authURL))")
        try fixture.approve()
        try wait("signed in") { link.report().status?.auth == .signedIn }
        let report = link.report()
        XCTAssertEqual(report.status?.user, LastFMFixture.user)
        XCTAssertEqual(report.warnings, [])

        XCTAssertEqual(try link.logout().auth, .signedOut)
        XCTAssertEqual(try link.status().auth, .signedOut, "signed out stays signed out")
    }
}
