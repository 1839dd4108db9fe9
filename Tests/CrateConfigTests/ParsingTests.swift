import CrateConfig
import XCTest

/// Valid files and the configuration they produce.
final class ParsingTests: XCTestCase {
    func testEmptyTextGivesTheDefaults() throws {
        XCTAssertEqual(try CrateConfig.parse("", source: "empty.toml"), CrateConfig())
        XCTAssertEqual(try CrateConfig.parse("\n\n  # only a comment\n\t\n", source: "c.toml"), CrateConfig())
    }

    func testTheDefaultsAreTheDocumentedOnes() {
        let config = CrateConfig()
        XCTAssertEqual(config.stateDir, "/var/lib/crate")
        XCTAssertEqual(config.control.socket, "/run/crate/crate.sock")
        XCTAssertEqual(config.control.socketMode, 0o660)
        XCTAssertNil(config.audio.device)
        XCTAssertEqual(config.audio.rtPriority, 40)
        XCTAssertEqual(config.audio.periodFrames, 1024)
        XCTAssertEqual(config.audio.periods, 4)
        XCTAssertEqual(config.audio.bufferSeconds, 2.0)
        XCTAssertNil(config.audio.pacing)
        XCTAssertEqual(config.library.paths, [])
        XCTAssertEqual(config.log.level, "info")
    }

    func testAFullFileFillsEveryField() throws {
        let text = """
            # a box in the living room
            state_dir = "/data/crate"   # on the SSD

            [control]
            socket = "/tmp/crate.sock"
            socket_mode = 0o600

            [audio]
            device = "hw:1,0"
            rt_priority = 70
            period_frames = 2_048
            periods = 3
            buffer_seconds = 4.5
            pacing = "clock"

            [library]
            paths = ["/srv/music", "/mnt/nas/albums"]

            [log]
            level = "debug"
            """
        var expected = CrateConfig()
        expected.stateDir = "/data/crate"
        expected.control.socket = "/tmp/crate.sock"
        expected.control.socketMode = 0o600
        expected.audio.device = "hw:1,0"
        expected.audio.rtPriority = 70
        expected.audio.periodFrames = 2048
        expected.audio.periods = 3
        expected.audio.bufferSeconds = 4.5
        expected.audio.pacing = .clock
        expected.library.paths = ["/srv/music", "/mnt/nas/albums"]
        expected.log.level = "debug"
        XCTAssertEqual(try CrateConfig.parse(text, source: "full.toml"), expected)
    }

    func testAPartialFileKeepsTheOtherDefaults() throws {
        let config = try CrateConfig.parse("[audio]\nperiods = 8\n", source: "p.toml")
        var expected = CrateConfig()
        expected.audio.periods = 8
        XCTAssertEqual(config, expected)
    }

    func testMultiLineArraysWithCommentsAndATrailingComma() throws {
        let text = """
            [library]
            paths = [
                "/srv/music",      # the internal disk
                # "/mnt/old",      commented out
                '/mnt/nas/C:\\albums',

                "/media/usb",      # trailing comma next
            ]   # done
            """
        let config = try CrateConfig.parse(text, source: "a.toml")
        XCTAssertEqual(config.library.paths, ["/srv/music", "/mnt/nas/C:\\albums", "/media/usb"])
    }

    func testEmptyAndOneLineArrays() throws {
        XCTAssertEqual(try CrateConfig.parse("[library]\npaths = []", source: "a").library.paths, [])
        XCTAssertEqual(try CrateConfig.parse("[library]\npaths = [ ]\n", source: "a").library.paths, [])
        XCTAssertEqual(try CrateConfig.parse("[library]\npaths=['a','b',]", source: "a").library.paths,
                       ["a", "b"])
    }

