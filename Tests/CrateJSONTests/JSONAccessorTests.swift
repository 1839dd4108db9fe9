@testable import CrateJSON
import TestSupport
import XCTest

/// The lenient accessors: every spelling Plex servers use, and nil (never a throw) for the rest.
final class JSONAccessorTests: XCTestCase {
    private var item: JSONValue!

    override func setUpWithError() throws {
        item = try LenientJSON.parse(escapedBytes("""
        {"n": 8, "s": "8", "f": 8.0, "sf": "8.0", "pad": " 8 ", "half": 8.5, "word": "eight", "t": true,
         "one": "1", "numOne": 1, "zero": 0, "two": 2, "yes": "TRUE", "no": "false", "null": null,
         "big": 9007199254740993, "bigText": "9007199254740993", "huge": 1e30, "title": "1984",
         "titleNum": 1984, "list": [1, 2], "obj": {"k": "v"}, "empty": "", "frac": "7.5", "nan": "nan"}
        """))
    }

    func testIntAcceptsNumbersTextAndIntegralDoubles() {
        XCTAssertEqual(["n", "s", "f", "sf", "pad"].map { item.int($0) }, [8, 8, 8, 8, 8])
        XCTAssertEqual(["half", "word", "t", "null", "missing", "list", "obj", "empty", "huge", "nan"].map { item.int($0) },
                       [nil, nil, nil, nil, nil, nil, nil, nil, nil, nil])
    }

    func testInt64KeepsIntegersBeyondDoublePrecision() {
        XCTAssertEqual(item.int64("big"), 9_007_199_254_740_993)
        XCTAssertEqual(item.int64("bigText"), 9_007_199_254_740_993)
        XCTAssertEqual(item.int64("n"), 8)
        XCTAssertNil(item.int64("half"))
    }

    func testDoubleAcceptsNumbersAndNumericText() {
        XCTAssertEqual(item.double("half"), 8.5)
        XCTAssertEqual(item.double("frac"), 7.5)
        XCTAssertEqual(item.double("n"), 8)
        XCTAssertNil(item.double("word"))
        XCTAssertNil(item.double("nan"))
        XCTAssertNil(item.double("t"))
    }

    func testBoolAcceptsTrueOneAndTheirSpellings() {
        XCTAssertEqual(["t", "one", "numOne", "yes"].map { item.bool($0) }, [true, true, true, true])
        XCTAssertEqual(["zero", "no"].map { item.bool($0) }, [false, false])
        XCTAssertEqual(["two", "word", "null", "missing", "list"].map { item.bool($0) }, [nil, nil, nil, nil, nil])
    }

    func testStringTakesTextAndNumbersButNotOtherKinds() {
        XCTAssertEqual(item.string("title"), "1984")
        XCTAssertEqual(item.string("titleNum"), "1984")
        XCTAssertEqual(item.string("half"), "8.5")
        XCTAssertEqual(item.string("empty"), "")
        XCTAssertNil(item.string("t"))
        XCTAssertNil(item.string("obj"))
        XCTAssertNil(item.string("null"))
    }

    func testIdsAreNormalisedToDecimalText() {
        XCTAssertEqual(item.id("n"), "8")
        XCTAssertEqual(item.id("s"), "8")
        XCTAssertEqual(item.id("f"), "8")
        XCTAssertEqual(item.id("pad"), "8")
        XCTAssertEqual(item.id("big"), "9007199254740993")
        XCTAssertNil(item.id("empty"))
        XCTAssertNil(item.id("half"))
        XCTAssertNil(item.id("t"))
    }

    func testArraysObjectsAndListsByKind() {
        XCTAssertEqual(item.array("list")?.count, 2)
        XCTAssertNil(item.array("obj"))
        XCTAssertEqual(item.object("obj")?.string("k"), "v")
        XCTAssertNil(item.object("list"))
        XCTAssertNil(item.object("null"))
        XCTAssertEqual(item.list("list").count, 2)
        XCTAssertEqual(item.list("obj").map { $0.string("k") }, ["v"])
        XCTAssertEqual(item.list("s").count, 0)
        XCTAssertEqual(item.list("missing").count, 0)
    }

    func testAccessorsOnNonObjectsAnswerNil() {
        let array = JSONValue.array([.number(JSONNumber(1))])
        XCTAssertNil(array.int("n"))
        XCTAssertNil(JSONValue.string("x").string("x"))
        XCTAssertNil(JSONValue.null["x"])
    }
}
