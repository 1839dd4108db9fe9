import CrateCore
@testable import CrateRouter
import XCTest

/// Every album's detail from the knob, not only the one loaded: while browsing, next
/// opens the album under the knob, its tracks and then "Play next" and "Play later".
final class RouterAlbumDetailTests: RouterTestCase {
    /// From now playing, the knob onto an album that is not playing.
    func browseToAnotherAlbum(_ hands: inout BoxHands) throws -> Int64 {
        send(.play(.album(albums[0], track: nil)))
        hands.turn(1)
        let browsed = try router.executor.run { try router.requireSession().albumUnderKnob() }
        XCTAssertNotEqual(browsed, albums[0])
        return browsed
    }

    func testABrowsedAlbumPlaysFromTheTrackPickedInItsList() throws {
        var hands = BoxHands(router: router)
        let browsed = try browseToAnotherAlbum(&hands)
        hands.press(.next)
        XCTAssertEqual(hands.said, ["track 1/5: Song 1"], "its three tracks, then the two queue rows")
        XCTAssertEqual(current, albums[0], "opening it plays nothing")
        let list = try XCTUnwrap(hands.panelList, "the panel shows the album's list")
        XCTAssertEqual(list.rows, ["1. Song 1", "2. Song 2", "3. Song 3", "Play next", "Play later"])
        XCTAssertNil(list.marked, "no track of it is playing")
        hands.turn(2)
        XCTAssertEqual(hands.said, ["track 3/5: Song 3"])
        hands.press(.knob)
        XCTAssertEqual(current, browsed)
        XCTAssertEqual(twin.status().currentIndex, 2, "from track 3")
    }

    func testABrowsedAlbumIsQueuedNextOrLaterFromItsList() throws {
        var hands = BoxHands(router: router)
        let first = try browseToAnotherAlbum(&hands)
        hands.press(.next)
        hands.turn(3)
        XCTAssertEqual(hands.said, ["track 4/5: Play next"])
        hands.press(.knob)
        XCTAssertEqual(queue()?.queued.map(\.id), [first])
        XCTAssertEqual(current, albums[0], "what plays plays on")

        hands.turn(1)
        let second = try router.executor.run { try router.requireSession().albumUnderKnob() }
        hands.press(.next)
        hands.turn(9)
        XCTAssertEqual(hands.said, ["track 5/5: Play later"])
        hands.press(.knob)
        XCTAssertEqual(queue()?.queued.map(\.id), [first, second], "later: after the one queued next")
        twin.advance(by: 30)
        XCTAssertEqual(current, first, "the queued album follows the one playing")
    }
}