    func testBasicStringEscapes() throws {
        let text = #"""
            [library]
            paths = ["say \"hi\"", "back\\slash", "line\nbreak", "tab\there", "caf\u00E9", "\U0001F3B5", "\b\f\r"]
            """#
        let paths = try CrateConfig.parse(text, source: "e.toml").library.paths
        XCTAssertEqual(paths, ["say \"hi\"", "back\\slash", "line\nbreak", "tab\there", "café", "🎵",
                               "\u{08}\u{0C}\r"])
    }

    func testLiteralStringsTakeBackslashesAsWritten() throws {
        let config = try CrateConfig.parse(#"state_dir = 'C:\crate\n'"#, source: "l.toml")
        XCTAssertEqual(config.stateDir, #"C:\crate\n"#)
    }

    func testNonASCIIIsKeptAsWritten() throws {
        let config = try CrateConfig.parse("[library]\npaths = [\"/srv/Musik/Björk — Homogenic\"]", source: "u")
        XCTAssertEqual(config.library.paths, ["/srv/Musik/Björk — Homogenic"])
    }

    func testIntegerForms() throws {
        let text = """
            [control]
            socket_mode = 0o640
            [audio]
            rt_priority = 0x1F
            periods = 0b1010
            period_frames = 65_536
            """
        let config = try CrateConfig.parse(text, source: "i")
        XCTAssertEqual(config.control.socketMode, 0o640)
        XCTAssertEqual(config.audio.rtPriority, 31)
        XCTAssertEqual(config.audio.periods, 10)
        XCTAssertEqual(config.audio.periodFrames, 65536)
        XCTAssertEqual(try CrateConfig.parse("[control]\nsocket_mode = 0", source: "z").control.socketMode, 0)
        XCTAssertEqual(try CrateConfig.parse("[audio]\nrt_priority = +7", source: "s").audio.rtPriority, 7)
    }

    func testBufferSecondsTakesFloatsAndIntegers() throws {
        XCTAssertEqual(try CrateConfig.parse("[audio]\nbuffer_seconds = 3", source: "f").audio.bufferSeconds, 3)
        XCTAssertEqual(try CrateConfig.parse("[audio]\nbuffer_seconds = 0.5", source: "f").audio.bufferSeconds, 0.5)
        XCTAssertEqual(try CrateConfig.parse("[audio]\nbuffer_seconds = 25e-1", source: "f").audio.bufferSeconds,
                       2.5)
        XCTAssertEqual(try CrateConfig.parse("[audio]\nbuffer_seconds = 1_0.2_5", source: "f").audio.bufferSeconds,
                       10.25)
    }

    func testRelativePathsAreLeftAsWritten() throws {
        let text = "state_dir = \"state\"\n[control]\nsocket = \"./run/c.sock\"\n[library]\npaths = [\"music\"]"
        let config = try CrateConfig.parse(text, source: "r")
        XCTAssertEqual(config.stateDir, "state")
        XCTAssertEqual(config.control.socket, "./run/c.sock")
        XCTAssertEqual(config.library.paths, ["music"])
    }

    func testQuotedKeysDottedKeysAndSpacing() throws {
        let text = """
            audio.device = "null"
            [ "log" ]
            'level'="warning"
            \t[library]\t# indented header
              paths =["/x"]
            """
        let config = try CrateConfig.parse(text, source: "k.toml")
        XCTAssertEqual(config.audio.device, "null")
        XCTAssertEqual(config.log.level, "warning")
        XCTAssertEqual(config.library.paths, ["/x"])
    }

    func testWindowsLineEndingsAndAByteOrderMark() throws {
        let text = "\u{FEFF}# saved on Windows\r\n[audio]\r\nperiods = 6\r\n[log]\r\nlevel = \"error\"\r\n"
        let config = try CrateConfig.parse(text, source: "w.toml")
        XCTAssertEqual(config.audio.periods, 6)
        XCTAssertEqual(config.log.level, "error")
    }

    func testEveryLogLevelAndPacingIsAccepted() throws {
        for level in ["trace", "debug", "info", "notice", "warning", "error", "critical"] {
            XCTAssertEqual(try CrateConfig.parse("[log]\nlevel = \"\(level)\"", source: "l").log.level, level)
        }
        XCTAssertEqual(try CrateConfig.parse("[audio]\npacing = \"device\"", source: "p").audio.pacing, .device)
        XCTAssertEqual(try CrateConfig.parse("[audio]\npacing = \"clock\"", source: "p").audio.pacing, .clock)
    }

    func testTablesMayComeInAnyOrder() throws {
        let config = try CrateConfig.parse("[log]\nlevel = \"trace\"\n[audio]\nperiods = 2\n", source: "o")
        XCTAssertEqual(config.log.level, "trace")
        XCTAssertEqual(config.audio.periods, 2)
    }
}
