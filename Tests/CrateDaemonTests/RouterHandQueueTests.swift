import CrateCore
@testable import CrateRouter
import XCTest

/// What MPD asks of the router, in process: the player's status, the hand queue read and
/// edited album by album, a song played from its place, and the volume. The MPD tests
/// drive the same commands through a real daemon and `mpc`; these pin the router's side.
final class RouterHandQueueTests: RouterTestCase {

    @discardableResult
    func handQueue(_ request: Command.HandQueueRequest, file: StaticString = #filePath,
                   line: UInt = #line) -> (queue: HandQueue, stoppedAlbum: Int64?)? {
        guard case .handQueue(let queue, let stopped) = send(.handQueue(request), file: file, line: line) else {
            XCTFail("\(request) answered with something else than the hand queue", file: file, line: line)
            return nil
        }
        return (queue, stopped)
    }

    func move(_ albums: [Int64], next: Bool, to anchor: Int64) -> WaitingMove? {
        guard case .waitingMove(let outcome) = send(.handQueue(.move(albums, next: next, to: anchor))) else { return nil }
        return outcome
    }

    func testAppendSkipsTheAlbumPlayingAndAlbumsWaitingAndRemoveSaysWhetherOneWas() throws {
        send(.play(.album(albums[0], track: nil)))
        let after = handQueue(.append([albums[0], albums[2], albums[3], albums[2]], knownPlayable: [albums[2]]))
        XCTAssertEqual(after?.queue.current, albums[0])
        XCTAssertEqual(after?.queue.queued, [albums[2], albums[3]], "each album once, the one playing not at all")

        XCTAssertEqual(send(.handQueue(.remove(albums[2]))), .dequeued(true))
        XCTAssertEqual(send(.handQueue(.remove(albums[2]))), .dequeued(false), "no longer waiting")
        XCTAssertEqual(handQueue(.show(playerIndex: nil))?.queue.queued, [albums[3]])

        let cleared = handQueue(.clear)
        XCTAssertEqual(cleared?.queue.queued, [])
        XCTAssertEqual(cleared?.queue.current, albums[0], "clearing the waiting albums leaves the one playing")
        XCTAssertEqual(twin.status().state, .playing)
    }

    func testMovesReorderWaitingAlbumsAndNeverTheOnePlaying() throws {
        send(.play(.album(albums[0], track: nil)))
        handQueue(.append([albums[2], albums[3], albums[1]], knownPlayable: []))
        XCTAssertEqual(move([albums[1]], next: false, to: albums[2]), .moved)
        XCTAssertEqual(handQueue(.show(playerIndex: nil))?.queue.queued, [albums[1], albums[2], albums[3]])
        XCTAssertEqual(move([albums[1]], next: true, to: albums[3]), .moved)
        XCTAssertEqual(handQueue(.show(playerIndex: nil))?.queue.queued, [albums[2], albums[3], albums[1]])
        XCTAssertEqual(move([albums[0]], next: true, to: albums[3]), .playingAlbum)
        send(.handQueue(.remove(albums[3])))
        XCTAssertEqual(move([albums[3]], next: true, to: albums[1]), .changed, "album 4 no longer waits")
        XCTAssertEqual(handQueue(.show(playerIndex: nil))?.queue.queued, [albums[2], albums[1]])
    }

    /// The queue as MPD lists it: the album under the player's track with where its tracks
    /// start, and after a stop the album a `play` takes up again.
    func testTheQueueShowsTheAlbumUnderThePlayHeadAndAfterAStopTheStoppedAlbum() throws {
        send(.play(.album(albums[1], track: nil)))
        twin.advance(by: 15)
        let playing = try XCTUnwrap(handQueue(.show(playerIndex: twin.status().currentIndex)))
        XCTAssertEqual(playing.queue.playing?.albumID, albums[1])
        XCTAssertEqual(playing.queue.playing?.startIndex, 0)
        XCTAssertNil(playing.stoppedAlbum)

        send(.stop)
        XCTAssertEqual(handQueue(.show(playerIndex: nil))?.stoppedAlbum, albums[1])
        send(.play(.stoppedAlbum))
        XCTAssertEqual(twin.status().state, .playing)
        XCTAssertNil(handQueue(.show(playerIndex: nil))?.stoppedAlbum)
    }

    /// An MPD song: its album plays from that track, seconds in, and the player's status
    /// says so.
    func testASongPlaysItsAlbumFromItsPlaceAndThePlayerStatusSaysSo() throws {
        send(.play(.song(album: albums[2], index: 1, seconds: 4)))
        XCTAssertEqual(current, albums[2])
        guard case .player(let status) = send(.playerStatus) else { return XCTFail("no player status") }
        XCTAssertEqual(status.currentIndex, 1)
        XCTAssertEqual(status.position, 4, accuracy: 0.001)
        XCTAssertEqual(status.currentTrack?.path, "/music/Artist/Album 3/2.mp3")
        XCTAssertEqual(status.tracks.map(\.path), (1...3).map { "/music/Artist/Album 3/\($0).mp3" })
        twin.advance(by: 16)
        XCTAssertEqual(current, albums[3], "the crate's next album follows, as after any album")
    }

    func testWithoutAMixerTheVolumeIsNoneAndAChangeIsRefusedInWords() throws {
        XCTAssertEqual(send(.volume), .volume(nil))
        XCTAssertThrowsError(try router.perform(.changeVolume(byPercent: 5))) { error in
            XCTAssertEqual((error as? CommandRefusal)?.message,
                           "no volume control: set [audio] mixer_control to drive the card's mixer")
        }
    }

    /// A box whose library did not open has an empty queue to show (MPD asks on nearly
    /// every command) and refuses edits, saying why.
    func testWithoutALibraryTheQueueIsEmptyAndEditsAreRefused() throws {
        router = Router(player: twin, library: nil, libraryProblem: "library unavailable: disk gone", session: nil,
                        configPath: nil, warnings: [], logger: logger)
        XCTAssertEqual(handQueue(.show(playerIndex: nil))?.queue, HandQueue(current: nil, queued: [], playing: nil))
        XCTAssertThrowsError(try router.perform(.handQueue(.append([albums[0]], knownPlayable: [])))) { error in
            XCTAssertEqual((error as? CommandRefusal)?.message, "library unavailable: disk gone")
        }
    }
}
