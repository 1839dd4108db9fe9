import CrateConfig
import XCTest

final class PacingTests: XCTestCase {
    private func pacing(device: String?, pacing: CrateConfig.Audio.Pacing? = nil) -> CrateConfig.Audio.Pacing {
        var audio = CrateConfig.Audio()
        audio.device = device
        audio.pacing = pacing
        return audio.effectivePacing
    }

    func testSinksWithoutAClockArePacedByTheClock() {
        XCTAssertEqual(pacing(device: "null"), .clock)
        XCTAssertEqual(pacing(device: "file:FILE=/tmp/out.raw,FORMAT=raw"), .clock)
    }

    func testRealDevicesAndAnUnsetDevicePaceThemselves() {
        XCTAssertEqual(pacing(device: nil), .device)
        XCTAssertEqual(pacing(device: "hw:1,0"), .device)
        XCTAssertEqual(pacing(device: "default"), .device)
        XCTAssertEqual(pacing(device: "nullish"), .device)
        XCTAssertEqual(pacing(device: "plug:file:x"), .device)
    }

    func testAnExplicitPacingWins() {
        XCTAssertEqual(pacing(device: "null", pacing: .device), .device)
        XCTAssertEqual(pacing(device: "hw:0", pacing: .clock), .clock)
        XCTAssertEqual(pacing(device: nil, pacing: .clock), .clock)
    }

    func testFromAFile() throws {
        let config = try CrateConfig.parse("[audio]\ndevice = \"null\"", source: "p.toml")
        XCTAssertNil(config.audio.pacing)
        XCTAssertEqual(config.audio.effectivePacing, .clock)
    }
}
