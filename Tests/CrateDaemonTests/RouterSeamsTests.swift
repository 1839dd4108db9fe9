import CrateCore
@testable import CrateRouter
import XCTest

/// Where the box's rules meet — a stop and the like button, an undo after a like, a stop
/// and "next album" — driven as a person drives the box: presses, holds and turns through
/// the interaction model into the router, the player twin playing.
final class RouterSeamsTests: RouterTestCase {
    lazy var hands = BoxHands(router: router)

    override func setUpWithError() throws {
        twinKnowsLengthsOnceOpened = true
        try super.setUpWithError()
    }

    func opinion(_ album: Int64) -> AlbumOpinion { session.executor.run { session.opinion(of: album) } }
    func title(_ n: Int) -> String { "Artist — Album \(n)" }
}

extension RouterSeamsTests {
    func testAfterAStopHoldingLikeDislikesTheStoppedAlbumAndAPressUndoesIt() {
        send(.play(.album(albums[1], track: nil)))
        twin.advance(by: 5)
        send(.stop)
        hands.hold(.like)
        XCTAssertEqual(hands.said, ["disliked \(title(2))"])
        XCTAssertEqual(opinion(albums[1]), .disliked)
        hands.press(.like)
        XCTAssertEqual(hands.said, ["dislike undone: \(title(2))"], "the press undoes the dislike")
        XCTAssertEqual(opinion(albums[1]), .none)
        hands.press(.play)
        XCTAssertEqual(current, albums[1], "undone, play takes the stopped album up again")
        XCTAssertEqual(twin.status().currentIndex, 0)

        send(.stop)
        hands.hold(.like)
        XCTAssertEqual(hands.said, ["disliked \(title(2))"])
        hands.press(.play)
        XCTAssertEqual(current, albums[2], "play never resumes an album just disliked: the crate goes on")
    }
}

extension RouterSeamsTests {
    func testAfterAStopNextAlbumPlaysTheAlbumAfterTheStoppedOne() {
        send(.play(.album(albums[1], track: nil)))
        twin.advance(by: 5)
        send(.stop)
        hands.hold(.next)
        XCTAssertEqual(hands.said, ["next album: \(title(3))"])
        XCTAssertEqual(current, albums[2], "not the stopped album again")
        hands.hold(.prev)
        XCTAssertEqual(current, albums[1], "previous album: the stopped one")
    }
}

extension RouterSeamsTests {
    func testUndoingADislikeGivesBackTheLikeItReplaced() {
        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 5)
        hands.press(.like)
        XCTAssertEqual(hands.said, ["liked \(title(1))"])
        hands.hold(.like)
        XCTAssertEqual(hands.said, ["disliked \(title(1))"])
        XCTAssertEqual(current, albums[1], "the dislike skips on")
        hands.press(.like)
        XCTAssertEqual(hands.said, ["dislike undone: \(title(1))"])
        XCTAssertEqual(opinion(albums[0]), .liked, "the undo gives back the like")
        XCTAssertEqual(current, albums[1], "and likes nothing else")
        XCTAssertEqual(opinion(albums[1]), .none)
    }
}

extension RouterSeamsTests {
    /// The panel as a person sees it: the now-playing screen's album, track and mark.
    func panel() -> (album: String, track: String, stopped: Bool)? {
        guard case .nowPlaying(let shown) = router.displayContent().screen else { return nil }
        if case .stopped = shown.mark { return (shown.album, shown.trackTitle, true) }
        return (shown.album, shown.trackTitle, false)
    }

    func testAfterAStopAndARestartThePanelShowsTheStoppedAlbum() throws {
        send(.play(.album(albums[1], track: 2)))
        twin.advance(by: 3)
        send(.stop)
        XCTAssertEqual(panel()?.album, "Album 2", "not the start screen")
        XCTAssertEqual(panel()?.track, "Song 2")
        XCTAssertEqual(panel()?.stopped, true)

        try restart(resume: false)
        XCTAssertEqual(panel()?.album, "Album 2", "after a restart too")
        XCTAssertEqual(panel()?.stopped, true)
        var hands = BoxHands(router: router)
        hands.press(.play)
        XCTAssertEqual(current, albums[1], "play takes up the album the panel shows")
        XCTAssertEqual(panel()?.track, "Song 2")
        XCTAssertEqual(panel()?.stopped, false)
    }
}

