import CrateCore
import CrateHTTP
import CrateLastFM
import Foundation
import Logging
import TestSupport
import XCTest

/// The scrobble queue against the Last.fm stand-in, without the player: a backlog larger
/// than one call goes out in batches of 50, oldest first.
final class LastFMServiceTests: XCTestCase {
    func testABacklogGoesOutInBatchesOfFiftyOldestFirst() throws {
        let dir = try TemporaryDirectory(prefix: "lastfm-service")
        defer { dir.remove() }
        let fixture = try LastFMFixture()
        let service = try LastFMService(
            settings: .init(credentials: .init(apiKey: LastFMFixture.apiKey, apiSecret: LastFMFixture.apiSecret,
                                               apiRoot: fixture.apiRoot),
                            authURL: "http://127.0.0.1:\(fixture.port)/api/auth/"),
            stateDir: dir.path, http: HTTPClient(logger: Logger(label: "test")), logger: Logger(label: "test"))
        try service.start()
        defer { service.stop() }
        XCTAssertEqual(try service.beginLogin().auth, .signingIn)
        try fixture.approve()
        try wait("signed in") { service.status().auth == .signedIn }

        try fixture.mode(["down": true])
        for n in 0..<120 {
            service.scrobble(LastFMTrack(artist: "A", track: "T\(n)", album: "R", albumArtist: "A", trackNumber: n % 12 + 1,
                                         duration: 200, timestamp: 1_700_000_000 + n * 300))
        }
        XCTAssertEqual(service.status().pending, 120)
        try fixture.mode([:])
        try wait("the backlog sent") { service.status().pending == 0 }
        let batches = try fixture.acceptedBatches()
        XCTAssertEqual(batches.map(\.count), [50, 50, 20])
        XCTAssertEqual(batches.flatMap { $0.compactMap { $0["track"] } }, (0..<120).map { "T\($0)" })
        XCTAssertEqual(service.status().sent, 120)
    }
}
