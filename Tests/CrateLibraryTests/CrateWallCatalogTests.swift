@testable import CrateLibrary
import CrateCore
import XCTest

/// Artist catalog order (CrateOrdering.artistCatalog). Named CrateWall… so the crate test
/// filter ("CrateWall|CrateWallet") runs it.
final class CrateWallCatalogTests: XCTestCase {
    func album(_ id: Int64, _ title: String, _ year: Int?) -> AlbumSummary {
        AlbumSummary(id: id, title: title, artist: "Pink Floyd", year: year, superGenre: "Rock", subGenre: nil,
                     trackCount: 10, discCount: 1, duration: 2400, compilation: false, online: true,
                     folder: "/music/Pink Floyd/\(title)")
    }

    func testOldestFirstUnknownYearsLastThenTitleThenID() {
        let albums = [
            album(1, "Relics", nil),
            album(2, "The Wall", 1979),
            album(3, "Animals", 1977),
            album(4, "The Piper at the Gates of Dawn", 1967),
            album(5, "Wish You Were Here", 1975),
            album(6, "A Saucerful of Secrets", 1968),
            album(7, "Echoes", nil),
            album(8, "Atom Heart Mother", 1970),
            album(9, "Wall, The", 1979), // "wall the": after "wall" (The Wall)
            album(10, "Meddle", 1971),
            album(11, "Dark Side", 1973),
            album(12, "Ummagumma", 1969),
            album(13, "More", 1969),
            album(14, "Animals", 1977), // a second edition: same year, same title → by id
            album(15, "Works", nil),
        ]
        XCTAssertEqual(CrateOrdering.artistCatalog(albums).map(\.id),
                       [4, 6, 13, 12, 8, 10, 11, 5, 3, 14, 2, 9, 7, 1, 15])
    }

    /// "The Piper…" sorts under P, "A Saucerful…" under S, accents folded.
    func testTitlesBySortKeyWithinAYear() {
        let albums = [album(1, "The Zoo", 2000), album(2, "Ápple", 2000), album(3, "A Banana", 2000), album(4, "cherry", 2000)]
        XCTAssertEqual(CrateOrdering.artistCatalog(albums).map(\.id), [2, 3, 4, 1])
        XCTAssertEqual(CrateOrdering.artistCatalog([]), [])
    }
}
