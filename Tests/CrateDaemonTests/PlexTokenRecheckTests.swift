import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// One refusal is not an expired token, and a reply cut off is an answer: against the
/// local stand-in server, a token refused once (as a restarting server may) and replies
/// cut off mid-body must not leave "sign in again" or "NOT reachable" behind.
final class PlexTokenRecheckTests: PlexTestCase {
    /// A daemon signed in and synced, then a sync whose requests meet `mode`; the status after it.
    func syncAfterFault(_ mode: [String: Any], until done: @escaping (PlexStatus) -> Bool) throws -> (DaemonProcess, PlexStatus) {
        try plex.load(try serverLibrary(albums: 2))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        try plex.mode(mode)
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        return (daemon, try waitFor("the sync after \(mode)", daemon, timeout: 60) { !$0.syncing && done($0) })
    }

    func testOneRefusalOfAWorkingTokenIsNotAnExpiredSignIn() throws {
        let (daemon, after) = try syncAfterFault(["refuse_token": 1]) { $0.lastSync?.error?.contains("401") == true }
        XCTAssertEqual(after.auth, .signedIn, "the token works when asked again: \(after)")
        XCTAssertFalse(try daemon.status().warnings.contains { $0.contains("sign in again") })
        let shown = try AdminProcess.run(["plex", "status", "--socket", daemon.socket])
        XCTAssertFalse(shown.out.contains("expired"), shown.out)
    }

    func testATokenRefusedAgainIsExpired() throws {
        let (daemon, after) = try syncAfterFault(["refuse_token": 1000]) { $0.lastSync?.error?.contains("401") == true }
        XCTAssertEqual(after.auth, .expired)
        XCTAssertTrue(try daemon.status().warnings.contains { $0.contains("sign in again") })
    }

    func testACutOffReplyIsFromAServerThatAnswered() throws {
        let (daemon, after) = try syncAfterFault(["cut_replies": 1000]) { $0.lastSync?.error != nil }
        XCTAssertEqual(after.reachable, true, "the server answered, if only in part: \(after)")
        XCTAssertTrue(after.lastSync?.error?.contains("cut off") == true, "\(after)")
        let shown = try AdminProcess.run(["plex", "status", "--socket", daemon.socket])
        XCTAssertFalse(shown.out.contains("NOT reachable"), shown.out)
        XCTAssertTrue(try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums).allSatisfy(\.online))
    }
}
