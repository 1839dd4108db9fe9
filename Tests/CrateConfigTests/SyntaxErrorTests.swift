import CrateConfig
import XCTest

/// Text that is not TOML, or TOML this reader does not take. Each message names the line
/// and, when there is one, the table and key being read.
final class SyntaxErrorTests: XCTestCase {
    func testDuplicateKeys() {
        let text = """
            [audio]
            periods = 4
            rt_priority = 40
            periods = 8
            """
        let error = failure(text)
        XCTAssertEqual(error.description, "c.toml:4: [audio] periods: duplicate key (first set on line 2)")
        XCTAssertEqual(error.line, 4)
        XCTAssertEqual(error.key, "periods")
        expect("state_dir = 'a'\n'state_dir' = 'b'", "c.toml:2: state_dir: duplicate key (first set on line 1)")
    }

    func testDuplicateTables() {
        expect("[audio]\nperiods = 4\n\n[log]\n[audio]\nrt_priority = 50",
               "c.toml:5: [audio]: table defined twice (first on line 1)")
        expect("audio.periods = 4\n[audio]", "c.toml:2: [audio]: table already defined by dotted keys on line 1")
        expect("[audio]\n[audio.x]\n[audio.x]", "c.toml:3: [audio.x]: table defined twice (first on line 2)")
    }

    func testAKeyAndATableOfTheSameName() {
        expect("audio = 1\n[audio]", "c.toml:2: [audio]: audio is already a value (line 1), cannot also be a table")
        expect("[log]\nlevel = 'info'\nlevel.x = 1",
               "c.toml:3: [log] level.x: level is already a value (line 2), cannot also be a table")
        expect("[log.level]\n[log]\nlevel = 'info'", "c.toml:3: [log] level: already a table (line 1), cannot also be a value")
    }

    func testUnterminatedStrings() {
        let error = failure("[audio]\ndevice = \"hw:1,0\nperiods = 4")
        XCTAssertEqual(error.description, #"c.toml:2: [audio] device: unterminated string: missing the closing ""#)
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.key, "device")
        expect("[audio]\n\ndevice = 'hw:1,0", "c.toml:3: [audio] device: unterminated string: missing the closing '")
        expect("state_dir = \"/x\\\"", #"c.toml:1: state_dir: unterminated string: missing the closing ""#)
        expect("state_dir = \"/x\\", #"c.toml:1: state_dir: unterminated string: missing the closing ""#)
    }

    func testUnterminatedArrays() {
        // The error points at the line of the opening bracket.
        expect("\n[library]\npaths = [\n  '/a',\n  '/b'\n", #"c.toml:3: [library] paths: unterminated array: the "[" on line 3 has no closing "]""#)
        expect("[library]\npaths = ['/a',\n\n[log]\nlevel = 'info'",
               #"c.toml:2: [library] paths: unterminated array: the "[" on line 2 has no closing "]""#)
        expect("[library]\npaths = ['/a' '/b']",
               #"c.toml:2: [library] paths: expected "," or "]" after an array element, found "'/b']""#)
    }

    func testGarbageAfterAValueOrHeader() {
        expect("[audio]\nrt_priority = 40 50", #"c.toml:2: [audio] rt_priority: unexpected text after the value: "50""#)
        expect("[audio]\ndevice = \"hw:1\" junk # note",
               ##"c.toml:2: [audio] device: unexpected text after the value: "junk # note""##)
        expect("[audio] periods = 4", #"c.toml:1: [audio]: unexpected text after the table header: "periods = 4""#)
        expect("[library]\npaths = ['/a'],", #"c.toml:2: [library] paths: unexpected text after the value: ",""#)
    }

    func testMalformedLines() {
        expect("[audio]\nperiods 4", #"c.toml:2: [audio] periods: expected "=" after the key, found "4""#)
        expect("[audio]\nperiods =", "c.toml:2: [audio] periods: expected a value, found the end of the file")
        expect("[audio]\nperiods = # none\n", ##"c.toml:2: [audio] periods: expected a value, found "# none""##)
        expect("[audio]\n= 4", #"c.toml:2: [audio]: expected a key, found "= 4""#)
        expect("[audio\nperiods = 4", "c.toml:1: expected \"]\" to close the table header, found the end of the line")
        expect("[]", #"c.toml:1: expected a key, found "]""#)
        expect("[log]\nlevel = info", #"c.toml:2: [log] level: expected a value, found info; strings need quotes: "info""#)
        expect("[audio]\npacing = True", "c.toml:2: [audio] pacing: expected a value, found True; booleans are lowercase: true")
    }

    func testBadNumbers() {
        expect("[control]\nsocket_mode = 0660",
               "c.toml:2: [control] socket_mode: 0660: leading zeros are not allowed (for an octal number write 0o660)")
        expect("[audio]\nperiods = 1__0", "c.toml:2: [audio] periods: 1__0 is not a valid number")
        expect("[audio]\nperiods = _10", #"c.toml:2: [audio] periods: expected a value, found _10; strings need quotes: "_10""#)
        expect("[audio]\nperiods = 10_", "c.toml:2: [audio] periods: 10_ is not a valid number")
        expect("[audio]\nperiods = 0o8", "c.toml:2: [audio] periods: 0o8 is not a valid base-8 number")
        expect("[audio]\nbuffer_seconds = 1.", "c.toml:2: [audio] buffer_seconds: 1. is not a valid number")
        expect("[audio]\nbuffer_seconds = .5", #"c.toml:2: [audio] buffer_seconds: expected a value, found .5; strings need quotes: ".5""#)
        expect("[audio]\nbuffer_seconds = 1e400", "c.toml:2: [audio] buffer_seconds: 1e400 is out of range for a 64-bit number")
        expect("[audio]\nperiods = 99999999999999999999",
               "c.toml:2: [audio] periods: 99999999999999999999 is out of range for a 64-bit number")
        expect("[audio]\nperiods = 2024-01-01", "c.toml:2: [audio] periods: dates and times are not supported, found 2024-01-01")
    }

    func testBadEscapes() {
        expect(#"state_dir = "C:\crate""#, #"c.toml:1: state_dir: unknown escape \c in string (use \\ for a backslash)"#)
        expect(#"state_dir = "\u12""#, #"c.toml:1: state_dir: \u needs exactly 4 hex digits, found \u12"#)
        expect(#"state_dir = "\uD800""#, #"c.toml:1: state_dir: \uD800 is not a Unicode character"#)
        expect("state_dir = \"a\u{01}b\"", "c.toml:1: state_dir: control character U+0001 in string; write it as an escape")
    }

    func testUnsupportedTOML() {
        expect("state_dir = \"\"\"\n/x\"\"\"", #"c.toml:1: state_dir: multi-line strings ("""…""") are not supported"#)
        expect("[audio]\ndevice = { name = 'hw' }",
               "c.toml:2: [audio] device: inline tables ({…}) are not supported; use a [table]")
        expect("[[library]]", "c.toml:1: arrays of tables ([[…]]) are not supported")
    }

    func testALoneCarriageReturn() {
        expect("[audio]\rperiods = 4", "c.toml:1: [audio]: carriage return without a line feed")
    }
}
