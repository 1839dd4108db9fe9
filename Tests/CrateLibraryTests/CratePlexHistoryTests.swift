@testable import CrateLibrary
@testable import CratePlex
import CrateCore
import XCTest

/// The server's history feeds the signals: plays, last plays, ratings and added dates
/// stored at sync make a fresh box know its owner; a local album arrived when its files did.
final class CratePlexHistoryTests: StoreTestCase {
    let server = "m1"

    /// Six Plex albums (as a sync writes them) and their server stats.
    func plexLibrary(_ store: LibraryStore) throws -> [String: Int64] {
        var records: [FileRecord] = []
        let subs = ["Bebop", "Modal", "Cool", "Bebop", nil, "Hard Bop"]
        for (i, sub) in subs.enumerated() {
            records += (1...2).map {
                track("plex://\(server)/\(i)/\($0)", album: "plex:\(server):\(i)", root: "plex://\(server)",
                      artist: "Artist \(i % 3)", albumTitle: "Album \(i)", number: $0, superGenre: i == 4 ? "Rock" : "Jazz",
                      subGenre: sub, mtime: 1_000_000_000 * 1_000_000_000)
            }
        }
        try store.apply(upserts: records, deletions: [])
        try store.replaceRemoteAlbumStats(server: server, [
            RemoteAlbumStats(albumKey: "plex:\(server):0", viewCount: 40, lastViewedAt: 1_700_000_000, userRating: nil, addedAt: 1_500_000_000),
            RemoteAlbumStats(albumKey: "plex:\(server):1", viewCount: 3, lastViewedAt: 1_690_000_000, userRating: 10, addedAt: 1_500_000_001),
            RemoteAlbumStats(albumKey: "plex:\(server):2", viewCount: 0, lastViewedAt: nil, userRating: 4, addedAt: 1_650_000_000),
            RemoteAlbumStats(albumKey: "plex:\(server):3", viewCount: 0, lastViewedAt: nil, userRating: nil, addedAt: 1_400_000_000),
            RemoteAlbumStats(albumKey: "plex:\(server):4", viewCount: 7, lastViewedAt: 1_699_000_000, userRating: 8, addedAt: 1_450_000_000),
            RemoteAlbumStats(albumKey: "plex:\(server):5", viewCount: 0, lastViewedAt: nil, userRating: nil, addedAt: 1_600_000_000),
        ])
        return Dictionary(uniqueKeysWithValues: try store.albums().map { ($0.title, $0.id) })
    }

    func testAFreshBoxKnowsItsOwnerFromTheServer() throws {
        let store = try openStore()
        let ids = try plexLibrary(store)
        let c = try CrateSignalSource.candidates(store: store, scope: .all, seed: 5, now: 1_700_000_000)
        XCTAssertEqual(Array(c[.history].prefix(3)), [ids["Album 0"]!, ids["Album 4"]!, ids["Album 1"]!],
                       "the server's plays are history, the most and latest first")
        XCTAssertEqual(Set(c[.favorites].prefix(2)), [ids["Album 1"]!, ids["Album 4"]!], "ratings of 8 and up are likes")
        XCTAssertEqual(Array(c[.popular].prefix(4)), [ids["Album 0"]!, ids["Album 4"]!, ids["Album 1"]!, ids["Album 2"]!],
                       "most played, then a rated album never played")
        XCTAssertEqual(c[.newArrivals].first, ids["Album 2"], "the server's addedAt, not the sync's day")
        XCTAssertEqual(c[.newArrivals].last, ids["Album 3"])
        XCTAssertEqual(try store.userStates(), [:], "nothing of the server's is written as the box's own")
        XCTAssertEqual(try store.opinion(albumKey: "plex:\(server):1"), .liked, "shown as liked, not stored as liked")
        XCTAssertEqual(try store.opinion(albumKey: "plex:\(server):2"), .none, "two stars are no opinion")

        // The box's like taken back beats the server's rating, in the signals too.
        try store.setOpinion(.none, albumKey: "plex:\(server):1", takingBackLike: true)
        XCTAssertEqual(try store.opinion(albumKey: "plex:\(server):1"), .none)
        XCTAssertEqual(try store.likedAlbumKeys(), ["plex:\(server):4"])
        let unliked = try CrateSignalSource.candidates(store: store, scope: .all, seed: 5, now: 1_700_000_000)
        XCTAssertEqual(unliked[.favorites].prefix(1), [ids["Album 4"]!])

        // The box's own dislike beats the server's rating.
        try store.setOpinion(.disliked, albumKey: "plex:\(server):4")
        let after = try CrateSignalSource.candidates(store: store, scope: .all, seed: 5, now: 1_700_000_000)
        XCTAssertTrue(after.excluded.contains(ids["Album 4"]!))
        XCTAssertFalse(after[.favorites].prefix(1).contains(ids["Album 4"]!))
    }

