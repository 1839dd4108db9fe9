import XCTest
@testable import CrateLibrary

/// The taxonomy's structure and name lookups. Tag mapping: TaxonomyTests+Mapping.swift;
/// the ID3v1 genre list: TaxonomyTests+ID3v1.swift.
final class TaxonomyTests: XCTestCase {
    /// Asserts that `tag` classifies to `superGenre` and the sub-genre named `sub` (nil: none).
    func assertGenre(_ tag: String, _ superGenre: SuperGenre, _ sub: String?,
                     file: StaticString = #filePath, line: UInt = #line) {
        let match = GenreTaxonomy.classify(tag)
        XCTAssertEqual(match.superGenre, superGenre, "\"\(tag)\" → \(match.displayName)", file: file, line: line)
        XCTAssertEqual(match.subGenre?.name, sub, "\"\(tag)\" → \(match.displayName)", file: file, line: line)
    }

    func testSuperGenresAreTheShopSectionsInOrder() {
        XCTAssertEqual(SuperGenre.allCases.map(\.rawValue), [
            "Rock", "Metal", "Pop", "Hip-Hop/Rap", "R&B/Soul", "Jazz", "Blues", "Electronic/Dance",
            "Breakbeat/Bass", "Country", "Reggae/Caribbean", "Latin/Brazilian", "Folk/Acoustic",
            "Classical/Ambient", "World/Global", "Other",
        ])
        XCTAssertEqual(SuperGenre(rawValue: "Hip-Hop/Rap"), .hipHopRap)
        XCTAssertEqual(SuperGenre.rnbSoul.displayName, "R&B/Soul")
    }

    func testTheBuiltTablesAreConsistent() {
        XCTAssertEqual(GenreTaxonomy.aliasTable.problems, [])
        // Hundreds of real-world tags, not a token list.
        XCTAssertGreaterThan(GenreTaxonomy.aliasTable.entries.count, 900)
        for rule in GenreTaxonomy.keywordRules {
            XCTAssertNotEqual(rule.match.superGenre, .other, "keyword rule ...\(rule.suffix)")
        }
    }

    func testEverySuperGenreButOtherHasAShopsWorthOfSubGenres() {
        XCTAssertEqual(GenreTaxonomy.subGenres(of: .other), [])
        for superGenre in SuperGenre.allCases where superGenre != .other {
            let subs = GenreTaxonomy.subGenres(of: superGenre)
            XCTAssert((6...15).contains(subs.count), "\(superGenre.rawValue) has \(subs.count) sub-genres")
            XCTAssert(subs.allSatisfy { $0.superGenre == superGenre })
            XCTAssertEqual(superGenre.subGenres, subs)
        }
        XCTAssertEqual(GenreTaxonomy.subGenres.count, 185)
        XCTAssertEqual(GenreTaxonomy.subGenres(of: .breakbeatBass).map(\.name), [
            "Breakbeat", "Big Beat", "Jungle", "Drum & Bass", "UK Garage", "Grime", "Dubstep", "Bass Music",
        ])
        XCTAssertEqual(GenreTaxonomy.subGenres(of: .rock).first?.name, "Rock & Roll")
    }

    func testSubGenresAreGroupedInSuperGenreOrder() {
        let order = GenreTaxonomy.subGenres.map(\.superGenre)
        var seen: [SuperGenre] = []
        for superGenre in order where seen.last != superGenre { seen.append(superGenre) }
        XCTAssertEqual(seen, SuperGenre.allCases.filter { $0 != .other })
    }

    func testNoSubGenreBelongsToOther() {
        XCTAssertFalse(GenreTaxonomy.subGenres.contains { $0.superGenre == .other })
    }

    func testSubGenreNamesAreUniqueEvenAfterNormalising() {
        let names = GenreTaxonomy.subGenres.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        let keys = names.map(GenreText.key)
        XCTAssertEqual(Set(keys).count, keys.count)
        let superKeys = Set(SuperGenre.allCases.map { GenreText.key($0.rawValue) })
        XCTAssertEqual(superKeys.count, SuperGenre.allCases.count)
        for name in names {
            XCTAssertFalse(superKeys.contains(GenreText.key(name)), "\(name) reads as a super-genre name")
        }
    }

    func testEverySubGenreNameClassifiesToItself() {
        for sub in GenreTaxonomy.subGenres {
            XCTAssertEqual(GenreTaxonomy.classify(sub.name), GenreMatch(sub), sub.name)
            XCTAssertEqual(GenreTaxonomy.classify(sub.name.uppercased()), GenreMatch(sub), sub.name)
            XCTAssertEqual(GenreTaxonomy.classify(" \(sub.name.lowercased()) "), GenreMatch(sub), sub.name)
            XCTAssertEqual(GenreTaxonomy.classify(tags: [sub.name]), GenreMatch(sub), sub.name)
        }
    }

