import CrateCore
import CrateLibrary
@testable import CrateRouter
import XCTest

/// An album tagged with several genres is in each of their crates, reached with the genre
/// button as a person does; the most common genre of its files stays its primary one.
final class RouterSeveralGenresTests: RouterTestCase {
    /// "Album 9" is tagged "Jazz; Soul"; "Album 10" Soul alone; the four others Rock.
    func addJazzAndSoulAlbums() throws {
        var both = Self.record("/music/Artist/Album 9/1.mp3", album: 9, track: 1)
        (both.genres, both.superGenre) = (["Jazz; Soul"], "Jazz")
        var soul = Self.record("/music/Artist/Album 10/1.mp3", album: 10, track: 1)
        (soul.genres, soul.superGenre) = (["Soul"], "R&B/Soul")
        try library.store.apply(upserts: [both, soul], deletions: [])
    }

    func testAJazzAndSoulAlbumIsInBothGenreCratesAndCountsInEach() throws {
        try addJazzAndSoulAlbums()
        let genres = try library.store.genres().filter { $0.subGenre == nil }
        XCTAssertEqual(genres.first { $0.superGenre == "Jazz" }?.albumCount, 1)
        XCTAssertEqual(genres.first { $0.superGenre == "R&B/Soul" }?.albumCount, 2, "Album 9 counts under Soul too")
        let both = try XCTUnwrap(library.store.albums().first { $0.title == "Album 9" })
        XCTAssertEqual(both.superGenre, "Jazz", "the primary genre, the one the Wall mixes by")
        XCTAssertEqual(try library.store.albums(superGenre: "R&B/Soul").map(\.title).sorted(), ["Album 10", "Album 9"])

        var hands = BoxHands(router: router)
        hands.press(.genre)
        XCTAssertEqual(hands.said, ["crate: Rock (4 albums)"])
        hands.press(.genre)
        XCTAssertEqual(hands.said, ["crate: R&B/Soul (2 albums)"], "Album 9 is in Soul's crate as well as Jazz's")
        // The crate's order is its own (a seeded blend): both albums are in it, in some order.
        hands.turn(1)
        var seen = hands.said
        hands.turn(-1)
        seen += hands.said
        XCTAssertEqual(Set(seen.map { $0.replacingOccurrences(of: "browse 1/2: ", with: "")
                                           .replacingOccurrences(of: "browse 2/2: ", with: "") }),
                       ["Artist — Album 9", "Artist — Album 10"], "\(seen)")
        hands.press(.genre)
        XCTAssertEqual(hands.said, ["crate: Jazz (1 album)"])
        hands.turn(1)
        XCTAssertEqual(hands.said, ["browse 1/1: Artist — Album 9 (the end: nothing more to add)"])
    }
}
