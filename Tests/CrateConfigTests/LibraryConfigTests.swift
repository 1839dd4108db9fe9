import CrateConfig
import XCTest

/// `[library]`: the folders, and how they are watched for new music.
final class LibraryConfigTests: XCTestCase {
    func testWatchedByDefaultWithATenSecondSettle() throws {
        let config = try CrateConfig.parse("")
        XCTAssertTrue(config.library.watch)
        XCTAssertEqual(config.library.settleSeconds, 10)
        XCTAssertEqual(config.library.rescanSeconds, 900)
    }

    func testWatchSettleAndRescan() throws {
        let config = try CrateConfig.parse("""
            [library]
            paths = ["/srv/music"]
            watch = false
            settle_seconds = 3
            rescan_seconds = 0
            """)
        XCTAssertFalse(config.library.watch)
        XCTAssertEqual(config.library.settleSeconds, 3)
        XCTAssertEqual(config.library.rescanSeconds, 0)
    }

    func testBadValuesAreRefusedWithTheirLine() {
        expect("[library]\nsettle_seconds = 0", "c.toml:2: [library] settle_seconds: expected an integer from 1 to 3600, got 0")
        expect("[library]\nrescan_seconds = -1", "c.toml:2: [library] rescan_seconds: expected an integer from 0 to 86400, got -1")
    }
}
