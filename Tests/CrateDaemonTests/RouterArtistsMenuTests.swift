import CrateCore
@testable import CrateRouter
import XCTest

/// Artists A–Z from the crate menu: every artist of the library, each a crate of their
/// albums, oldest first, reached with the knob alone.
final class RouterArtistsMenuTests: RouterTestCase {
    func albumName(_ index: Int) -> String { "Artist — Album \(index + 1)" }

    func testEveryArtistIsACrateFromTheMenuOldestAlbumFirst() throws {
        // A second artist, before "Artist" neither by name nor by the order added.
        var zed = Self.record("/music/Zed/Only/1.mp3", album: 9, track: 1)
        (zed.artist, zed.artistSortKey, zed.albumTitle, zed.albumKey) = ("Zed", "zed", "Only", "album-zed")
        try library.store.apply(upserts: [zed], deletions: [])
        var hands = BoxHands(router: router)

        hands.hold(.genre)
        XCTAssertEqual(hands.said, ["crates 1/7: Crate Wall"])
        hands.turn(5)
        XCTAssertEqual(hands.said, ["crates 6/7: Artists A–Z"], "after the other crates, before the sleep timer")
        hands.press(.knob)
        XCTAssertEqual(hands.said, ["artists a–z 1/2: Artist"], "A to Z")
        hands.turn(1)
        XCTAssertEqual(hands.said, ["artists a–z 2/2: Zed"])
        hands.press(.knob)
        XCTAssertEqual(hands.said, ["crate: More by Zed (1 album)"], "Zed's crate")

        hands.hold(.genre)
        hands.turn(5)
        hands.press(.knob)
        hands.press(.knob)
        XCTAssertEqual(hands.said, ["crate: More by Artist (4 albums)"])
        hands.press(.knob)
        XCTAssertEqual(hands.said, ["play \(albumName(0))"], "the artist's oldest album is the first under the knob")
        XCTAssertEqual(current, albums[0])
    }
}
