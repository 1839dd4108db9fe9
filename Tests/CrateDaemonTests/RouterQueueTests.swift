import CrateCore
@testable import CrateDaemon
@testable import CrateControlSocket
@testable import CrateRouter
import CrateLibrary
import CrateWire
import XCTest

/// The queue's rules through the router, in process: control requests as crate-admin,
/// the knob and MPD send them, answered by a `Router` over the real library store and
/// the player twin on its manual clock. No daemon, no socket, no sleep.
class RouterTestCase: QueueRulesTestCase {
    var router: Router!

    override func setUpWithError() throws {
        try super.setUpWithError()
        makeRouter()
    }

    /// The router takes the twin's events from here on, as crated's does the engine's.
    func makeRouter() {
        router = Router(player: twin, library: library, libraryProblem: nil, session: session, configPath: nil,
                        warnings: [], logger: logger)
    }

    /// The router's answer to `command`; a refusal fails the test.
    @discardableResult
    func send(_ command: Command, file: StaticString = #filePath, line: UInt = #line) -> Answer? {
        do throws(CommandRefusal) {
            return try router.perform(command)
        } catch {
            XCTFail("\(command): \(error.message)", file: file, line: line)
            return nil
        }
    }

    func queue() -> QueueView? {
        guard case .queue(let view) = send(.queue) else { return nil }
        return view
    }

    /// A restart: what the session saved is written, then a new session and router over
    /// the same library restore it (playing when `resume`).
    func restart(resume: Bool) throws {
        session.saveAndWait()
        try startSession()
        makeRouter()
        session.restore(resume: resume)
    }
}

final class RouterQueueTests: RouterTestCase {

    func testAnAlbumPlayedThroughTheRouterIsFollowedByTheCrateAndTheQueueSaysSo() throws {
        send(.play(.album(albums[0], track: nil)))
        XCTAssertEqual(queue()?.current?.id, albums[0])
        XCTAssertEqual(queue()?.fromCrate.map(\.id), Array(albums[1...]))
        twin.advance(by: 30)
        XCTAssertEqual(queue()?.current?.id, albums[1], "auto-advance into the crate's next album")
        XCTAssertEqual(send(.status)?.status?.player.currentTrack?.path, "/music/Artist/Album 2/1.mp3")
        let history = try XCTUnwrap(send(.history)?.history)
        let first = try XCTUnwrap(history.first { $0.album.id == albums[0] })
        XCTAssertEqual(first.completedPlays, 1, "heard to its end")
    }

    func testPlayNextThenNextAlbumThenPreviousAlbum() throws {
        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 5)
        send(.enqueue(albums[3], next: true))
        XCTAssertEqual(queue()?.queued.map(\.id), [albums[3]])
        send(.nextAlbum)
        XCTAssertEqual(current, albums[3], "the album queued to play next")
        XCTAssertEqual(queue()?.queued.map(\.id), [], "off the queue once it plays")
        send(.nextAlbum)
        XCTAssertEqual(current, albums[1], "then the crate, from where it was")
        send(.previousAlbum)
        XCTAssertEqual(current, albums[3], "previous album: the one heard before")
        XCTAssertEqual(twin.status().currentIndex, 0)
    }

    /// `next` on an album's last track goes on to the album that follows, as the end of
    /// the track would; with nothing left, it stops.
    func testNextOnTheLastTrackGoesOnToTheFollowingAlbum() throws {
        send(.play(.album(albums[3], track: nil)))
        send(.nextTrack)
        send(.nextTrack)
        XCTAssertEqual(twin.status().currentIndex, 2)
        send(.nextTrack)
        XCTAssertEqual(current, nil, "album 4 is the crate's last: nothing follows it")
        XCTAssertEqual(twin.status().state, .idle)

        send(.play(.album(albums[0], track: nil)))
        for _ in 0..<3 { send(.nextTrack) }
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(twin.status().currentTrack?.path, "/music/Artist/Album 2/1.mp3")
    }

    func testADislikeThroughTheRouterSkipsTheAlbumAndItNeverComesBack() throws {
        send(.play(.album(albums[0], track: nil)))
        twin.advance(by: 12)
        send(.opinion(.disliked, album: nil))
        XCTAssertEqual(current, albums[1])
        XCTAssertFalse(queue()?.fromCrate.map(\.id).contains(albums[0]) ?? true)
        twin.advance(by: 30)
        XCTAssertEqual(current, albums[2], "auto-advance passes the disliked album by")
    }

    /// A restart: a new session and router over the same library bring back the album,
    /// the track and the position, paused; a press plays on from there.
    func testARestartThroughTheRouterRestoresPausedAndThePlayButtonPlaysOn() throws {
        send(.play(.album(albums[2], track: nil)))
        send(.enqueue(albums[0], next: false))
        twin.advance(by: 23)  // track 3, 3 s in
        send(.pause)
        try restart(resume: false)
        let status = try XCTUnwrap(send(.status)?.status?.player)
        XCTAssertEqual(status.state, .paused)
        XCTAssertEqual(status.currentIndex, 2)
        XCTAssertEqual(status.position, 3, accuracy: 0.001)
        XCTAssertEqual(queue()?.current?.id, albums[2])
        XCTAssertEqual(queue()?.queued.map(\.id), [albums[0]], "the hand queue survives the restart")
        send(.toggle)
        twin.advance(by: 7)
        XCTAssertEqual(current, albums[0], "the queued album follows the restored one")
    }

    /// A socket request that names no album is refused at the edge as such, not looked up
    /// as some album; no command reaches the router.
    func testQueueAddAndAlbumWithoutAnAlbumIdSaySoAndQueueNothing() throws {
        for name in [ControlCommand.queueAdd, .queueNext, .album] {
            XCTAssertThrowsError(try ControlRequest(cmd: name).command(name)) { error in
                XCTAssertEqual((error as? InvalidRequest)?.message, "\(name.rawValue) needs 'album': a library album id")
            }
        }
        XCTAssertEqual(queue()?.queued.map(\.id), [])
    }
}
