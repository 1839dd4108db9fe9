import CratePosix
import Foundation
import TestSupport
import XCTest

/// The page's Box tab says how to reach the box, as the panel's start screen does: the
/// status crate-web serves carries crated's `reach` (name.local, address, the page's URL).
final class WebReachTests: XCTestCase {
    var dir: TemporaryDirectory!
    var daemon: DaemonProcess?
    var web: WebProcess?

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "web-reach") }
    override func tearDown() {
        web?.stop()
        daemon = nil
        dir?.remove()
    }

    func testTheBoxTabGetsTheBoxsNameAddressAndPageURL() throws {
        // The page as the card image would have it on the network; this test's crate-web
        // listens on loopback by --listen (crated itself binds nothing for [web]).
        let daemon = try DaemonProcess(dir: dir.path, extraConfig: "[web]\nlisten = \"0.0.0.0:8080\"")
        self.daemon = daemon
        let web = try WebProcess(daemon: daemon, dir: dir.path, web: "", sharedConfig: true)
        self.web = web
        let reply = try RawHTTP.request(web.port, "GET", "/api/status")
        XCTAssertEqual(reply.status, 200, reply.body)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
        let status = try XCTUnwrap((json["status"] as? [String: Any])?["status"] as? [String: Any])
        let reach = try XCTUnwrap(status["reach"] as? [String: Any], "status has reach: \(reply.body.prefix(400))")
        let host = try XCTUnwrap(NetworkIdentity.hostName())
        XCTAssertEqual(reach["localName"] as? String, host + ".local")
        XCTAssertEqual(reach["address"] as? String, NetworkIdentity.firstIPv4())
        XCTAssertEqual(reach["page"] as? String, "http://\(host).local:8080")
        // And the Box tab draws it.
        let script = try RawHTTP.request(web.port, "GET", "/app.js")
        XCTAssertEqual(script.status, 200)
        XCTAssertTrue(script.body.contains("lines.push([\"Reach\""), "the Box tab has a Reach line")
    }
}
