@testable import CrateLibrary
import CrateCore
import XCTest

/// Browsing: filters, genre and artist lists, stats.
final class StoreQueryTests: StoreTestCase {
    var store: LibraryStore!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try openStore()
        try store.apply(upserts:
            albumTracks("/m/1", key: "1", artist: "The Beatles", title: "Revolver", superGenre: "Rock",
                        subGenre: "Classic Rock")
            + albumTracks("/m/2", key: "2", artist: "Björk", title: "Homogenic", superGenre: "Electronic/Dance",
                          subGenre: "Trip-Hop")
            + albumTracks("/m/3", key: "3", artist: "Nirvana", title: "Nevermind", superGenre: "Rock",
                          subGenre: "Grunge")
            + albumTracks("/m/4", key: "4", artist: "Unknown", title: "Tape", superGenre: "Other")
            + [track("/m/5/1.mp3", album: "5", artist: "Björk", albumTitle: "Gift", superGenre: "Rock"),
               track("/m/5/2.mp3", album: "5", artist: "Nirvana", albumTitle: "Gift", superGenre: "Rock",
                     subGenre: "Grunge")],
            deletions: [])
    }

    override func tearDown() {
        store = nil
        super.tearDown()
    }

    func testGenreFiltersIgnoreCase() throws {
        XCTAssertEqual(try store.albums(superGenre: "rock").map(\.title), ["Revolver", "Nevermind", "Gift"])
        XCTAssertEqual(try store.albums(subGenre: "GRUNGE").map(\.title), ["Nevermind", "Gift"])
        XCTAssertEqual(try store.albums(superGenre: "Rock", subGenre: "classic rock").map(\.title), ["Revolver"])
        XCTAssertEqual(try store.albums(superGenre: "Jazz"), [])
    }

    func testArtistFilterMatchesAlbumAndTrackArtistsBySortKey() throws {
        XCTAssertEqual(try store.albums(artist: "beatles").map(\.title), ["Revolver"], "the article is ignored")
        XCTAssertEqual(try store.albums(artist: "BJORK").map(\.title), ["Homogenic", "Gift"],
                       "diacritics and case folded; a track artist of a compilation counts")
        XCTAssertEqual(try store.albums(superGenre: "Rock", artist: "Nirvana").map(\.title), ["Nevermind", "Gift"])
        XCTAssertEqual(try store.albums(artist: "Various Artists").map(\.title), ["Gift"])
        XCTAssertEqual(try store.albums(artist: "Nobody"), [])
    }

    func testGenresListEachSuperGenreThenItsSubGenres() throws {
        XCTAssertEqual(try store.genres(), [
            GenreSummary(superGenre: "Electronic/Dance", subGenre: nil, albumCount: 1),
            GenreSummary(superGenre: "Electronic/Dance", subGenre: "Trip-Hop", albumCount: 1),
            GenreSummary(superGenre: "Rock", subGenre: nil, albumCount: 3),
            GenreSummary(superGenre: "Rock", subGenre: "Classic Rock", albumCount: 1),
            GenreSummary(superGenre: "Rock", subGenre: "Grunge", albumCount: 2),
            GenreSummary(superGenre: "Other", subGenre: nil, albumCount: 1),
        ])
    }

    func testStatsCountAlbumsTracksArtistsAndRoots() throws {
        var report = ScanReport(full: true, startedAt: 1_700_000_000)
        report.filesSeen = 14
        let stats = try store.stats(lastScan: report)
        XCTAssertEqual(stats.albums, 5)
        XCTAssertEqual(stats.tracks, 14)
        XCTAssertEqual(stats.artists, 5, "Beatles, Björk, Nirvana, Unknown, Various Artists")
        XCTAssertEqual(stats.offlineAlbums, 0)
        XCTAssertEqual(stats.roots, [LibraryRootStatus(path: "/music", online: true, albums: 5)],
                       "a root with albums counts even before setRoot")
        XCTAssertEqual(stats.lastScan, report)
        XCTAssertEqual(stats.storeNotes, [])
    }

    func testListingAGenreOfALargeLibraryUsesItsIndex() throws {
        let plan = try store.read {
            try $0.rows("EXPLAIN QUERY PLAN SELECT id FROM albums WHERE super_genre = 'Rock' "
                        + "ORDER BY artist_sort, title_sort, id") { $0.text(3) }
        }
        XCTAssertTrue(plan.contains { $0.contains("albums_by_super_genre") }, "\(plan)")
        XCTAssertFalse(plan.contains { $0.contains("TEMP B-TREE") }, "no sort step: \(plan)")
    }
}
