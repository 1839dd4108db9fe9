import CrateControls
import CrateCore
@testable import CrateDaemon
@testable import CrateRouter
import CrateLibrary
import CrateWire
import XCTest

/// The product's rules about what a stop keeps, what counts as heard, and which album
/// the knob and the like button act on, through the router as every front end reaches
/// it (crate-admin's requests, the box's intents), over the real store and the twin.
final class SeedRulesTests: RouterTestCase {
    func history(_ album: Int64) throws -> AlbumHistory? {
        try XCTUnwrap(send(.history)?.history).first { $0.album.id == album }
    }

    // MARK: a stop keeps the album (issue 25, bug 1)

    /// After a stop, `toggle` plays the stopped album again from the start of the track it
    /// stopped in, as the library album: the queue names it, a like reaches it, and it is
    /// followed by the crate when it ends (with its history written).
    func testToggleAfterAStopResumesTheStoppedAlbumFromItsTrack() throws {
        send(.play(.album(albums[1], track: nil)))
        twin.advance(by: 15)  // track 2, 5 s in
        send(.stop)
        XCTAssertEqual(twin.status().state, .idle)
        send(.toggle)
        XCTAssertEqual(twin.status().state, .playing)
        XCTAssertEqual(twin.status().currentTrack?.path, "/music/Artist/Album 2/2.mp3", "the track it stopped in")
        XCTAssertEqual(twin.status().position, 0, accuracy: 0.001, "from its start")
        XCTAssertEqual(queue()?.current?.id, albums[1], "the same library album")
        send(.opinion(.liked, album: nil))
        XCTAssertEqual(try history(albums[1])?.opinion, .liked)
        twin.advance(by: 20)
        XCTAssertEqual(current, albums[2], "auto-advance goes on from the resumed album")
        XCTAssertEqual(try history(albums[1])?.plays, 1, "the resume is not a second play")
        XCTAssertEqual(try history(albums[1])?.completedPlays, 1, "heard to its end after the resume")
    }

    /// The box's play button after a stop resumes the stopped album, not the one under
    /// the knob; `play` without an album (an MPD client's play) does too.
    func testThePlayButtonAndPlayAfterAStopResumeTheStoppedAlbum() throws {
        send(.play(.album(albums[2], track: nil)))
        twin.advance(by: 12)
        _ = try router.perform(.browse(by: 1, entering: true))
        send(.stop)
        _ = try router.perform(.togglePlay)
        XCTAssertEqual(current, albums[2], "the stopped album, not the one under the knob")
        XCTAssertEqual(twin.status().currentTrack?.path, "/music/Artist/Album 3/2.mp3")

        send(.stop)
        send(.play(.stoppedAlbum))
        XCTAssertEqual(current, albums[2])
        XCTAssertEqual(twin.status().currentTrack?.path, "/music/Artist/Album 3/2.mp3")
        XCTAssertEqual(twin.status().state, .playing)
    }

    /// A stop is not the end of the album: no completion is recorded for it.
    func testAStopIsNotHeardToTheEnd() throws {
        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 25)
        send(.stop)
        XCTAssertEqual(try history(albums[0])?.completedPlays, 0)
    }

    /// A restart after a stop keeps the stopped album: nothing plays at start, and play
    /// takes it up from the start of its track, as before the restart.
    func testARestartAfterAStopKeepsTheStoppedAlbum() throws {
        send(.play(.album(albums[1], track: nil)))
        twin.advance(by: 15)  // track 2, 5 s in
        send(.stop)
        try restart(resume: true)
        XCTAssertEqual(twin.status().state, .idle, "a stopped box stays stopped at start")
        XCTAssertEqual(session.stoppedAlbum, albums[1])
        send(.play(.stoppedAlbum))
        XCTAssertEqual(twin.status().state, .playing)
        XCTAssertEqual(current, albums[1], "the stopped album, not the crate's first")
        XCTAssertEqual(twin.status().currentTrack?.path, "/music/Artist/Album 2/2.mp3", "the track it stopped in")
        XCTAssertEqual(try history(albums[1])?.plays, 1, "the resume is not a second play")

        // Something else played since: the stop is forgotten, at the next start too.
        send(.play(.album(albums[3], track: nil)))
        try restart(resume: false)
        XCTAssertNil(session.stoppedAlbum)
        XCTAssertEqual(queue()?.current?.id, albums[3])
    }

    // MARK: heard to the end (issue 25, bug 2)

    /// Skipping through to the last track and letting it end is not hearing the album.
    func testSkippingThroughAnAlbumIsNotHeardToTheEnd() throws {
        send(.play(.album(albums[0], track: nil)))
        send(.nextTrack)
        send(.nextTrack)
        twin.advance(by: 10)
        XCTAssertEqual(current, albums[1], "the crate goes on")
        XCTAssertEqual(try history(albums[0])?.plays, 1)
        XCTAssertEqual(try history(albums[0])?.completedPlays, 0, "a third of it was heard")
    }

    /// More than half heard, the last track to its end: heard to the end, even with a skip.
    func testAnAlbumMostlyHeardWithItsLastTrackToItsEndCounts() throws {
        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 16)  // track 1 whole, track 2 for 6 s
        send(.nextTrack)
        twin.advance(by: 10)
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(try history(albums[0])?.completedPlays, 1, "26 s of 30 heard, its last track to its end")
    }

    /// The last track skipped is never heard to the end, however much came before.
    func testSkippingTheLastTrackIsNotHeardToTheEnd() throws {
        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 25)
        send(.nextTrack)
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(try history(albums[0])?.completedPlays, 0)
    }
}
