import CrateCore
@testable import CrateDaemon
@testable import CrateRouter
import CrateLibrary
import Logging
import TestSupport
import XCTest

/// The queue's rules on the album session itself (see QueueRulesTestCase for the set-up).
final class QueueRulesTests: QueueRulesTestCase {
    func testAnAlbumThatEndsIsFollowedByTheCratesNextInOneList() throws {
        try session.play(album: albums[0])
        twin.advance(by: 25)  // into the last track: the next album is appended to the list
        XCTAssertEqual(twin.status().tracks.count, 6, "album 2 follows in the same list, gapless")
        XCTAssertEqual(current, albums[0], "still the first album until its last track ends")
        twin.advance(by: 10)
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(session.executor.run { session.state.access { $0.trackInAlbum } }, 0)
        XCTAssertEqual(played, [albums[0]])
        twin.advance(by: 30)
        XCTAssertEqual(current, albums[2], "and so on, in the crate's order")
    }

    /// A busy machine: the engine looked again only once album 2 had played whole (short
    /// albums, a CPU hog); album 2 was played all the same, in the history and in order.
    func testAnAlbumPlayedWholeBetweenTwoOfTheEnginesLooksIsPlayedAllTheSame() throws {
        try session.play(album: albums[0])
        twin.advance(by: 25)  // album 2 follows in the list
        twin.advance(by: 40, late: true)  // 5 s into album 3; album 2 came and went unreported
        XCTAssertEqual(current, albums[2])
        XCTAssertEqual(played, [albums[0], albums[1]])
        let plays = try library.store.userStates()
        let key2 = try XCTUnwrap(try library.store.albumKey(id: albums[1]))
        XCTAssertEqual(plays[key2]?.plays, 1, "album 2 was started: \(plays)")
    }

    /// The engine thread's question when the list runs out is answered from memory: the
    /// next local album's tracks were read when the current album started. A probe: the
    /// next album's rows are removed from the store behind the session's back, and the
    /// continuation still hands over its tracks.
    func testTheNextAlbumIsReadAheadSoTheEngineThreadAsksNothingOfSQLite() throws {
        try session.play(album: albums[0])  // its start is read ahead from (on the events thread, on the box)
        XCTAssertEqual(session.executor.run { session.advance.upcoming.access { $0?.album } }, albums[1])
        try library.store.apply(upserts: [], deletions: (1...3).map { "/music/Artist/Album 2/\($0).mp3" })
        twin.advance(by: 25)  // into the last track: the continuation is asked
        XCTAssertEqual(twin.status().tracks.map(\.path).suffix(3), (1...3).map { "/music/Artist/Album 2/\($0).mp3" })
    }

    func testPreviousBackOverAJoinMakesTheEarlierAlbumCurrentAgain() throws {
        try session.play(album: albums[0])
        twin.advance(by: 31)  // 1 s into album 2
        XCTAssertEqual(current, albums[1])
        try twin.previous()  // within 3 s of its start: back to album 1's last track
        XCTAssertEqual(twin.status().currentIndex, 2)
        XCTAssertEqual(current, albums[0], "the display and the like button must follow the album heard")
        XCTAssertEqual(session.executor.run { session.state.access { $0.trackInAlbum } }, 2)
        XCTAssertEqual(played, [], "album 1 is playing again, not in the history of what was left")
    }

    func testAfterAHandQueuedAlbumTheCrateGoesOnFromWhereItWas() throws {
        try session.play(album: albums[0])
        try session.enqueue(albums[3], next: false)
        twin.advance(by: 30)
        XCTAssertEqual(current, albums[3], "the album queued by hand comes first")
        XCTAssertEqual(session.executor.run { session.state.access { $0.queued } }, [], "and leaves the queue once it plays")
        twin.advance(by: 30)
        XCTAssertEqual(current, albums[1], "then the crate goes on after the album it was at, not from its start")
    }

    func testADislikeWhilePlayingSkipsToTheNextAlbumAndTakesItOutOfTheCrate() throws {
        try session.play(album: albums[0])
        twin.advance(by: 12)
        try session.executor.run { try session.setOpinion(.disliked, album: nil) }
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(twin.status().currentIndex, 0, "the next album from its first track")
        XCTAssertFalse(session.executor.run { session.state.access { $0.crate.items.map(\.albumID) } }.contains(albums[0]))
        try session.executor.run { try session.previousAlbumNow() }
        XCTAssertEqual(current, albums[1], "previous never goes back to a disliked album: it restarts this one")
        XCTAssertEqual(twin.status().currentIndex, 0)
    }

    func testARestartRestoresTheAlbumPausedWhereItWas() throws {
        try session.play(album: albums[1])
        twin.advance(by: 14)  // track 2, 4 s in
        try twin.pause()
        session.saveAndWait()

        try startSession()
        session.restore(resume: false)
        let status = twin.status()
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(status.state, .paused)
        XCTAssertEqual(status.currentIndex, 1)
        XCTAssertEqual(status.position, 4, accuracy: 0.001)
        XCTAssertEqual(status.tracks.map(\.path), (1...3).map { "/music/Artist/Album 2/\($0).mp3" })
        try twin.resume()
        twin.advance(by: 16)
        XCTAssertEqual(current, albums[2], "the restored crate goes on after it")
    }
}
