import CrateCore
@testable import CrateDaemon
import CrateLibrary
import Logging
import TestSupport
import XCTest

/// The queue's rules, in process: a real library store (SQLite in a temporary directory)
/// and the album session, driven through `PlayerTwin` on a manual clock. Four albums by
/// one artist, a year apart, make the crate ("more by this artist": oldest first), each
/// three 10 s tracks. Nothing sleeps: `advance(by:)` is the time that passes.
final class QueueRulesTests: XCTestCase {
    var dir: TemporaryDirectory!
    var library: Library!
    var twin: PlayerTwin!
    var session: AlbumSession!
    /// Album ids in crate order (2001, 2002, 2003, 2004).
    var albums: [Int64] = []
    let logger = Logger(label: "queue-rules")

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "queue-rules")
        library = try Library(stateDir: dir.path + "/state", roots: ["/music"], logger: logger)
        let records = (1...4).flatMap { n in
            (1...3).map { track in Self.record("/music/Artist/Album \(n)/\(track).mp3", album: n, track: track) }
        }
        try library.store.apply(upserts: records, deletions: [])
        albums = try library.store.albums(artist: "Artist").sorted { ($0.year ?? 0) < ($1.year ?? 0) }.map(\.id)
        XCTAssertEqual(albums.count, 4)
        try startSession()
        try session.switchCrate(to: .artist("Artist"))
    }

    override func tearDown() {
        session?.saveAndWait()
        dir?.remove()
    }

    /// A session on the library with a fresh twin (as a restart makes).
    func startSession() throws {
        twin = PlayerTwin()
        let maker = CrateMaker(library: library, size: 24, walletPath: nil)
        let session = AlbumSession(library: library, player: twin, maker: maker, logger: logger)
        // The router's part: each player event reaches the session with the status then.
        twin.setEventHandler { kind, _, status in session.playerChanged(kind, status) }
        self.session = session
    }

    static func record(_ path: String, album n: Int, track: Int) -> FileRecord {
        FileRecord(path: path, root: "/music", size: 1000, mtimeNanos: 1, albumKey: "album-\(n)", title: "Song \(track)",
                   artist: "Artist", albumArtist: nil, albumTitle: "Album \(n)", trackNumber: track, trackTotal: 3,
                   discNumber: nil, discTotal: nil, year: 2000 + n, date: "\(2000 + n)", genres: ["Rock"],
                   compilation: false, musicBrainzAlbumID: nil, replayGain: nil, artwork: nil, sampleRate: 44100,
                   channels: 2, durationFrames: 441_000, exactDuration: true, superGenre: "Rock", subGenre: nil,
                   artistSortKey: "artist", albumSortKey: "album \(n)")
    }

    var current: Int64? { session.state.withLock { $0.current } }
    var played: [Int64] { session.state.withLock { $0.played } }

    func testAnAlbumThatEndsIsFollowedByTheCratesNextInOneList() throws {
        try session.play(album: albums[0])
        twin.advance(by: 25)  // into the last track: the next album is appended to the list
        XCTAssertEqual(twin.status().tracks.count, 6, "album 2 follows in the same list, gapless")
        XCTAssertEqual(current, albums[0], "still the first album until its last track ends")
        twin.advance(by: 10)
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(session.state.withLock { $0.trackInAlbum }, 0)
        XCTAssertEqual(played, [albums[0]])
        twin.advance(by: 30)
        XCTAssertEqual(current, albums[2], "and so on, in the crate's order")
    }

    /// The engine thread's question when the list runs out is answered from memory: the
    /// next local album's tracks were read when the current album started. A probe: the
    /// next album's rows are removed from the store behind the session's back, and the
    /// continuation still hands over its tracks.
    func testTheNextAlbumIsReadAheadSoTheEngineThreadAsksNothingOfSQLite() throws {
        try session.play(album: albums[0])  // its start is read ahead from (on the events thread, on the box)
        XCTAssertEqual(session.advance.upcoming.withLock { $0?.album }, albums[1])
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
        XCTAssertEqual(session.state.withLock { $0.trackInAlbum }, 2)
        XCTAssertEqual(played, [], "album 1 is playing again, not in the history of what was left")
    }

    func testAfterAHandQueuedAlbumTheCrateGoesOnFromWhereItWas() throws {
        try session.play(album: albums[0])
        try session.enqueue(albums[3], next: false)
        twin.advance(by: 30)
        XCTAssertEqual(current, albums[3], "the album queued by hand comes first")
        XCTAssertEqual(session.state.withLock { $0.queued }, [], "and leaves the queue once it plays")
        twin.advance(by: 30)
        XCTAssertEqual(current, albums[1], "then the crate goes on after the album it was at, not from its start")
    }

    func testADislikeWhilePlayingSkipsToTheNextAlbumAndTakesItOutOfTheCrate() throws {
        try session.play(album: albums[0])
        twin.advance(by: 12)
        try session.setOpinion(.disliked, album: nil)
        XCTAssertEqual(current, albums[1])
        XCTAssertEqual(twin.status().currentIndex, 0, "the next album from its first track")
        XCTAssertFalse(session.state.withLock { $0.crate.items.map(\.albumID) }.contains(albums[0]))
        try session.previousAlbumNow()
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
