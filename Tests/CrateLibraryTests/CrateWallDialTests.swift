@testable import CrateLibrary
import Foundation
import XCTest

/// The Crate Dial's weight tables and names, and the wire format of signals and results.
final class CrateWallDialTests: XCTestCase {
    func personal(_ dial: DialPosition) -> Int { dial.weights[.history]! + dial.weights[.favorites]! }

    func testEveryPositionSumsToOneHundredOverAllSignals() {
        for dial in DialPosition.allCases {
            XCTAssertEqual(Set(dial.weights.keys), Set(CrateSignal.wall), "\(dial)")
            XCTAssertEqual(dial.weights.values.reduce(0, +), 100, "\(dial)")
            XCTAssert(dial.weights.values.allSatisfy { $0 > 0 }, "\(dial): every signal keeps a share")
        }
    }

    func testTheKnobGoesFromPersonalToWild() {
        XCTAssertGreaterThan(personal(.myCrate), personal(.mystery))
        XCTAssertEqual(DialPosition.allCases.max { personal($0) < personal($1) }, .myCrate)
        for dial in DialPosition.allCases where dial != .mystery {
            XCTAssertGreaterThan(DialPosition.mystery.weights[.wildCard]!, dial.weights[.wildCard]!, "\(dial)")
        }
        // Personal share falls and wild card rises, position by position.
        let positions = DialPosition.allCases
        for (a, b) in zip(positions, positions.dropFirst()) {
            XCTAssertGreaterThanOrEqual(personal(a), personal(b), "\(a) → \(b)")
            XCTAssertLessThanOrEqual(a.weights[.wildCard]!, b.weights[.wildCard]!, "\(a) → \(b)")
        }
    }

    func testEachPositionLeansWhereItSays() {
        let curated = DialPosition.curated.weights
        XCTAssertEqual(curated.sorted { $0.value > $1.value }.prefix(2).map(\.key).sorted { $0.index < $1.index },
                       [.favorites, .popular])
        XCTAssertEqual(Set(DialPosition.mixed.weights.values), [20])
        let deep = DialPosition.deepDig.weights
        XCTAssertEqual(deep.sorted { $0.value > $1.value }.prefix(2).map(\.key).sorted { $0.index < $1.index },
                       [.newArrivals, .wildCard])
        XCTAssertGreaterThanOrEqual(personal(.myCrate), 70)
    }

    func testNamesAndNumbers() {
        XCTAssertEqual(DialPosition.allCases.map(\.displayName),
                       ["My Crate", "Curated", "Mixed Crate", "Deep Dig", "Mystery Crate"])
        XCTAssertEqual(DialPosition.allCases.map(\.rawValue), ["my-crate", "curated", "mixed", "deep-dig", "mystery"])
        XCTAssertEqual(DialPosition.allCases.map(\.number), [1, 2, 3, 4, 5])
        XCTAssertEqual(CrateSignal.wall.map(\.rawValue),
                       ["history", "favorites", "popular", "new-arrivals", "wild-card"])
        XCTAssertEqual(CrateSignal.wall.map(\.index), [0, 1, 2, 3, 4], "the Wall's PRNG salts are as they were")
        XCTAssertEqual(CrateSignal.genre.map(\.rawValue),
                       ["history", "seed-expansion", "trending", "new-in-genre", "sub-genres", "wild-card"])
    }

    func testParsingNames() {
        let accepted: [(String, DialPosition)] = [
            ("my crate", .myCrate), ("My-Crate", .myCrate), ("MY_CRATE", .myCrate), ("mycrate", .myCrate),
            ("curated", .curated), ("Mixed Crate", .mixed), ("mixed", .mixed), ("deep dig", .deepDig),
            ("Deep-Dig", .deepDig), ("mystery", .mystery), ("Mystery Crate", .mystery), (" mystery ", .mystery),
            ("1", .myCrate), ("2", .curated), ("3", .mixed), ("4", .deepDig), ("5", .mystery), (" 3 ", .mixed),
        ]
        for (text, dial) in accepted {
            XCTAssertEqual(DialPosition(name: text), dial, "\"\(text)\"")
        }
        for text in ["", "0", "6", "-1", "crate", "my", "deep", "mystery box"] {
            XCTAssertNil(DialPosition(name: text), "\"\(text)\"")
        }
    }

    /// Signals are dictionary keys in the JSON `crate-admin --json` prints: they must come
    /// out as an object keyed by raw value, not as a [key, value, …] array.
    func testResultJSONKeysAreSignalNames() throws {
        let result = CrateWall.generate(candidates: CrateFixture.disjoint(count: 10), dial: .mixed, size: 5, seed: 1)
        let data = try JSONEncoder().encode(result)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let planned = try XCTUnwrap(object["planned"] as? [String: Int])
        XCTAssertEqual(Set(planned.keys), ["history", "favorites", "popular", "new-arrivals", "wild-card"])
        XCTAssertEqual(try JSONDecoder().decode(CrateResult.self, from: data), result)
    }
}
