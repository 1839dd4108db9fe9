import CrateConfig
import XCTest

/// `[snapcast]`: off unless `stream` names snapserver's TCP source; a fixed stream format.
final class SnapcastConfigTests: XCTestCase {
    func testOffByDefault() throws {
        let config = try CrateConfig.parse("")
        XCTAssertNil(config.snapcast.stream)
        XCTAssertNil(config.snapcast.controlAddress)
        XCTAssertEqual(config.snapcast.format.description, "44100:16:2")
    }

    func testStreamControlAndFormat() throws {
        let config = try CrateConfig.parse("""
            [snapcast]
            stream = "tcp://192.168.1.20:4953"
            format = "48000:24:2"
            """)
        XCTAssertEqual(config.snapcast.stream, .init(host: "192.168.1.20", port: 4953))
        XCTAssertEqual(config.snapcast.controlAddress, .init(host: "192.168.1.20", port: 1705),
                       "without `control` the stream's host answers JSON-RPC on 1705")
        XCTAssertEqual(config.snapcast.format, .init(sampleRate: 48000, bitsPerSample: 24))
        let explicit = try CrateConfig.parse("[snapcast]\nstream = \"tcp://[::1]:4953\"\ncontrol = \"127.0.0.1:1780\"")
        XCTAssertEqual(explicit.snapcast.stream?.description, "[::1]:4953")
        XCTAssertEqual(explicit.snapcast.controlAddress?.description, "127.0.0.1:1780")
    }

    func testBadValuesAreRefusedWithTheirLine() {
        expect("[snapcast]\nstream = \"127.0.0.1:4953\"",
               "c.toml:2: [snapcast] stream: expected snapserver's TCP source, like \"tcp://127.0.0.1:4953\", got \"127.0.0.1:4953\"")
        expect("[snapcast]\nstream = \"tcp://host:99999\"",
               "c.toml:2: [snapcast] stream: expected snapserver's TCP source, like \"tcp://127.0.0.1:4953\", got \"tcp://host:99999\"")
        expect("[snapcast]\n\nformat = \"44100:16:6\"",
               "c.toml:3: [snapcast] format: expected a stereo sample format rate:bits:2, like \"44100:16:2\" (bits 16, 24 or 32), got \"44100:16:6\"")
        expect("[snapcast]\ncontrol = 1705", "c.toml:2: [snapcast] control: expected snapserver's JSON-RPC address, like \"127.0.0.1:1705\", got 1705")
        expect("[snapcast]\nstreams = \"tcp://a:1\"", "c.toml:2: [snapcast] streams: unknown key (did you mean stream?)")
    }
}