extension RouterSeamsTests {
    func completedPlays(_ album: Int64) -> Int? {
        send(.history)?.history?.first { $0.album.id == album }?.completedPlays
    }

    func testAnAlbumStartedAtItsLastTrackIsNotHeardToTheEnd() throws {
        send(.play(.album(albums[2], track: 3)))
        twin.advance(by: 11)
        XCTAssertEqual(current, albums[3], "the last track played out into the next album")
        XCTAssertEqual(completedPlays(albums[2]), 0, "10 s of a 30 s album is not the album heard")

        // From the knob's track list too: the album playing, its last track picked.
        hands.press(.knob)
        hands.turn(2)
        hands.press(.knob)
        XCTAssertEqual(hands.said, ["play track 3 of \(title(4))"])
        twin.advance(by: 11)
        XCTAssertEqual(completedPlays(albums[3]), 0)

        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 31)
        XCTAssertEqual(completedPlays(albums[0]), 1, "an album heard whole still counts")
    }
}

extension RouterSeamsTests {
    func testAfterSleepingAtTheEndOfAnAlbumPlayGoesOnToTheNextAlbum() throws {
        send(.play(.album(albums[0], track: nil)))
        send(.sleep(.endOfAlbum))
        twin.advance(by: 29.9)
        // The timer looks at the player from its own thread: its pause, then it clears.
        let deadline = Date().addingTimeInterval(10)
        while router.sleepTimer.status() != nil, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(twin.status().state, .paused, "paused in the album's last moments")
        XCTAssertEqual(current, albums[0])

        hands.press(.play)
        XCTAssertEqual(current, albums[1], "play goes on to the next album, not into the last moment and silence")
        XCTAssertEqual(twin.status().state, .playing)
        XCTAssertEqual(twin.status().currentIndex, 0)
        XCTAssertEqual(completedPlays(albums[0]), 1, "the album slept through to its end counts as heard")
        twin.advance(by: 31)
        XCTAssertEqual(current, albums[2], "and the crate goes on from there")
    }
}

extension RouterSeamsTests {
    func testADislikeFromTheTrackListLeavesTheDislikedAlbumsList() {
        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 2)
        hands.press(.knob)
        XCTAssertEqual(hands.said, ["track 1/3: Song 1"], "the track list of the album playing")
        hands.turn(1)
        hands.hold(.like)
        XCTAssertEqual(hands.said, ["disliked \(title(1))"])
        XCTAssertEqual(current, albums[1], "skipped to the next album")
        hands.press(.knob)
        XCTAssertEqual(current, albums[1], "the press is about the album now playing, not the disliked one's list")
        XCTAssertEqual(hands.said, ["track 1/3: Song 1"], "it opens the new album's track list")
    }
}

extension RouterSeamsTests {
    func testDislikingTheLastAlbumOfACrateWhileBrowsingLeavesTheKnobFree() throws {
        send(.play(.album(albums[0], track: nil)))
        hands.press(.like)
        XCTAssertEqual(hands.said, ["liked \(title(1))"])
        // Favorites, from the crate menu: one album.
        hands.hold(.genre)
        hands.turn(-10)  // The top of the menu: the knob stops there.
        hands.turn(1)
        XCTAssertTrue(hands.said.first?.hasSuffix(": Favorites") == true, "\(hands.said)")
        hands.press(.knob)
        hands.turn(1)
        XCTAssertTrue(hands.said.first?.hasPrefix("browse 1/1: \(title(1))") == true, "\(hands.said)")

        hands.hold(.like)
        XCTAssertEqual(hands.said, ["disliked \(title(1))"])
        hands.press(.like)
        XCTAssertEqual(hands.said, ["dislike undone: \(title(1))"], "the undo is not refused for an empty crate")
        XCTAssertEqual(opinion(albums[0]), .liked)
        hands.turn(1)
        XCTAssertTrue(hands.said.first?.hasPrefix("browse 1/1: \(title(1))") == true, "back in Favorites: \(hands.said)")

        hands.hold(.like)
        hands.turn(1)
        XCTAssertTrue(hands.said.first?.hasPrefix("browse ") == true, "the knob goes on in the Crate Wall: \(hands.said)")
        XCTAssertEqual(router.displayContent().message?.text, "Nothing left in that crate: the Crate Wall")
    }
}

