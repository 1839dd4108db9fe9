import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Sign-ins wait on plex.tv, which may hang for a minute (a request's timeouts and retries
/// add up to 50–65 s). Before, they ran on the control socket's four workers: four pressed
/// from the page left `crate-admin` "no reply" until plex.tv gave up. Network work now
/// has its own workers, and the control workers keep answering meanwhile.
final class PlexSignInHangTests: PlexTestCase {
    func testSignInsHangingOnPlexTVLeaveStatusAnswering() throws {
        let daemon = try self.daemon()
        try plex.mode(["hold_pins": true])
        defer { try? plex.releaseHeldPins() }  // the fixture may be gone already

        // More sign-ins than there are control workers, each on its own connection.
        let signIns = try (0..<8).map { _ in try daemon.connect() }
        defer { signIns.forEach { $0.close() } }
        for client in signIns { try client.send(json: ControlRequest(cmd: .plexLogin)) }
        let deadline = Date().addingTimeInterval(30)
        while try plex.heldPins() < 2 {
            guard Date() < deadline else { return XCTFail("the sign-ins never reached plex.tv") }
            usleep(20_000)
        }

        let status = try AdminProcess.run(["status", "--socket", daemon.socket])
        XCTAssertEqual(status.code, 0, "status answers while plex.tv hangs: \(status.err)")
        XCTAssertGreaterThanOrEqual(try plex.heldPins(), 2, "the sign-ins were still waiting on plex.tv when status answered")

        // Once plex.tv answers, every sign-in gets its reply.
        try plex.releaseHeldPins()
        for client in signIns {
            let reply = try client.readJSON(ControlReply.self, timeout: 60)
            XCTAssertTrue(reply.ok, reply.error ?? "")
            XCTAssertEqual(reply.plex?.auth, .signingIn)
        }
    }
}
