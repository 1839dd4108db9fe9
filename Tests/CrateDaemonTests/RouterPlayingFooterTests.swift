import CrateConfig
import CrateControls
import CrateCore
import CrateDisplay
@testable import CrateRouter
import XCTest

/// What plays stays in sight while browsing: the panel's browse and list screens carry
/// the album playing and its progress, for the footer. Driven as `crate-admin input`
/// drives the box: gestures injected into the real controls service, the router its handler.
final class RouterPlayingFooterTests: RouterTestCase {
    func testBrowsingAndTheTrackListKeepTheAlbumPlayingInSight() throws {
        let controls = ControlsService(config: CrateConfig.Controls(), handler: router, logger: logger)
        try controls.start()
        defer { controls.stop() }
        router.attach(controls)

        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 5)
        XCTAssertNil(router.displayContent().playing, "the now-playing screen shows it already")
        _ = try controls.inject(.turn(.knob, detents: 1))
        var content = router.displayContent()
        XCTAssertEqual(content.screen.name, "browse")
        XCTAssertEqual(content.playing?.album, "Album 1", "the album playing, not the one under the knob")
        XCTAssertEqual(content.playing?.elapsed ?? 0, 5, accuracy: 0.01)

        _ = try controls.inject(.press(.next))
        content = router.displayContent()
        XCTAssertEqual(content.screen.name, "tracks", "the browsed album's track list")
        XCTAssertEqual(content.playing?.album, "Album 1")

        send(.stop)
        XCTAssertNil(router.displayContent().playing, "stopped, nothing plays: no footer")
    }
}
