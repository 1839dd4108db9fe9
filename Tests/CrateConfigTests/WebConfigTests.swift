import CrateConfig
import XCTest

/// `[web]`: crate-web is off unless it names an address; a password, a bound on clients.
final class WebConfigTests: XCTestCase {
    func testOffByDefault() throws {
        let config = try CrateConfig.parse("")
        XCTAssertNil(config.web.listen)
        XCTAssertNil(config.web.password)
        XCTAssertEqual(config.web.maxClients, 256)
    }

    func testAddressPasswordAndLimit() throws {
        let config = try CrateConfig.parse("[web]\nlisten = \"0.0.0.0:8080\"\npassword = \"sesame\"\nmax_clients = 32")
        XCTAssertEqual(config.web.listen, "0.0.0.0:8080")
        XCTAssertEqual(config.web.password, "sesame")
        XCTAssertEqual(config.web.maxClients, 32)
        XCTAssertNil(try CrateConfig.parse("[web]\npassword = \"\"").web.password, "an empty password is none")
    }

    func testBadValuesAreRefusedWithTheirLine() {
        XCTAssertThrowsError(try CrateConfig.parse("[web]\nmax_clients = 0", source: "c.toml")) { error in
            XCTAssertEqual("\(error)", "c.toml:2: [web] max_clients: expected an integer from 1 to 4096, got 0")
        }
        XCTAssertThrowsError(try CrateConfig.parse("[web]\nport = 8080", source: "c.toml")) { error in
            XCTAssertEqual("\(error)", "c.toml:2: [web] port: unknown key; the keys here are listen, password and max_clients")
        }
    }
}