extension RouterSeamsTests {
    func testTheCratesLastAlbumShowsTheAlbumThatWillFollowIt() throws {
        try session.executor.run { try session.switchCrate(to: .wall) }
        let wall = session.executor.run { session.state.access { $0.crate.items.map(\.albumID) } }
        let last = try XCTUnwrap(wall.last)
        send(.play(.album(last, track: nil)))
        let shown = try XCTUnwrap(queue()?.fromCrate.first, "the queue lists what follows the crate's last album")
        guard case .nowPlaying(let panel) = router.displayContent().screen else { return XCTFail("not now playing") }
        XCTAssertEqual(panel.upNext.map { $0.hasPrefix("Next: Artist — ") }, true, "the panel says what is next")
        twin.advance(by: 31)
        XCTAssertEqual(current, shown.id, "and that album follows")
    }
}

extension RouterSeamsTests {
    func testStatusNamesTheCrateTheAlbumCameFromAfterTheKnobMovesOn() throws {
        hands.press(.play)
        let crate = try XCTUnwrap(send(.status)?.status?.album?.crate, "from the artist's crate")
        hands.press(.genre)
        XCTAssertTrue(hands.said.first?.hasPrefix("crate: Rock") == true, "\(hands.said)")
        XCTAssertEqual(send(.status)?.status?.album?.crate, crate, "still the crate it came from")
        twin.advance(by: 5)
        send(.stop)
        XCTAssertEqual(send(.status)?.status?.album?.crate, crate, "and after a stop")
    }
}

extension RouterSeamsTests {
    func testAfterADialTurnBrowsingGrowsWithAlbumsOtherCratesOffered() throws {
        // Thirteen albums, crates of five.
        let more = (5...13).flatMap { n in
            (1...3).map { track in Self.record("/music/Artist/Album \(n)/\(track).mp3", album: n, track: track) }
        }
        try library.store.apply(upserts: more, deletions: [])
        crateSize = 5
        try startSession()
        makeRouter()
        var hands = BoxHands(router: router)
        try session.executor.run { try session.switchCrate(to: .wall) }

        hands.turn(20)
        XCTAssertTrue(hands.said.first?.hasPrefix("browse 13/13: ") == true, "the Wall grew to every album: \(hands.said)")
        hands.letGo()
        hands.hold(.knob)
        hands.turn(1)
        hands.press(.knob)
        XCTAssertTrue(hands.said.first?.hasPrefix("dial: ") == true, "\(hands.said)")
        hands.turn(8)
        let said = try XCTUnwrap(hands.said.first)
        XCTAssertTrue(said.hasPrefix("browse 9/"), "the new crate grows past its five: \(said)")
        XCTAssertFalse(said.contains("the end"), said)
    }
}

extension RouterSeamsTests {
    func testThePanelHasTheSleepTimersShortWordsForANarrowRow() throws {
        send(.play(.album(albums[0], track: nil)))
        send(.sleep(.minutes(30)))
        guard case .nowPlaying(let shown) = router.displayContent().screen else { return XCTFail("not now playing") }
        XCTAssertEqual(shown.sleep, "Sleep 30:00")
        XCTAssertEqual(shown.sleepShort, "30:00")
        send(.sleep(.off))
    }
}
