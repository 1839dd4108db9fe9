@testable import CrateLibrary
import XCTest

/// The "CDs" wallet as a text file: parsing, resolution to albums, dedup, shelf order and
/// honest reporting of what did not resolve.
final class CrateWalletTests: XCTestCase {
    let library = [
        WalletAlbum(id: 10, artist: "The Beatles", title: "Abbey Road", folder: "/music/The Beatles/Abbey Road",
                    trackPaths: ["/music/The Beatles/Abbey Road/01 Come Together.mp3",
                                 "/music/The Beatles/Abbey Road/02 Something.mp3"]),
        WalletAlbum(id: 11, artist: "The Beatles", title: "The White Album", folder: "/music/The Beatles/White",
                    trackPaths: ["/music/The Beatles/White/CD1/01 Back in the U.S.S.R..mp3",
                                 "/music/The Beatles/White/CD2/01 Birthday.mp3"]),
        WalletAlbum(id: 20, artist: "Björk", title: "Homogenic", folder: "/music/Björk/Homogenic",
                    trackPaths: ["/music/Björk/Homogenic/01 Hunter.mp3"]),
        WalletAlbum(id: 30, artist: "Wilco", title: "Kicking Television - Live in Chicago",
                    folder: "/music/Wilco/Kicking Television", trackPaths: ["/music/Wilco/Kicking Television/01.mp3"]),
        WalletAlbum(id: 40, artist: "Arcade Fire", title: "Funeral", folder: "/music/Arcade Fire/Funeral",
                    trackPaths: ["/music/Arcade Fire/Funeral/01 Tunnels.mp3"]),
        WalletAlbum(id: 41, artist: "An Albatross", title: "Blessphemy", folder: "/music/An Albatross/Blessphemy",
                    trackPaths: []),
        WalletAlbum(id: 50, artist: "Big Star", title: "#1 Record", folder: "/music/Big Star/#1 Record", trackPaths: []),
        // Two copies of one album (local and an old rip): a line naming it gives both.
        WalletAlbum(id: 61, artist: "Can", title: "Tago Mago", folder: "/music/Can/Tago Mago", trackPaths: []),
        WalletAlbum(id: 60, artist: "CAN", title: "Tago Mago", folder: "/old/Can - Tago Mago", trackPaths: []),
    ]

    func testParseSkipsBlanksAndCommentsAndKeepsLineNumbers() {
        let text = """
        # my CDs

        /music/The Beatles/Abbey Road/01 Come Together.mp3
          # indented comment
        Björk - Homogenic\r
        Wilco - Kicking Television - Live in Chicago
        Big Star - #1 Record
        just some words
         - no artist
        The Beatles — Abbey Road
        """
        let items = CDsWallet.parse(text)
        XCTAssertEqual(items.map(\.line), [3, 5, 6, 7, 8, 9, 10])
        XCTAssertEqual(items.map(\.kind), [
            .path("/music/The Beatles/Abbey Road/01 Come Together.mp3"),
            .artistAlbum(artist: "Björk", album: "Homogenic"),
            .artistAlbum(artist: "Wilco", album: "Kicking Television - Live in Chicago"),
            .artistAlbum(artist: "Big Star", album: "#1 Record"),
            .unrecognized,
            .unrecognized,
            .artistAlbum(artist: "The Beatles", album: "Abbey Road"),
        ])
        XCTAssertEqual(items[1].text, "Björk - Homogenic")
    }

    func testParseHandlesWindowsLineEndingsAndABOM() {
        let items = CDsWallet.parse("\u{FEFF}# list\r\nCan - Tago Mago\r\n\r\n/music/Can/Tago Mago/\r\n")
        XCTAssertEqual(items.map(\.line), [2, 4])
        XCTAssertEqual(items.map(\.kind), [.artistAlbum(artist: "Can", album: "Tago Mago"), .path("/music/Can/Tago Mago/")])
        XCTAssertEqual(CDsWallet.parse(""), [])
        XCTAssertEqual(CDsWallet.parse("\n\n# only comments\n"), [])
    }

    func testArticlesCaseAndDiacriticsAreIgnored() {
        let result = CDsWallet.resolve(CDsWallet.parse("""
        beatles - abbey road
        Bjork - Homogenic
        ARCADE FIRE - funeral
        albatross - blessphemy
        """), albums: library)
        XCTAssertEqual(result.albumIDs, [41, 40, 10, 20]) // albatross, arcade fire, beatles, bjork
        XCTAssertEqual(result.unresolved, [])
    }

    func testPathsResolveToTheirAlbum() {
        let result = CDsWallet.resolve(CDsWallet.parse("""
        /music/Björk/Homogenic/01 Hunter.mp3
        /music/The Beatles/White/CD2
        /music//Arcade Fire/Funeral/
        /music/The Beatles/Abbey Road/17 Her Majesty.mp3
        /music/Wilco
        /elsewhere/Nothing.mp3
        """), albums: library)
        // A known track; a disc folder; a folder with stray slashes; a track the index does
        // not know inside a known album folder. An artist folder is not an album.
        XCTAssertEqual(Set(result.albumIDs), [20, 11, 40, 10])
        XCTAssertEqual(result.unresolved.map(\.line), [5, 6])
    }

    func testDeduplicatedAndSortedLikeAShelf() {
        let result = CDsWallet.resolve(CDsWallet.parse("""
        Wilco - Kicking Television - Live in Chicago
        /music/The Beatles/Abbey Road/02 Something.mp3
        The Beatles - Abbey Road
        Beatles - White Album
        Can - Tago Mago
        /music/Can/Tago Mago
        Björk - Homogenic
        """), albums: library)
        // beatles: "abbey road" < "white album" (The ignored); bjork; can: two copies by id;
        // wilco.
        XCTAssertEqual(result.albumIDs, [10, 11, 20, 60, 61, 30])
        XCTAssertEqual(result.duplicates, 2, "Abbey Road by name after its track; Tago Mago by path after by name")
        XCTAssertEqual(result.unresolvedCount, 0)
    }

    func testUnresolvedAreCountedWithLineNumbers() {
        let text = """
        # wallet
        Björk - Homogenic
        Björk - Vespertine

        Radiohead - OK Computer
        nonsense line
        /music/Missing/Album/01.mp3
        """
        let result = CDsWallet.resolve(CDsWallet.parse(text), albums: library)
        XCTAssertEqual(result.albumIDs, [20])
        XCTAssertEqual(result.unresolvedCount, 4)
        XCTAssertEqual(result.unresolved.map(\.line), [3, 5, 6, 7])
        XCTAssertEqual(result.unresolved.map(\.text),
                       ["Björk - Vespertine", "Radiohead - OK Computer", "nonsense line", "/music/Missing/Album/01.mp3"])
    }

    func testEmptyLibraryResolvesNothing() {
        let items = CDsWallet.parse("Can - Tago Mago\n/music/Can/Tago Mago")
        let result = CDsWallet.resolve(items, albums: [])
        XCTAssertEqual(result.albums, [])
        XCTAssertEqual(result.unresolved, items)
    }
}
