import CrateConfig
import XCTest

/// `[web]`: crate-web is off unless it names an address; a password, a bound on clients.
final class WebConfigTests: XCTestCase {
    func testOffByDefault() throws {
        let config = try CrateConfig.parse("")
        XCTAssertNil(config.web.listen)
        XCTAssertNil(config.web.password)
        XCTAssertEqual(config.web.maxClients, 256)
        XCTAssertEqual(config.web.hosts, [])
        XCTAssertEqual(config.web.maxClientsPerAddress, 16)
        XCTAssertEqual(config.web.maxLivePages, 128)
        XCTAssertEqual(config.web.maxPipelinedRequests, 16)
        XCTAssertEqual(config.web.headerTimeout, 10)
        XCTAssertEqual(config.web.bodyTimeout, 10)
        XCTAssertEqual(config.web.maxHeaderBytes, 8192)
        XCTAssertEqual(config.web.maxBodyBytes, 16384)
        XCTAssertEqual(config.web.signInBackoff, 60)
    }

    func testNamesAndLimits() throws {
        let config = try CrateConfig.parse("""
            [web]
            hosts = ["crate.home.arpa", "music"]
            max_clients_per_address = 4
            max_live_pages = 8
            max_pipelined_requests = 2
            header_timeout = 5
            body_timeout = 6
            max_header_bytes = 4096
            max_body_bytes = 2048
            sign_in_backoff = 300
            """)
        XCTAssertEqual(config.web.hosts, ["crate.home.arpa", "music"])
        XCTAssertEqual([config.web.maxClientsPerAddress, config.web.maxLivePages, config.web.maxPipelinedRequests,
                        config.web.headerTimeout, config.web.bodyTimeout, config.web.maxHeaderBytes, config.web.maxBodyBytes,
                        config.web.signInBackoff], [4, 8, 2, 5, 6, 4096, 2048, 300])
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
            XCTAssertEqual("\(error)", "c.toml:2: [web] port: unknown key; the keys here are listen, password, hosts, max_clients, "
                           + "max_clients_per_address, max_live_pages, max_pipelined_requests, header_timeout, body_timeout, "
                           + "max_header_bytes, max_body_bytes and sign_in_backoff")
        }
        XCTAssertThrowsError(try CrateConfig.parse("[web]\nheader_timeout = 0", source: "c.toml")) { error in
            XCTAssertEqual("\(error)", "c.toml:2: [web] header_timeout: expected an integer from 1 to 3600, got 0")
        }
        XCTAssertThrowsError(try CrateConfig.parse("[web]\nhosts = \"crate.local\"", source: "c.toml"))
    }
}
