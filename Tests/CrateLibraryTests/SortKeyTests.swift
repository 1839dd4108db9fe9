@testable import CrateLibrary
import XCTest

final class SortKeyTests: XCTestCase {
    func testArticlesCaseDiacriticsAndPunctuationFold() {
        XCTAssertEqual(SortKey.make("The Beatles"), "beatles")
        XCTAssertEqual(SortKey.make("A Tribe Called Quest"), "tribe called quest")
        XCTAssertEqual(SortKey.make("An Pierlé"), "pierle")
        XCTAssertEqual(SortKey.make("The"), "the", "an article alone is the name")
        XCTAssertEqual(SortKey.make("Björk"), "bjork")
        XCTAssertEqual(SortKey.make("Sigur Rós"), "sigur ros")
        XCTAssertEqual(SortKey.make("AC/DC"), "ac dc")
        XCTAssertEqual(SortKey.make("  Guns N' Roses  "), "guns n roses")
        XCTAssertEqual(SortKey.make("Mötley Crüe"), "motley crue")
        XCTAssertEqual(SortKey.make("Straße"), "strasse")
        XCTAssertEqual(SortKey.make("Thelonious Monk"), "thelonious monk", "only a whole leading word is an article")
        // The ASCII fast path and the Unicode path agree: an accent elsewhere takes the slow one.
        XCTAssertEqual(SortKey.fold("Hello-World_2 (Live)"), SortKey.fold("Hello-World_2 (Live)é").dropLast(1) + "")
    }
}
