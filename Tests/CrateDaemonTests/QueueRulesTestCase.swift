import CrateCore
@testable import CrateDaemon
@testable import CrateRouter
import CrateRouterTesting
import CrateLibrary
import CrateWire
import Logging
import TestSupport
import XCTest

/// The queue's rules, in process: a real library store (SQLite in a temporary directory)
/// and the album session, driven through `PlayerTwin` on a manual clock. Four albums by
/// one artist, a year apart, make the crate ("more by this artist": oldest first), each
/// three 10 s tracks. Nothing sleeps: `advance(by:)` is the time that passes.
class QueueRulesTestCase: XCTestCase {
    var dir: TemporaryDirectory!
    var library: Library!
    var twin: PlayerTwin!
    var session: AlbumSession!
    /// Album ids in crate order (2001, 2002, 2003, 2004).
    var albums: [Int64] = []
    let logger = Logger(label: "queue-rules")
    /// The twin gives a track's length only once it was opened, as the engine does.
    var twinKnowsLengthsOnceOpened = false
    /// `[crate] size` of the session's crates.
    var crateSize = 24

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
        try session.executor.run { try session.switchCrate(to: .artist("Artist")) }
    }

    override func tearDown() {
        session?.saveAndWait()
        dir?.remove()
    }

    /// A session on the library with a fresh twin (as a restart makes).
    func startSession() throws {
        twin = PlayerTwin(lengthsOnceOpened: twinKnowsLengthsOnceOpened)
        let maker = CrateMaker(library: library, size: crateSize, walletPath: nil)
        let session = AlbumSession(library: library, player: twin, maker: maker, logger: logger)
        // The router's part: each player event reaches the session with the status then.
        twin.setEventHandler { event, _, status in
            guard let kind = DaemonEvent.Kind(event) else { return }
            session.executor.run { session.playerChanged(kind, status) }
        }
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

    var current: Int64? { session.executor.run { session.state.access { $0.current } } }
    var played: [Int64] { session.executor.run { session.state.access { $0.played } } }
}
