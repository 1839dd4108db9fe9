@testable import CrateFormats
import XCTest

/// The small parsers behind the tags: numbers, dates, gains, genres, text.
final class TagValueTests: XCTestCase {
    func testTrackAndDiscNumbers() {
        let cases: [(String, Int?, Int?)] = [
            ("3/12", 3, 12), ("03", 3, nil), ("3", 3, nil), (" 7 / 9 ", 7, 9), ("/12", nil, 12), ("3/", 3, nil),
            ("garbage", nil, nil), ("0/0", nil, nil), ("A1", nil, nil), ("", nil, nil), ("99999999999999999999", nil, nil),
            ("-3", nil, nil), ("3/12/5", 3, nil),
        ]
        for (text, number, total) in cases {
            let parsed = TagValueParsing.numberAndTotal(text)
            XCTAssertEqual(parsed.number, number, text)
            XCTAssertEqual(parsed.total, total, text)
        }
    }

    func testYears() {
        XCTAssertEqual(TagValueParsing.year("2004"), 2004)
        XCTAssertEqual(TagValueParsing.year("2004-05-17T10:00"), 2004)
        XCTAssertEqual(TagValueParsing.year("17.05.1999"), 1999)
        XCTAssertNil(TagValueParsing.year("04"))
        XCTAssertNil(TagValueParsing.year("20045"))
        XCTAssertNil(TagValueParsing.year("0000"))
        XCTAssertNil(TagValueParsing.year("unknown"))
    }

    func testReplayGainValues() {
        XCTAssertEqual(TagValueParsing.decibels("-6.20 dB"), -6.2)
        XCTAssertEqual(TagValueParsing.decibels("+1.5dB"), 1.5)
        XCTAssertEqual(TagValueParsing.decibels("-6,20 dB"), -6.2)
        XCTAssertEqual(TagValueParsing.decibels(" 0.988831 "), 0.988831)
        XCTAssertEqual(TagValueParsing.decibels("-7 DB"), -7)
        XCTAssertNil(TagValueParsing.decibels("loud"))
        XCTAssertNil(TagValueParsing.decibels(""))
        XCTAssertNil(TagValueParsing.decibels("nan"))
    }

    func testGenreList() {
        XCTAssertEqual(ID3Genres.names.count, 192)
        XCTAssertEqual(ID3Genres.name(0), "Blues")
        XCTAssertEqual(ID3Genres.name(17), "Rock")
        XCTAssertEqual(ID3Genres.name(79), "Hard Rock")
        XCTAssertEqual(ID3Genres.name(80), "Folk")
        XCTAssertEqual(ID3Genres.name(147), "Synthpop")
        XCTAssertEqual(ID3Genres.name(191), "Psybient")
        XCTAssertNil(ID3Genres.name(192))
        XCTAssertNil(ID3Genres.name(255))
        XCTAssertEqual(ID3Genres.resolve(["Rock", "rock", "(17)"]), ["Rock"], "duplicates dropped, case-insensitively")
        XCTAssertEqual(ID3Genres.resolve(["(abc)Rock"]), ["(abc)Rock"])
        XCTAssertEqual(ID3Genres.resolve(["(17"]), ["(17"])
        XCTAssertEqual(ID3Genres.resolve([" ; ;"]), [])
    }

    func testTextEncodings() {
        XCTAssertEqual(ID3Text.strings([0, 0x43, 0x61, 0x66, 0xE9][...]), ["Café"], "Latin-1")
        XCTAssertEqual(ID3Text.strings([0] + Array("Café".utf8)[...]), ["Café"], "UTF-8 labelled Latin-1")
        XCTAssertEqual(ID3Text.strings([3] + Array("Caf".utf8) + [0xE9]), ["Café"], "Latin-1 labelled UTF-8")
        XCTAssertEqual(ID3Text.strings([1, 0xFE, 0xFF, 0x00, 0x41][...]), ["A"])
        XCTAssertEqual(ID3Text.strings([1, 0xFF, 0xFE, 0x41][...]), [], "odd byte dropped")
        XCTAssertEqual(ID3Text.strings([1, 0xFF, 0xFE, 0x3D, 0xD8][...]), ["\u{FFFD}"], "lone surrogate replaced")
        XCTAssertEqual(ID3Text.strings([9, 1, 2][...]).count, 1, "unknown encoding: something, no crash")
        XCTAssertEqual(ID3Text.strings([][...]), [])
        XCTAssertEqual(ID3Text.strings([2][...]), [])
        XCTAssertEqual(ID3Text.pieces([3] + Array("desc".utf8) + [0] + Array("value".utf8)), ["desc", "value"])
    }
}