    /// What a sync stores: each playable album's counts, rating and added date.
    func testASyncKeepsTheServersHistoryOfEachPlayableAlbum() {
        let album = PlexAlbum(ratingKey: "1001", title: "Kind of Blue", artist: "Miles Davis", addedAt: 1_600_000_000,
                              viewCount: 8, lastViewedAt: 1_700_001_000, userRating: 10)
        let track = PlexTrack(ratingKey: "2001", albumRatingKey: "1001", title: "So What", index: 1,
                              parts: [PlexPart(key: "/library/parts/91/1/file.mp3", size: 100, container: "mp3", codec: "mp3")])
        let mapped = PlexRecords.make(albums: [album, PlexAlbum(ratingKey: "1002", title: "No tracks")], tracks: [track],
                                      server: "m1")
        XCTAssertEqual(mapped.stats, [RemoteAlbumStats(albumKey: "tag:miles davis|kind of blue", viewCount: 8,
                                                     lastViewedAt: 1_700_001_000, userRating: 10, addedAt: 1_600_000_000)])
        XCTAssertEqual(mapped.rekeyed, ["plex:m1:1001": "tag:miles davis|kind of blue"])

        // The other half of an album the server split: one album, one history.
        let half = PlexAlbum(ratingKey: "1003", title: "Kind Of Blue", artist: "Miles Davis", addedAt: 1_500_000_000,
                             viewCount: 3, lastViewedAt: 1_600_000_000, userRating: 6)
        let halfTrack = PlexTrack(ratingKey: "2003", albumRatingKey: "1003", title: "Freddie Freeloader", index: 2,
                                  parts: [PlexPart(key: "/library/parts/93/1/file.mp3", size: 100, container: "mp3", codec: "mp3")])
        let both = PlexRecords.make(albums: [album, half], tracks: [track, halfTrack], server: "m1")
        XCTAssertEqual(Set(both.records.map(\.albumKey)), ["tag:miles davis|kind of blue"])
        XCTAssertEqual(both.stats, [RemoteAlbumStats(albumKey: "tag:miles davis|kind of blue", viewCount: 11,
                                                   lastViewedAt: 1_700_001_000, userRating: 10, addedAt: 1_500_000_000)])
    }

    func testAGenreCrateHasItsOwnSignalsScopedToTheGenre() throws {
        let store = try openStore()
        let ids = try plexLibrary(store)
        let jazz = Set([0, 1, 2, 3, 5].map { ids["Album \($0)"]! })
        let c = try CrateSignalSource.candidates(store: store, scope: .superGenre("Jazz"), seed: 5, now: 1_700_000_000)
        for signal in CrateSignal.genre {
            XCTAssertTrue(Set(c[signal]).isSubset(of: jazz), "\(signal) stays in the genre")
        }
        for signal in [CrateSignal.favorites, .popular, .newArrivals] { XCTAssertEqual(c[signal], [], "\(signal)") }
        XCTAssertEqual(c[.trending].first, ids["Album 0"], "the server's counts are trending")
        XCTAssertEqual(c[.seedExpansion].first, ids["Album 1"], "the genre's liked album first")
        XCTAssertEqual(c[.newInGenre].first, ids["Album 2"])
        // Four sub-genres: the first four of the rotation are one of each.
        let sub = Dictionary(uniqueKeysWithValues: [0, 1, 2, 3, 5].map { (ids["Album \($0)"]!, ["Bebop", "Modal", "Cool", "Bebop", "", "Hard Bop"][$0]) })
        XCTAssertEqual(Set(c[.subGenres].prefix(4).map { sub[$0]! }).count, 4, "\(c[.subGenres])")
        XCTAssertEqual(c[.subGenres].count, 5)

        let crate = CrateWall.generateGenre(candidates: c, dial: .mixed, size: 5, seed: 5)
        XCTAssertEqual(Set(crate.albumIDs), jazz)
    }

    func testALocalAlbumArrivedWhenItsFilesDid() throws {
        let store = try openStore()
        let mtime2001 = 1_000_000_000 * 1_000_000_000  // 2001-09-09
        try store.apply(upserts: [track("/m/Old/1.mp3", album: "old", mtime: mtime2001 + 5_000_000_000),
                                  track("/m/Old/2.mp3", album: "old", mtime: mtime2001)], deletions: [])
        let added = try store.read { try $0.firstRow("SELECT added_at FROM albums", []) { $0.double(0) } }
        XCTAssertEqual(added, 1_000_000_000, "the oldest file's mtime")
        try store.apply(upserts: [track("/m/Undated/1.mp3", album: "undated", mtime: 1)], deletions: [])
        let undated = try store.read { try $0.firstRow("SELECT added_at FROM albums WHERE album_key = 'undated'", []) { $0.double(0) } }
        XCTAssertGreaterThan(undated ?? 0, 1_700_000_000, "no real date: the day it was found")
    }
}
