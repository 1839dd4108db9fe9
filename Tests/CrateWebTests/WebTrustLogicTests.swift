@testable import CrateWeb
import XCTest

/// The trust model's rules without a server: which Hosts name the box, how wrong
/// passwords slow their address down, connections per address, account commands.
final class WebTrustLogicTests: XCTestCase {
    func testHostsNameTheBoxOrNot() {
        let names = BoxNames(listenHost: "192.0.2.7", extra: ["Crate.Home.Arpa."])
        for own in ["192.0.2.7:8080", "127.0.0.1", "127.8.9.10:80", "localhost:8080", "LOCALHOST", "[::1]:8080", "[::1]",
                    "crate.home.arpa", "crate.home.arpa:8080", "crate.home.arpa.:80"] {
            XCTAssertTrue(names.accepts(host: own), own)
        }
        for other in ["evil.example", "evil.example:8080", "192.0.2.7.evil.example", "crate.home.arpa.evil.example",
                      "203.0.113.9:8080", "", "[::1", "::1", "::1:8080:9", "crate.home.arpa:http", "a/b", "localhost.evil.example"] {
            XCTAssertFalse(names.accepts(host: other), other)
        }
        XCTAssertFalse(names.accepts(host: nil), "no Host")
        XCTAssertEqual(BoxNames.hostPart("[fe80::1]:8080"), "fe80::1")
        XCTAssertEqual(BoxNames.hostPart("Box.Local.:8080"), "box.local")
        XCTAssertTrue(BoxNames(listenHost: "0.0.0.0", extra: []).accepts(host: "0.0.0.0:8080"), "the listen address as written")
    }

    func testTheBoxsOwnNameAndInterfacesAreAccepted() throws {
        let names = BoxNames(listenHost: "0.0.0.0", extra: [])
        let own = try XCTUnwrap(BoxNames.hostName())
        XCTAssertTrue(names.accepts(host: own + ":8080"))
        XCTAssertTrue(names.accepts(host: String(own.split(separator: ".")[0]) + ".local"))
        let addresses = BoxNames.interfaceAddresses()
        XCTAssertTrue(addresses.contains("127.0.0.1"), "\(addresses)")
        for address in addresses { XCTAssertTrue(names.accepts(host: address.contains(":") ? "[\(address)]:80" : address), address) }
    }

    func testWrongPasswordsSlowTheirAddressDoublingToTheBound() {
        let throttle = SignInThrottle(longestWaitSeconds: 5)
        let start = ContinuousClock.now
        XCTAssertEqual(throttle.admit("a", now: start), .allowed)
        XCTAssertEqual(throttle.admit("a", now: start), .wait(seconds: 1), "one attempt at a time per address")
        XCTAssertEqual(throttle.admit("b", now: start), .allowed, "another address is not held up")
        XCTAssertTrue(throttle.failed("a", now: start), "the first wrong one of a burst is logged")
        XCTAssertEqual(throttle.admit("a", now: start + .milliseconds(500)), .wait(seconds: 1))
        var now = start + .seconds(1)
        var waits: [Int] = []
        for _ in 0..<5 {
            XCTAssertEqual(throttle.admit("a", now: now), .allowed)
            XCTAssertFalse(throttle.failed("a", now: now), "later ones in the burst are not logged")
            guard case .wait(let seconds) = throttle.admit("a", now: now) else { return XCTFail("not slowed") }
            waits.append(seconds)
            now = now + .seconds(seconds)
        }
        XCTAssertEqual(waits, [2, 4, 5, 5, 5], "doubling from 1 s, bounded by sign_in_backoff")
        // Quiet for twice its wait: forgiven, and a new burst is logged again.
        now = now + .seconds(5)
        XCTAssertEqual(throttle.admit("a", now: now), .allowed)
        XCTAssertTrue(throttle.failed("a", now: now))
        // The right password clears the address's record.
        now = now + .seconds(1)
        XCTAssertEqual(throttle.admit("a", now: now), .allowed)
        throttle.succeeded("a")
        XCTAssertEqual(throttle.admit("a", now: now), .allowed)
    }

    func testConnectionsPerAddressAreBoundedAndTheRefusalSaidOncePerBurst() {
        let clients = ClientAddresses(limit: 2)
        XCTAssertEqual(clients.admit("a"), .admitted)
        XCTAssertEqual(clients.admit("a"), .admitted)
        XCTAssertEqual(clients.admit("a"), .refused(firstOfBurst: true))
        XCTAssertEqual(clients.admit("a"), .refused(firstOfBurst: false))
        XCTAssertEqual(clients.admit("b"), .admitted, "another address has its own bound")
        clients.leave("a")
        XCTAssertEqual(clients.admit("a"), .admitted, "a place freed is a place")
        clients.leave("a")
        clients.leave("a")
        XCTAssertEqual(clients.open(from: "a"), 0)
        XCTAssertEqual(clients.admit("a"), .admitted)
        XCTAssertEqual(clients.admit("a"), .admitted)
        XCTAssertEqual(clients.admit("a"), .refused(firstOfBurst: true), "all closed, so a new burst")
    }

    func testOnlyAccountCommandsNeedThePassword() throws {
        XCTAssertTrue(try PageCommand.decode(Array(#"{"cmd":"plex-login"}"#.utf8)).changesAccounts)
        for cmd in ["play", "stop", "crate", "like", "sleep", "dial"] {
            XCTAssertFalse(try PageCommand.decode(Array(#"{"cmd":"\#(cmd)"}"#.utf8)).changesAccounts, cmd)
        }
        XCTAssertTrue(PageCommand.accountCommands.isSubset(of: PageCommand.allowed))
    }
}
