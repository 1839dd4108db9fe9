@testable import CrateJSON
import TestSupport
import XCTest

/// LenientJSON: structure, numbers, and the ways real bodies are wrong.
final class LenientJSONTests: XCTestCase {
    /// A 401 from a Plex Media Server: HTML, whatever Accept said.
    private static let unauthorizedHTML = """
    <html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>
    """

    private func parse(_ text: String) throws -> JSONValue { try LenientJSON.parse(escapedBytes(text)) }

    /// The error a body produces; fails the test when it parses.
    private func error(_ bytes: [UInt8], limits: LenientJSON.Limits = .init(),
                       file: StaticString = #filePath, line: UInt = #line) -> JSONReadError? {
        do {
            let value = try LenientJSON.parse(bytes, limits: limits)
            XCTFail("parsed as \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testObjectsKeepTheirMembersInOrderAndValuesOfEveryKind() throws {
        let value = try parse(#" {"b": 1, "a": [true, false, null, "x", -2.5, {}], "c": {"d": []}} "#)
        guard case .object(let object) = value else { return XCTFail("not an object: \(value)") }
        XCTAssertEqual(object.keys, ["b", "a", "c"])
        XCTAssertEqual(value["a"], .array([.bool(true), .bool(false), .null, .string("x"),
                                           .number(JSONNumber(-2.5)), .object(JSONObject())]))
        XCTAssertEqual(value["c"], .object(JSONObject([("d", .array([]))])))
        XCTAssertEqual(value.int("b"), 1)
    }

    func testTheLastOfDuplicateMembersWins() throws {
        XCTAssertEqual(try parse(#"{"a": 1, "a": 2}"#).int("a"), 2)
    }

    func testNumbersAreDoublesAndExactIntegersWhenIntegral() throws {
        let value = try parse("""
        [0, -0, 42, 9223372036854775807, -9223372036854775808, 9223372036854775808, 12345678901234567,
         1.5, 8.0, 1e3, 2.5E-1, -7]
        """)
        guard case .array(let items) = value else { return XCTFail("\(value)") }
        let numbers = items.compactMap { item -> JSONNumber? in
            if case .number(let number) = item { return number }
            return nil
        }
        XCTAssertEqual(numbers.map(\.int64), [0, 0, 42, .max, .min, nil, 12_345_678_901_234_567, nil, 8, 1000, nil, -7])
        XCTAssertEqual(numbers.map(\.double), [0, 0, 42, 9.223372036854775807e18, -9.223372036854775808e18,
                                               9.223372036854775808e18, Double(Int64(12_345_678_901_234_567)), 1.5, 8, 1000, 0.25, -7])
    }

    func testEscapesIncludingSurrogatePairsAreDecoded() throws {
        let value = try parse(#"["a\"b\\c\/d\be\ff\ng\rh\ti", "\u00e9\u00C9\u20AC", "\uD83C\uDFB5 \ud834\udd1e", "\u0000"]"#)
        XCTAssertEqual(value, .array([.string("a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti"), .string("éÉ€"),
                                      .string("🎵 𝄞"), .string("\u{0}")]))
    }

    func testLoneSurrogatesBecomeReplacementCharacters() throws {
        let value = try parse(#"["\uD800x", "a\uDC00b", "\uD83D\u0041", "\uD83D", "\uD83D\uD83D\uDE00"]"#)
        XCTAssertEqual(value, .array([.string("\u{FFFD}x"), .string("a\u{FFFD}b"), .string("\u{FFFD}A"),
                                      .string("\u{FFFD}"), .string("\u{FFFD}😀")]))
    }

    func testInvalidUTF8IsReadAsLatin1WithoutLosingTheRestOfThePage() throws {
        // 0xE9 is é in Latin-1; valid UTF-8 around it stays as it is.
        let value = try LenientJSON.parse(escapedBytes(
            #"[{"title": "Caf<<E9>> del Mar"}, {"title": "Bj<<C3>><<B6>>rk <<F6>>"}, {"title": "ok"}]"#))
        XCTAssertEqual(value, .array([.object(JSONObject([("title", .string("Café del Mar"))])),
                                      .object(JSONObject([("title", .string("Björk ö"))])),
                                      .object(JSONObject([("title", .string("ok"))]))]))
    }

    func testBrokenUTF8SequencesDecodeBytewiseAsWindows1252() throws {
        // A lead byte without its continuation, an overlong form, an encoded surrogate, a
        // cut sequence before the quote, and 0x92 (a Windows-1252 apostrophe).
        let value = try LenientJSON.parse(escapedBytes(
            #"["<<C3>>(", "<<C0>><<AF>>", "<<ED>><<A0>><<80>>", "<<E2>><<82>>", "Don<<92>>t", "<<FF>><<81>>"]"#))
        XCTAssertEqual(value, .array([.string("Ã("), .string("À¯"), .string("í\u{A0}\u{20AC}"),
                                      .string("â\u{201A}"), .string("Don’t"), .string("ÿ\u{81}")]))
    }

    func testByteOrderMarkWhitespaceAndTrailingNULsAreSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\r\n {\"a\": 1} \n".utf8) + [0, 0]
        XCTAssertEqual(try LenientJSON.parse(bytes).int("a"), 1)
    }

    func testSmallSinsOfHandWrittenServersAreForgiven() throws {
        let value = try LenientJSON.parse(Array("{\"a\": [1, 2,], \"b\": \"tab\there\", \"c\": \"it\\'s\",}".utf8))
        XCTAssertEqual(value["a"], .array([.number(JSONNumber(1)), .number(JSONNumber(2))]))
        XCTAssertEqual(value.string("b"), "tab\there")
        XCTAssertEqual(value.string("c"), "it's")
    }

    func testNestingDeeperThanTheLimitIsRefusedNotOverflowed() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try parse(ok))
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertEqual(error(Array(tooDeep.utf8)), .tooDeep(limit: 64, atByte: 64))
        // A hostile body far deeper than any stack would survive.
        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        XCTAssertEqual(error(hostile), .tooDeep(limit: 64, atByte: 64))
        let objects = String(repeating: #"{"a":"#, count: 10) + "1" + String(repeating: "}", count: 10)
        XCTAssertEqual(error(Array(objects.utf8), limits: .init(maxDepth: 9)), .tooDeep(limit: 9, atByte: 45))
        XCTAssertEqual(error(hostile)?.description, "JSON nested deeper than 64 levels at byte 64; refused")
    }

    func testBodiesLargerThanTheLimitAreRefused() throws {
        let body = Array(#"{"a": "0123456789"}"#.utf8)
        XCTAssertEqual(error(body, limits: .init(maxBytes: 10)), .tooLarge(bytes: body.count, limit: 10))
        XCTAssertNoThrow(try LenientJSON.parse(body, limits: .init(maxBytes: body.count)))
    }

    func testAn401HTMLPageIsNamedAsHTML() throws {
        let failure = error(Array(Self.unauthorizedHTML.utf8))
        guard case .notJSON(let kind, let title, let snippet)? = failure else { return XCTFail("\(String(describing: failure))") }
        XCTAssertEqual(kind, "HTML")
        XCTAssertEqual(title, "Unauthorized")
        XCTAssertTrue(snippet.hasPrefix("<html><head><title>Unauthorized</title>"), snippet)
        XCTAssertTrue(snippet.hasSuffix("…"), snippet)
        let message = failure!.description
        XCTAssertTrue(message.hasPrefix("expected JSON, got HTML titled \"Unauthorized\" (<html><head>"), message)
    }

    func testXMLPlainTextAndEmptyBodiesAreNamed() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MediaContainer size=\"0\">\n</MediaContainer>\n"
        XCTAssertEqual(error(Array(xml.utf8)),
                       .notJSON(kind: "XML", title: nil, snippet: "<?xml version=\"1.0\" encoding=\"UTF-8\"?> <MediaContainer size=…"))
        XCTAssertEqual(error(Array("401 Unauthorized\n".utf8)),
                       .notJSON(kind: "text", title: nil, snippet: "401 Unauthorized"))
        XCTAssertEqual(error(Array("nothing to see".utf8)), .notJSON(kind: "text", title: nil, snippet: "nothing to see"))
        XCTAssertEqual(error([]), .emptyBody)
        XCTAssertEqual(error(Array(" \n\t".utf8)), .emptyBody)
        XCTAssertEqual(error([]).map(\.description), "expected JSON, got an empty body")
    }

    func testATopLevelScalarIsStillJSON() throws {
        XCTAssertEqual(try parse(" \"plain\" "), .string("plain"))
        XCTAssertEqual(try parse("17"), .number(JSONNumber(17)))
    }

    func testEveryCutOfABodyIsReportedAsTruncatedAtItsLength() throws {
        let body = escapedBytes(
            #"{"a": [1, -2.5e3, true, null, "x\"\u00e9\uD83C\uDFB5 caf<<C3>><<A9>> <<E9>>"], "b": {"c": false}}"#)
        XCTAssertNoThrow(try LenientJSON.parse(body))
        for length in 1..<body.count {
            XCTAssertEqual(error(Array(body[..<length])), .truncated(atByte: length), "cut at \(length)")
        }
        XCTAssertEqual(error(Array(#"{"MediaContainer": {"size": 2, "Meta"#.utf8))?.description,
                       "unexpected end of the body at byte 36 (the response was cut short)")
    }

    func testMalformedJSONSaysWhereAndWhat() throws {
        XCTAssertEqual(error(Array(#"{"a" 1}"#.utf8)), .malformed(atByte: 5, expected: "':' after a member name", found: "'1'"))
        XCTAssertEqual(error(Array(#"{"a": tru}"#.utf8)), .malformed(atByte: 6, expected: "true", found: "'tru'"))
        XCTAssertEqual(error(Array(#"[1 2]"#.utf8)), .malformed(atByte: 3, expected: "',' or ']'", found: "'2'"))
        XCTAssertEqual(error(Array(#"{a: 1}"#.utf8)), .malformed(atByte: 1, expected: "a member name in quotes", found: "'a'"))
        XCTAssertEqual(error(Array(#"{"a": 1} {"b": 2}"#.utf8)),
                       .malformed(atByte: 9, expected: "the end of the body", found: "'{'"))
        XCTAssertEqual(error(Array("[1.]".utf8)), .malformed(atByte: 3, expected: "a digit after '.'", found: "']'"))
        XCTAssertEqual(error(Array("[\u{1}]".utf8))?.description,
                       "malformed JSON at byte 1: expected a value, found byte 0x1")
    }
}
