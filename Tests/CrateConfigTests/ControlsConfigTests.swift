import CrateConfig
import Foundation
import CrateCore
import XCTest

/// `[controls]`: buttons and encoders mapped to chips and lines, and the checks that
/// stop a miswired box at start-up with the line of the file to fix.
final class ControlsConfigTests: XCTestCase {
    func testNothingWiredIsTheDefault() throws {
        let config = try CrateConfig.parse("")
        XCTAssertTrue(config.controls.buttons.isEmpty)
        XCTAssertTrue(config.controls.encoders.isEmpty)
        XCTAssertEqual(config.controls.debounceMs, 25)
        XCTAssertEqual(config.controls.longPressMs, 1000)
    }

    func testAFullyWiredBox() throws {
        let text = """
            [audio]
            device = "hw:1,0"
            mixer_control = "Digital"

            [controls]
            chip = "pinctrl-bcm2711"
            debounce_ms = 30
            long_press_ms = 800
            idle_timeout = 5

            [controls.play]
            line = 17

            [controls.next]
            line = "GPIO27"
            active_low = false
            bias = "pull-down"

            [controls.knob]
            a = 5
            b = 6
            push = 13
            steps_per_detent = 2
            acceleration = true

            [controls.volume]
            chip = "gpiochip1"
            a = 1
            b = 2
            """
        let config = try CrateConfig.parse(text)
        let controls = config.controls
        XCTAssertEqual(controls.debounceMs, 30)
        XCTAssertEqual(controls.longPressMs, 800)
        XCTAssertEqual(controls.idleTimeout, 5)
        XCTAssertEqual(controls.buttons.map(\.function), [.play, .next, .knob])
        XCTAssertEqual(controls.button(.play)?.line,
                       CrateConfig.GPIOLine(chip: "pinctrl-bcm2711", line: .offset(17), table: "controls.play",
                                            key: "line", fileLine: 12))
        let next = try XCTUnwrap(controls.button(.next)?.line)
        XCTAssertEqual(next.line, .name("GPIO27"))
        XCTAssertFalse(next.activeLow)
        XCTAssertEqual(next.bias, .pullDown)
        let knob = try XCTUnwrap(controls.encoder(.knob))
        XCTAssertEqual(knob.a.line, .offset(5))
        XCTAssertEqual(knob.b.line, .offset(6))
        XCTAssertEqual(knob.stepsPerDetent, 2)
        XCTAssertTrue(knob.acceleration)
        XCTAssertEqual(controls.button(.knob)?.line.line, .offset(13))
        XCTAssertEqual(controls.encoder(.volume)?.a.chip, "gpiochip1")
        XCTAssertEqual(config.audio.effectiveMixerDevice, "hw:1")
    }

    func testALineUsedTwiceNamesBothPlaces() {
        expect("[controls.play]\nline = 17\n\n[controls.knob]\na = 5\nb = 17",
               "c.toml:6: [controls.knob] b: line 17 of gpiochip0 is already used by [controls.play] line (line 2)")
        // The same offset on different chips is two different lines.
        XCTAssertNoThrow(try CrateConfig.parse(
            "[controls.play]\nline = 17\n[controls.next]\nchip = \"gpiochip1\"\nline = 17"))
    }

    func testAnEncoderMissingAPin() {
        expect("[controls]\n[controls.knob]\na = 5\npush = 13",
               "c.toml:2: [controls.knob]: the encoder needs both pins, a and b; b is missing")
        expect("[controls.volume]\nb = 5", "c.toml:1: [controls.volume]: the encoder needs both pins, a and b; a is missing")
    }

    func testAKnobWithOnlyItsPushSwitch() throws {
        let config = try CrateConfig.parse("[controls.knob]\npush = 13")
        XCTAssertEqual(config.controls.buttons.map(\.function), [.knob])
        XCTAssertTrue(config.controls.encoders.isEmpty)
    }

