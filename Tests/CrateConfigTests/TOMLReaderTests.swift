@testable import CrateConfig
import XCTest

/// The TOML reader on its own, below the crate.toml vocabulary: what it makes of a file.
final class TOMLReaderTests: XCTestCase {
    private func parse(_ text: String) throws -> TOMLDocument {
        try TOMLParser.parse(text, source: "t.toml")
    }

    private func scalar(_ word: String) -> TOMLValue? {
        try? TOMLScalar.parse(word).get()  // nil = refused, which the tests assert
    }

    func testTablesKeysAndLines() throws {
        let document = try parse("""
            top = 1
            # comment

            [a.b]   # creates [a] too
            x = "y"
            'quoted key' = [1, "two", 3.0, true, [4]]
            [a]
            """)
        XCTAssertEqual(document.tablesInOrder.map(\.path), [[], ["a"], ["a", "b"]])
        XCTAssertEqual(document[[]]?.entries.map(\.key), ["top"])
        XCTAssertEqual(document[["a", "b"]]?.line, 4)
        XCTAssertEqual(document[["a"]]?.line, 7, "the header that defines [a] is on line 7")
        XCTAssertEqual(document[["a"]]?.origin, .header)
        let entries = try XCTUnwrap(document[["a", "b"]]?.entries)
        XCTAssertEqual(entries.map(\.key), ["x", "quoted key"])
        XCTAssertEqual(entries.map(\.line), [5, 6])
        XCTAssertEqual(entries[1].value,
                       .array([.integer(1), .string("two"), .float(3), .boolean(true), .array([.integer(4)])]))
    }

    func testDottedKeysMakeTables() throws {
        let document = try parse("a.b.c = 1\na.b.d = 2\na.e = 3")
        XCTAssertEqual(document[["a", "b"]]?.entries.map(\.key), ["c", "d"])
        XCTAssertEqual(document[["a"]]?.entries.map(\.key), ["e"])
        XCTAssertEqual(document[["a"]]?.origin, .dottedKeys)
    }

    func testElementLinesOfAMultiLineArray() throws {
        let document = try parse("k = [\n  1,\n\n  # two\n  2, 3,\n]")
        let entry = try XCTUnwrap(document[[]]?.entry("k"))
        XCTAssertEqual(entry.line, 1)
        XCTAssertEqual(entry.elementLines, [2, 5, 5])
    }

    func testNumbers() {
        XCTAssertEqual(scalar("0"), .integer(0))
        XCTAssertEqual(scalar("-17"), .integer(-17))
        XCTAssertEqual(scalar("1_000_000"), .integer(1_000_000))
        XCTAssertEqual(scalar("0xDEAD_beef"), .integer(0xDEAD_BEEF))
        XCTAssertEqual(scalar("0o755"), .integer(0o755))
        XCTAssertEqual(scalar("0b1101"), .integer(13))
        XCTAssertEqual(scalar("9223372036854775807"), .integer(.max))
        XCTAssertEqual(scalar("-9223372036854775808"), .integer(.min))
        XCTAssertEqual(scalar("3.25"), .float(3.25))
        XCTAssertEqual(scalar("-0.5"), .float(-0.5))
        XCTAssertEqual(scalar("6.02e23"), .float(6.02e23))
        XCTAssertEqual(scalar("1E-3"), .float(0.001))
        XCTAssertEqual(scalar("5e+2"), .float(500))
        XCTAssertEqual(scalar("-inf"), .float(-.infinity))
        XCTAssertEqual(scalar("true"), .boolean(true))
        if case .float(let value)? = scalar("nan") { XCTAssertTrue(value.isNaN) } else { XCTFail("nan") }
        for bad in ["0x", "0X1F", "+0x1F", "-0o7", "1__0", "1_", "07", "1.", "1.e5", "1e", "e5", "1.2.3",
                    "0b2", "TRUE", "yes", "1,5", "9223372036854775808"] {
            XCTAssertNil(scalar(bad), bad)
        }
    }

    func testRenderingValuesForMessages() {
        XCTAssertEqual(TOMLValue.string("a\"b\\c\nd\u{1}").rendered, #""a\"b\\c\nd\u0001""#)
        XCTAssertEqual(TOMLValue.float(2).rendered, "2.0")
        XCTAssertEqual(TOMLValue.array((1...6).map { .integer($0) }).rendered, "[1, 2, 3, 4, …]")
        XCTAssertEqual(TOMLValue.displayPath(["audio", "odd name"]), #"audio."odd name""#)
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestion.closest(to: "rt_prioity", among: ["device", "rt_priority"]), "rt_priority")
        XCTAssertEqual(Suggestion.closest(to: "DEVICE", among: ["device", "rt_priority"]), "device")
        XCTAssertEqual(Suggestion.closest(to: "warn", among: ["warning", "error"]), "warning")
        XCTAssertNil(Suggestion.closest(to: "volume", among: ["device", "periods"]))
        XCTAssertEqual(Suggestion.list(["a", "b", "c"]), "a, b or c")
    }
}
