import CrateConfig
import XCTest

/// `[mpd]`: off unless it names an address; a password, and limits on clients and lines.
final class MPDConfigTests: XCTestCase {
    func testOffByDefault() throws {
        let config = try CrateConfig.parse("")
        XCTAssertEqual(config.mpd.listen, [])
        XCTAssertNil(config.mpd.password)
        XCTAssertEqual(config.mpd.maxClients, 64)
        XCTAssertEqual(config.mpd.maxLine, 65536)
        XCTAssertEqual(config.mpd.maxCommandList, 4096)
        XCTAssertEqual(config.mpd.maxOutputBuffer, 8 << 20)
        XCTAssertEqual(config.mpd.connectionTimeout, 60)
        XCTAssertEqual(config.mpd.maxCommandListsTotal, 16 << 20)
    }

    func testAddressesPasswordAndLimits() throws {
        let config = try CrateConfig.parse("""
            [mpd]
            listen = ["0.0.0.0:6600", "/run/crate/mpd.sock"]
            password = "sesame"
            max_clients = 10
            max_line = 4096
            max_command_list = 100
            max_output_buffer = 1048576
            connection_timeout = 5
            max_command_lists_total = 4194304
            """)
        XCTAssertEqual(config.mpd.listen, ["0.0.0.0:6600", "/run/crate/mpd.sock"])
        XCTAssertEqual(config.mpd.password, "sesame")
        XCTAssertEqual(config.mpd.maxClients, 10)
        XCTAssertEqual(config.mpd.maxLine, 4096)
        XCTAssertEqual(config.mpd.maxCommandList, 100)
        XCTAssertEqual(config.mpd.maxOutputBuffer, 1 << 20)
        XCTAssertEqual(config.mpd.connectionTimeout, 5)
        XCTAssertEqual(config.mpd.maxCommandListsTotal, 4 << 20)
        XCTAssertNil(try CrateConfig.parse("[mpd]\npassword = \"\"").mpd.password, "an empty password is none")
    }

    func testBadValuesAreRefusedWithTheirLine() {
        expect("[mpd]\nlisten = \"127.0.0.1:6600\"",
               "c.toml:2: [mpd] listen: expected an array of strings, got \"127.0.0.1:6600\" (write [\"127.0.0.1:6600\"])")
        expect("[mpd]\nmax_clients = 0", "c.toml:2: [mpd] max_clients: expected an integer from 1 to 1000, got 0")
        expect("[mpd]\nport = 6600", "c.toml:2: [mpd] port: unknown key; the keys here are listen, password, max_clients, max_line, max_command_list, max_output_buffer, connection_timeout and max_command_lists_total")
        expect("[mpd]\nmax_command_lists_total = 1024",
               "c.toml:2: [mpd] max_command_lists_total: expected an integer from 65536 to 1073741824, got 1024")
        expect("[mpd]\nconnection_timeout = 0", "c.toml:2: [mpd] connection_timeout: expected an integer from 1 to 86400, got 0")
    }
}