    func testEverySuperGenreNameClassifiesToItself() {
        for superGenre in SuperGenre.allCases {
            let expected = GenreMatch(superGenre: superGenre)
            XCTAssertEqual(GenreTaxonomy.classify(superGenre.rawValue), expected, superGenre.rawValue)
            XCTAssertEqual(GenreTaxonomy.classify(superGenre.rawValue.lowercased()), expected, superGenre.rawValue)
        }
        XCTAssertEqual(GenreTaxonomy.classify("Other"), .other)
    }

    func testSuperGenreNamedRoundTrips() {
        for superGenre in SuperGenre.allCases {
            XCTAssertEqual(GenreTaxonomy.superGenre(named: superGenre.rawValue), superGenre)
            XCTAssertEqual(GenreTaxonomy.superGenre(named: superGenre.rawValue.uppercased()), superGenre)
            XCTAssertEqual(GenreTaxonomy.superGenre(named: superGenre.rawValue.lowercased()), superGenre)
        }
    }

    func testSuperGenreNamedAcceptsWhatAnAdminTypes() {
        let typed: [(String, SuperGenre)] = [
            ("hip-hop", .hipHopRap), ("hip hop", .hipHopRap), ("HipHop", .hipHopRap), ("rap", .hipHopRap),
            ("rnb", .rnbSoul), ("r&b", .rnbSoul), ("R and B", .rnbSoul), ("soul", .rnbSoul),
            ("electronic", .electronicDance), ("dance", .electronicDance), ("Electronic Dance", .electronicDance),
            ("breakbeat", .breakbeatBass), ("bass", .breakbeatBass), ("drum and bass", .breakbeatBass),
            ("reggae", .reggaeCaribbean), ("latin", .latinBrazilian), ("brazilian", .latinBrazilian),
            ("folk", .folkAcoustic), ("acoustic", .folkAcoustic), ("classical", .classicalAmbient),
            ("ambient", .classicalAmbient), ("world", .worldGlobal), ("global", .worldGlobal),
            ("metal", .metal), ("  ROCK ", .rock), ("house", .electronicDance), ("other", .other),
        ]
        for (text, expected) in typed {
            XCTAssertEqual(GenreTaxonomy.superGenre(named: text), expected, text)
        }
        XCTAssertNil(GenreTaxonomy.superGenre(named: "polka dots"))
        XCTAssertNil(GenreTaxonomy.superGenre(named: ""))
        // No guessing on the command line: only exact names and aliases.
        XCTAssertNil(GenreTaxonomy.superGenre(named: "swedish death metal band"))
    }

    func testSubGenreNamedRoundTrips() {
        for sub in GenreTaxonomy.subGenres {
            XCTAssertEqual(GenreTaxonomy.subGenre(named: sub.name), sub)
            XCTAssertEqual(GenreTaxonomy.subGenre(named: sub.name.lowercased()), sub)
            XCTAssertEqual(GenreTaxonomy.subGenre(named: sub.name.uppercased()), sub)
        }
    }

    func testSubGenreNamedAcceptsWhatAnAdminTypes() {
        let typed: [(String, String)] = [
            ("drum and bass", "Drum & Bass"), ("d&b", "Drum & Bass"), ("dnb", "Drum & Bass"),
            ("Drum'n'Bass", "Drum & Bass"), ("drum n bass", "Drum & Bass"), ("post punk", "Post-Punk"),
            ("postpunk", "Post-Punk"), ("synthpop", "Synth-Pop"), ("synth pop", "Synth-Pop"),
            ("trip hop", "Trip-Hop"), ("neo soul", "Neo-Soul"), ("rock n roll", "Rock & Roll"),
            ("rock and roll", "Rock & Roll"), ("uk garage", "UK Garage"), ("ukg", "UK Garage"),
            ("kpop", "K-Pop"), ("forro", "Forró"), ("FORRÓ", "Forró"), ("bebop", "Bebop"),
            ("singer/songwriter", "Singer-Songwriter"), ("alt-country", "Alt-Country"),
        ]
        for (text, expected) in typed {
            XCTAssertEqual(GenreTaxonomy.subGenre(named: text)?.name, expected, text)
        }
        XCTAssertNil(GenreTaxonomy.subGenre(named: "hip hop"), "a super-genre, not a sub-genre")
        XCTAssertNil(GenreTaxonomy.subGenre(named: "Rock"))
        XCTAssertNil(GenreTaxonomy.subGenre(named: "comedy"))
        XCTAssertNil(GenreTaxonomy.subGenre(named: "not a genre at all"))
    }

    func testGenreMatchKeepsSuperAndSubTogether() throws {
        let punk = try XCTUnwrap(GenreTaxonomy.subGenre(named: "Punk"))
        XCTAssertEqual(punk.superGenre, .rock)
        XCTAssertEqual(GenreMatch(punk).superGenre, .rock)
        XCTAssertEqual(GenreMatch(punk).displayName, "Rock › Punk")
        XCTAssertEqual(GenreMatch(superGenre: .jazz).displayName, "Jazz")
        XCTAssertEqual(GenreMatch.other, GenreMatch(superGenre: .other))
        XCTAssertNil(GenreMatch.other.subGenre)
    }
}
