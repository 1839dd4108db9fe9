@testable import CrateLibrary
import XCTest

/// Likes carry the time they were made, for the Favorites crate's order.
final class StoreFavoritesTests: StoreTestCase {
    func testLikedAlbumsMostRecentlyLikedFirst() throws {
        let store = try openStore()
        try store.setOpinion(.liked, albumKey: "a", at: 100)
        try store.setOpinion(.liked, albumKey: "b", at: 300)
        try store.setOpinion(.liked, albumKey: "c", at: 200)
        try store.setOpinion(.disliked, albumKey: "d", at: 400)
        XCTAssertEqual(try store.likedAlbumKeys(), ["b", "c", "a"])
        try store.setOpinion(.liked, albumKey: "a", at: 500)
        XCTAssertEqual(try store.likedAlbumKeys(), ["a", "b", "c"], "liked again: on top")
        try store.setOpinion(.none, albumKey: "b", at: 600)
        XCTAssertEqual(try store.likedAlbumKeys(), ["a", "c"], "a like taken back leaves")
    }

    func testLikesFromBeforeTheDateColumnKeepTheirPlaceAfterDatedOnes() throws {
        // A version 1 user.sqlite with one like, as an older Crate left it.
        do { _ = try openStore() }
        let raw = try rawDatabase("user.sqlite")
        try raw.exec("ALTER TABLE album_state DROP COLUMN liked_at")
        try raw.exec("ALTER TABLE album_state DROP COLUMN unliked")
        try raw.exec("INSERT INTO album_state (album_key, liked) VALUES ('old', 1)")
        try raw.setUserVersion(1)
        let store = try openStore()
        XCTAssertEqual(try store.likedAlbumKeys(), ["old"], "migrated, the like kept")
        try store.setOpinion(.liked, albumKey: "new", at: 100)
        XCTAssertEqual(try store.likedAlbumKeys(), ["new", "old"])
    }

    /// Plex albums keyed anew (as releases): the box's likes and plays follow them, and
    /// two old keys meeting on one new key add up.
    func testUserStateMovesToNewAlbumKeys() throws {
        let store = try openStore()
        try store.setOpinion(.liked, albumKey: "plex:m:10", at: 100)
        try store.recordPlay(albumKey: "plex:m:10", completed: true, at: 200)
        try store.recordPlay(albumKey: "plex:m:11", completed: false, at: 300)
        try store.setOpinion(.disliked, albumKey: "plex:m:11", at: 300)
        try store.moveUserAlbumKeys(["plex:m:10": "tag:a|b", "plex:m:11": "tag:a|b"])
        let states = try store.userStates()
        XCTAssertEqual(Set(states.keys), ["tag:a|b"])
        let state = try XCTUnwrap(states["tag:a|b"])
        XCTAssertEqual(state.opinion, .liked, "a like beats a dislike")
        XCTAssertEqual(state.plays, 1)
        XCTAssertEqual(state.completedPlays, 1)
        XCTAssertEqual(state.lastPlayed, 300)
        XCTAssertEqual(try store.likedAlbumKeys(), ["tag:a|b"])
    }
}
