import CrateCore
@testable import CrateDaemon
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

    @discardableResult
    func send(_ request: ControlRequest, file: StaticString = #filePath, line: UInt = #line) -> ControlReply {
        let reply = router.handle(request)
        XCTAssertTrue(reply.ok, "\(request.cmd): \(reply.error ?? "")", file: file, line: line)
        return reply
    }

    func queue() -> QueueView? { send(ControlRequest(cmd: .queue)).queue }

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
        send(ControlRequest(cmd: .play, album: albums[0]))
        XCTAssertEqual(queue()?.current?.id, albums[0])
        XCTAssertEqual(queue()?.fromCrate.map(\.id), Array(albums[1...]))
        twin.advance(by: 30)
        XCTAssertEqual(queue()?.current?.id, albums[1], "auto-advance into the crate's next album")
        XCTAssertEqual(send(ControlRequest(cmd: .status)).status?.player.currentTrack?.path, "/music/Artist/Album 2/1.mp3")
        let history = try XCTUnwrap(send(ControlRequest(cmd: .history)).history)
        let first = try XCTUnwrap(history.first { $0.album.id == albums[0] })
        XCTAssertEqual(first.completedPlays, 1, "heard to its end")
    }

    func testPlayNextThenNextAlbumThenPreviousAlbum() throws {
        send(ControlRequest(cmd: .play, album: albums[0]))
        twin.advance(by: 5)
        send(ControlRequest(cmd: .queueNext, album: albums[3]))
        XCTAssertEqual(queue()?.queued.map(\.id), [albums[3]])
        send(ControlRequest(cmd: .nextAlbum))
        XCTAssertEqual(current, albums[3], "the album queued to play next")
        XCTAssertEqual(queue()?.queued.map(\.id), [], "off the queue once it plays")
        send(ControlRequest(cmd: .nextAlbum))
        XCTAssertEqual(current, albums[1], "then the crate, from where it was")
        send(ControlRequest(cmd: .prevAlbum))
        XCTAssertEqual(current, albums[3], "previous album: the one heard before")
        XCTAssertEqual(twin.status().currentIndex, 0)
    }

    /// `next` on an album's last track goes on to the album that follows, as the end of
    /// the track would; with nothing left, it stops.
    func testNextOnTheLastTrackGoesOnToTheFollowingAlbum() throws {
        send(ControlRequest(cmd: .play, album: albums[3]))
        send(ControlRequest(cmd: .next))
        send(ControlRequest(cmd: .next))
        XCTAssertEqual(twin.status().currentIndex, 2)
        send(ControlRequest(cmd: .next))
        XCTAssertEqual(current, nil, "album 4 is the crate's last: nothing follows it")
        XCTAssertEqual(twin.status().state, .idle)

        send(ControlRequest(cmd: .play, album: albums[0]))
        for _ in 0..<3 { send(ControlRequest(cmd: .next)) }
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(twin.status().currentTrack?.path, "/music/Artist/Album 2/1.mp3")
    }

    func testADislikeThroughTheRouterSkipsTheAlbumAndItNeverComesBack() throws {
        send(ControlRequest(cmd: .play, album: albums[0]))
        twin.advance(by: 12)
        send(ControlRequest(cmd: .dislike))
        XCTAssertEqual(current, albums[1])
        XCTAssertFalse(queue()?.fromCrate.map(\.id).contains(albums[0]) ?? true)
        twin.advance(by: 30)
        XCTAssertEqual(current, albums[2], "auto-advance passes the disliked album by")
    }

    /// A restart: a new session and router over the same library bring back the album,
    /// the track and the position, paused; a press plays on from there.
    func testARestartThroughTheRouterRestoresPausedAndThePlayButtonPlaysOn() throws {
        send(ControlRequest(cmd: .play, album: albums[2]))
        send(ControlRequest(cmd: .queueAdd, album: albums[0]))
        twin.advance(by: 23)  // track 3, 3 s in
        send(ControlRequest(cmd: .pause))
        try restart(resume: false)
        let status = try XCTUnwrap(send(ControlRequest(cmd: .status)).status?.player)
        XCTAssertEqual(status.state, .paused)
        XCTAssertEqual(status.currentIndex, 2)
        XCTAssertEqual(status.position, 3, accuracy: 0.001)
        XCTAssertEqual(queue()?.current?.id, albums[2])
        XCTAssertEqual(queue()?.queued.map(\.id), [albums[0]], "the hand queue survives the restart")
        send(ControlRequest(cmd: .toggle))
        twin.advance(by: 7)
        XCTAssertEqual(current, albums[0], "the queued album follows the restored one")
    }

    /// A request that names no album is refused as such, not looked up as some album.
    func testQueueAddAndAlbumWithoutAnAlbumIdSaySoAndQueueNothing() throws {
        for command in [ControlCommand.queueAdd, .queueNext, .album] {
            let reply = router.handle(ControlRequest(cmd: command))
            XCTAssertFalse(reply.ok)
            XCTAssertEqual(reply.error, "\(command.rawValue) needs an album id")
        }
        XCTAssertEqual(queue()?.queued.map(\.id), [])
    }
}
