import CrateCore
@testable import CrateDaemon
@testable import CrateRouter
import CrateLibrary
import CrateWire
import Synchronization
import XCTest

/// Plex albums in the queue, in process: the album session over the real library store,
/// the player twin, and `PlexTwin` for the server's side (which copies are complete,
/// whether the server answers, what was asked to be fetched ahead). The crate: the four
/// local albums, then two Plex albums by the same artist (2005, 2006), whose server is
/// away; only the second was downloaded.
final class PlexQueueRulesTests: QueueRulesTestCase {
    var plex: PlexTwin!
    var plexAlbums: [Int64] = []
    static let server = "plex://machine"

    override func setUpWithError() throws {
        try super.setUpWithError()
        let records = (5...6).flatMap { n in
            (1...2).map { track in
                var record = Self.record("\(Self.server)/\(n)/\(n)0\(track)", album: n, track: track)
                record.root = Self.server
                return record
            }
        }
        try library.store.apply(upserts: records, deletions: [])
        try library.store.setRoot(Self.server, online: false)
        plexAlbums = try library.store.albums(artist: "Artist").filter { $0.year ?? 0 >= 2005 }
            .sorted { ($0.year ?? 0) < ($1.year ?? 0) }.map(\.id)
        XCTAssertEqual(plexAlbums.count, 2)
        plex = PlexTwin(cached: ["\(Self.server)/6/601", "\(Self.server)/6/602"])
        try startPlexSession()
    }

    func startPlexSession() throws {
        let maker = CrateMaker(library: library, size: 24, walletPath: nil)
        let session = AlbumSession(library: library, player: twin, maker: maker, plex: plex, logger: logger)
        twin.setEventHandler { event, _, status in
            guard let kind = DaemonEvent.Kind(event) else { return }
            session.executor.run { session.playerChanged(kind, status) }
        }
        self.session = session
        try session.executor.run { try session.switchCrate(to: .artist("Artist")) }
    }

    func testAnOfflineAlbumNotDownloadedIsPassedOverAndADownloadedOnePlays() throws {
        try session.play(album: albums[3])
        twin.advance(by: 30)
        XCTAssertEqual(current, plexAlbums[1], "the downloaded album follows; the other one cannot play now")
        XCTAssertEqual(twin.status().tracks.suffix(2).map(\.path), ["\(Self.server)/6/601", "\(Self.server)/6/602"])
        let skipped = session.executor.run { session.skippedForStatus }
        XCTAssertTrue(skipped.contains { $0.contains("cannot be reached") }, "\(skipped)")
        XCTAssertEqual(plex.probes.withLock { $0 }, 0, "auto-advance never waits on the server")
    }

    func testPlayingAnOfflineAlbumByHandAsksTheServerOnceAndPlaysWhenItAnswers() throws {
        XCTAssertThrowsError(try session.play(album: plexAlbums[0]), "the server is away and nothing was downloaded")
        XCTAssertEqual(plex.probes.withLock { $0 }, 1)
        plex.answers.store(true, ordering: .relaxed)
        try session.play(album: plexAlbums[0])
        XCTAssertEqual(current, plexAlbums[0])
        XCTAssertEqual(twin.status().tracks.map(\.path), ["\(Self.server)/5/501", "\(Self.server)/5/502"])
    }

    /// The album playing first, then the coming ones, as many as `download_ahead` says:
    /// the rest of this album then plays on if the server goes away.
    func testTheComingAlbumsAreFetchedAheadInTheOrderTheyWillPlay() throws {
        try session.play(album: albums[3])
        let asked = try XCTUnwrap(plex.prefetches.withLock { $0.last })
        XCTAssertEqual(asked.first?.first, "/music/Artist/Album 4/1.mp3")
        XCTAssertEqual(asked.dropFirst().map { $0.first }, ["\(Self.server)/5/501", "\(Self.server)/6/601"])
    }
}

/// A Plex server's side as the session sees it, with what it was asked.
final class PlexTwin: PlexPlayback, @unchecked Sendable {
    // @unchecked: every mutable field is behind a Mutex or atomic.
    let cached: Set<String>
    let answers = Atomic<Bool>(false)
    let probes = Mutex(0)
    let prefetches = Mutex<[[[String]]]>([])
    let downloadAhead = 2

    init(cached: Set<String>) { self.cached = cached }

    func isCached(_ paths: [String]) -> Bool { paths.allSatisfy { !TrackLocation.isPlex($0) || cached.contains($0) } }

    func reconnect(_ paths: [String]) -> Bool {
        probes.withLock { $0 += 1 }
        return answers.load(ordering: .relaxed)
    }

    func prefetch(_ albums: [[String]]) { prefetches.withLock { $0.append(albums) } }
    func rate(server: String, ratingKey: String, opinion: AlbumOpinion) {}
    func restoreRating(server: String, ratingKey: String, rating: Double?) {}
    func scrobble(server: String, ratingKey: String) {}
    func timeline(server: String, ratingKey: String, state: String, seconds: Double, duration: Double?) {}
    func status() -> PlexStatus { PlexStatus(auth: .signedIn) }
}