    func testWrongValues() {
        expect("[controls.play]\nline = -1",
               #"c.toml:2: [controls.play] line: expected a GPIO line: its offset on the chip (an integer like 17) or its name (a string like "GPIO17"), got -1"#)
        expect("[controls.play]\nchip = \"gpiochip0\"",
               #"c.toml:1: [controls.play]: the button needs its GPIO line: line = OFFSET or line = "NAME""#)
        expect("[controls]\ndebounce_ms = 0", "c.toml:2: [controls] debounce_ms: expected an integer from 1 to 200, got 0")
        expect("[controls.knob]\na = 1\nb = 2\nsteps_per_detent = 3",
               "c.toml:1: [controls.knob] steps_per_detent: expected 1, 2 or 4, got 3")
        expect("[controls]\nbias = \"up\"",
               #"c.toml:2: [controls] bias: expected "pull-up", "pull-down", "disable" or "as-is", got "up""#)
        expect("[controls.play]\nline = 3\npin = 4", "c.toml:3: [controls.play] pin: unknown key; the keys here are chip, active_low, bias and line")
    }

    func testUnknownControls() {
        expect("[controls.lke]\nline = 3", "c.toml:1: [controls.lke]: unknown control (did you mean [controls.like]?)")
        expect("[controls.pause]\nline = 3", "c.toml:1: [controls.pause]: unknown control; the controls are "
               + "[controls.play], [controls.next], [controls.prev], [controls.like], [controls.genre], "
               + "[controls.volume_up], [controls.volume_down], [controls.knob] and [controls.volume]")
        expect("[controls]\nplay = 17",
               "c.toml:2: [controls] play: expected the table [controls.play] on a line of its own, got 17")
    }

    func testVolumeNeedsAMixer() {
        expect("[controls.volume_up]\nline = 3", "c.toml:1: [controls.volume_up]: volume controls need a mixer: set [audio] mixer_control (amixer scontrols lists them)")
        XCTAssertNoThrow(try CrateConfig.parse("[audio]\nmixer_control = \"PCM\"\n[controls.volume_up]\nline = 3"))
    }

    func testTheReferenceFileParses() throws {
        let path = #filePath.replacingOccurrences(of: "Tests/CrateConfigTests/ControlsConfigTests.swift",
                                                  with: "deploy/crate.toml")
        let config = try CrateConfig.load(path: path)
        XCTAssertEqual(config.controls, CrateConfig.Controls(), "the reference wires nothing by default")

        // Its examples, uncommented as the file says, are a working wiring.
        var inExamples = false
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let edited = lines.map { line -> Substring in
            if line.hasPrefix("# Examples (uncomment") { inExamples = true; return line }
            if line.hasPrefix("[") { inExamples = false }  // the next table
            return inExamples && line.hasPrefix("#") ? line.dropFirst() : line
        }.joined(separator: "\n")
        let wired = try CrateConfig.parse(edited, source: path).controls
        XCTAssertEqual(wired.buttons.map(\.function), [.play, .next, .knob])
        XCTAssertEqual(wired.encoder(.knob)?.stepsPerDetent, 4)
    }
}

/// `[display]`: the panel and its timings.
final class DisplayConfigTests: XCTestCase {
    func testDefaultsAndValues() throws {
        let defaults = try CrateConfig.parse("").display
        XCTAssertNil(defaults.device)
        XCTAssertEqual(defaults.width, 320)
        XCTAssertEqual(defaults.rotation, 0)
        let config = try CrateConfig.parse("[display]\ndevice = \"/dev/fb1\"\nrotation = 270\ndim_after = 0\nblank_after = 30")
        XCTAssertEqual(config.display.device, "/dev/fb1")
        XCTAssertEqual(config.display.rotation, 270)
        XCTAssertEqual(config.display.dimAfter, 0)
        XCTAssertEqual(config.display.blankAfter, 30)
        XCTAssertEqual(defaults.artworkCacheMB, 64)
        XCTAssertEqual(try CrateConfig.parse("[display]\nartwork_cache_mb = 200").display.artworkCacheMB, 200)
    }

    func testWrongValuesNameTheLine() {
        expect("[display]\n\nrotation = 45", "c.toml:3: [display] rotation: expected 0, 90, 180 or 270, got 45")
        expect("[display]\nwidth = 10", "c.toml:2: [display] width: expected an integer from 64 to 1920, got 10")
        expect("[display]\ndevice = \"\"", #"c.toml:2: [display] device: expected a framebuffer device like "/dev/fb1", got """#)
        expect("[display]\nbrightness = 3", "c.toml:2: [display] brightness: unknown key; the keys here are device, width, height, rotation, dim_after, blank_after, fonts and artwork_cache_mb")
        expect("[display]\nartwork_cache_mb = 0", "c.toml:2: [display] artwork_cache_mb: expected an integer from 1 to 65536, got 0")
    }
}
