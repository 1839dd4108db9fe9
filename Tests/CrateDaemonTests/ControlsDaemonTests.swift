import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The knob and buttons end to end: gestures injected through `crate-admin input`'s
/// request go through the same decoders and interaction model as GPIO edges, and what
/// they start is checked in the ALSA capture.
final class ControlsDaemonTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }
    /// Albums of one artist, oldest first: the artist crate's order.
    let titles = ["A", "Bb", "Ccc", "Dddd", "Eeeee"]

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "controls") }
    override func tearDown() { dir?.remove() }

    func makeLibrary(seconds: Double = 0.4) throws {
        let lib = LibraryFixture(root: music, seconds: seconds)
        for (index, title) in titles.enumerated() {
            try lib.add("Band/\(title)", [.init(file: "01.mp3", title: "\(title) one", artist: "Band", album: title,
                                                track: "1/1", year: 2001 + index, genre: index < 3 ? "Jazz" : "Rock")])
        }
    }

    func input(_ daemon: DaemonProcess, _ gesture: String, _ control: String, _ detents: Int? = nil) throws -> [InputEvent] {
        try request(daemon, ControlRequest(cmd: .input, gesture: gesture, control: control, detents: detents)).input ?? []
    }

    func scannedDaemon(_ extraConfig: String = "") throws -> DaemonProcess {
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: extraConfig)
        try daemon.waitForStartupScan()
        return daemon
    }

    /// The first click shows the crate's first album, so four clicks reach the fourth.
    func testTurnFourThenPressPlaysTheFourthAlbumOfTheCrate() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, artist: "Band")).crate)
        XCTAssertEqual(crate.items.map(\.album.title), titles)

        let turned = try input(daemon, "turn", "knob", 4)
        XCTAssertEqual(turned.map(\.detents), [1, 1, 1, 1])
        XCTAssertEqual(turned.last?.action, "browse 4/5: Band — Dddd")
        let browsing = try daemon.status()
        XCTAssertEqual(browsing.controls?.mode, .browse)
        XCTAssertEqual(browsing.controls?.browseIndex, 3)
        XCTAssertEqual(browsing.player.state, .idle, "browsing plays nothing")

        let pressed = try input(daemon, "press", "knob")
        XCTAssertEqual(pressed.map(\.gesture), [.press])
        XCTAssertEqual(pressed.first?.action, "play Band — Dddd")
        XCTAssertEqual(try daemon.status().controls?.mode, .nowPlaying)
        let end = try daemon.waitFor("the 4th and 5th albums played", timeout: 20) { $0.state == .idle && $0.tracks.count == 2 }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        XCTAssertEqual(daemon.stop(), 0)
        let expected = try ["Band/Dddd/01.mp3", "Band/Eeeee/01.mp3"].flatMap { try ReferenceDecode.samples(of: music + "/" + $0) }
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), expected,
                       "the album under the knob, then the crate's next, nothing before")
    }

    /// An artist crate cannot grow: the knob stops at its ends (no wrap) and says so; a
    /// new browse starts at the album playing.
    func testTheKnobStopsAtTheEndsOfACrateThatCannotGrow() throws {
        try makeLibrary(seconds: 3)
        let daemon = try scannedDaemon("[display]\nwidth = 320\nheight = 240\n")
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Band"))
        XCTAssertEqual(try input(daemon, "turn", "knob", -1).last?.action, "browse 1/5: Band — A (the start of the crate)",
                       "back from the first album stays on it")
        XCTAssertEqual(try input(daemon, "turn", "knob", 4).last?.action, "browse 5/5: Band — Eeeee")
        XCTAssertEqual(try input(daemon, "turn", "knob", 1).last?.action,
                       "browse 5/5: Band — Eeeee (the end: nothing more to add)", "never round to the first")
        XCTAssertEqual(messageBoxDifference("The end of the crate: nothing more to add", in: try snapshot(daemon), kind: .info), 0,
                       "the panel says it is the end")
        XCTAssertEqual(try input(daemon, "turn", "knob", -3).last?.action, "browse 2/5: Band — Bb")
        _ = try input(daemon, "press", "knob")
        try daemon.waitFor("Bb playing") { $0.state == .playing && ($0.currentTrack?.path.contains("/Bb/") ?? false) }
        XCTAssertEqual(try input(daemon, "turn", "knob", 1).last?.action, "browse 3/5: Band — Ccc",
                       "a new browse starts at the album playing")
        XCTAssertTrue(try daemon.status().player.currentTrack?.path.contains("/Bb/") ?? false, "still playing Bb")
    }

    /// Browsing is bottomless: turning past the end of a Wall crate grows it with albums it
    /// has not offered (as auto-advance does), until the whole library has been offered.
    func testTurningPastTheEndOfTheWallGrowsItUntilTheLibraryIsOffered() throws {
        let lib = LibraryFixture(root: music, seconds: 0.4)
        for index in 1...13 {
            try lib.add("Artist \(index)/Album \(index)", [.init(file: "01.mp3", title: "Song \(index)", artist: "Artist \(index)",
                album: "Album \(index)", track: "1/1", year: 1960 + index, genre: index % 2 == 0 ? "Jazz" : "Rock")])
        }
        let daemon = try scannedDaemon("[crate]\nsize = 5\n[display]\nwidth = 320\nheight = 240\n")
        let first = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
        XCTAssertEqual(first.items.count, 5)
        XCTAssertEqual(try input(daemon, "turn", "knob", 5).last?.action?.hasPrefix("browse 5/5: "), true)
        let grown = try XCTUnwrap(try input(daemon, "turn", "knob", 1).last?.action)
        XCTAssertTrue(grown.hasPrefix("browse 6/10: "), "one click past the end grows the crate: \(grown)")
        let bigger = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
        XCTAssertEqual(bigger.items.count, 10, "the crate answer shows the grown crate")
        XCTAssertEqual(Array(bigger.items.prefix(5).map(\.album.id)), first.items.map(\.album.id), "grown at its end")
        XCTAssertEqual(bigger.cursor, 5)
        XCTAssertTrue(grown.hasSuffix(bigger.items[5].album.artist + " — " + bigger.items[5].album.title), grown)

        let end = try XCTUnwrap(try input(daemon, "turn", "knob", 10).last?.action)
        XCTAssertTrue(end.hasPrefix("browse 13/13: ") && end.hasSuffix(" (the end: nothing more to add)"), end)
        let whole = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
        XCTAssertEqual(Set(whole.items.map(\.album.id)).count, 13, "every album once, none twice")
        XCTAssertEqual(messageBoxDifference("The end of the crate: nothing more to add", in: try snapshot(daemon), kind: .info), 0)
    }

    func testButtonsDoWhatTheyAreFor() throws {
        try makeLibrary(seconds: 3)
        let daemon = try scannedDaemon()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Band"))
        XCTAssertEqual(try input(daemon, "press", "play").first?.action, "play album \(try albumID(daemon, "A"))",
                       "play with nothing loaded starts the album under the knob")
        try daemon.waitFor("A playing") { $0.state == .playing }
        XCTAssertEqual(try input(daemon, "press", "play").first?.action, "paused")
        XCTAssertEqual(try input(daemon, "press", "play").first?.action, "playing")
        XCTAssertEqual(try input(daemon, "long", "next").first?.action, "next album: Band — Bb")
        try daemon.waitFor("Bb playing") { ($0.currentTrack?.path.contains("/Bb/") ?? false) && $0.state == .playing }
        XCTAssertEqual(try input(daemon, "press", "like").first?.action, "liked Band — Bb")
        XCTAssertEqual(try input(daemon, "long", "like").first?.action, "disliked Band — Bb")
        try daemon.waitFor("Bb skipped") { ($0.currentTrack?.path.contains("/Ccc/") ?? false) }
        XCTAssertEqual(try input(daemon, "long", "prev").first?.action, "previous album: Band — A",
                       "back past the disliked album, never offered again")
    }

    func testDialModeAndGenreCycling() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        XCTAssertEqual(try input(daemon, "long", "knob").first?.action, "dial: Mixed Crate? (press to confirm)")
        XCTAssertEqual(try daemon.status().controls?.dialPosition, "2")
        XCTAssertEqual(try input(daemon, "turn", "knob", 2).map(\.action),
                       ["dial: Deep Dig? (press to confirm)", "dial: Mystery Crate? (press to confirm)"])
        XCTAssertEqual(try input(daemon, "press", "knob").first?.action, "dial: Mystery Crate, crate regenerated")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .crate)).crate?.dial, "mystery")

        XCTAssertEqual(try input(daemon, "press", "genre").first?.action, "crate: Rock (2 albums)",
                       "super-genres in taxonomy order, only those with albums")
        XCTAssertEqual(try input(daemon, "press", "genre").first?.action, "crate: Jazz (3 albums)")
        let jazz = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
        XCTAssertEqual(jazz.name, "Jazz")
        XCTAssertEqual(Set(jazz.items.map(\.album.title)), ["A", "Bb", "Ccc"])
        XCTAssertEqual(try input(daemon, "turn", "knob", 1).last?.action, "browse 2/3: Band — \(jazz.items[1].album.title)")
        XCTAssertEqual(try input(daemon, "press", "genre").first?.action, "crate: Crate (5 albums)", "and back")
    }

    func testInputWatchSeesGesturesAndBadInputIsRefused() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        let watcher = try daemon.connect()
        defer { watcher.close() }
        XCTAssertTrue(try watcher.request(ControlRequest(cmd: .subscribe)).ok)
        _ = try input(daemon, "press", "next")
        var seen: DaemonEvent?
        while seen == nil {
            let event = try watcher.readJSON(DaemonEvent.self)
            if event.event == .input { seen = event }
        }
        XCTAssertEqual(seen?.input?.control, "next")
        XCTAssertEqual(seen?.input?.source, "simulated")
        XCTAssertEqual(seen?.input?.action, "failed: nothing is playing", "a refused action is reported, not swallowed")

        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .input, gesture: "press", control: "pause"), ok: false).error,
                       "unknown button 'pause' (one of play, next, prev, like, genre, knob, volume_up, volume_down)")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .input, gesture: "turn", control: "knob"), ok: false).error,
                       "input turn needs 'detents': a non-zero number of clicks from -1000 to 1000")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .input, gesture: "wiggle"), ok: false).error,
                       "input needs 'gesture': \"press\", \"long\" or \"turn\"")
        XCTAssertEqual(try input(daemon, "press", "volume_up").first?.action,
                       "failed: no volume control: set [audio] mixer_control to drive the card's mixer")
    }

    func testAMissingGPIOChipIsShownAndTheBoxStillPlays() throws {
        try makeLibrary()
        let daemon = try scannedDaemon("[controls]\nchip = \"crate-test-missing-chip\"\n[controls.play]\nline = 4")
        let status = try daemon.status()
        XCTAssertEqual(status.controls?.backend, "error")
        XCTAssertTrue(status.warnings.contains { $0.contains("cannot open GPIO chip \"crate-test-missing-chip\"") },
                      "\(status.warnings)")
        _ = try input(daemon, "press", "play")
        try daemon.waitFor("playing") { $0.state == .playing || ($0.state == .idle && $0.tracks.count > 0) }
    }

    func testVolumeOnAMixerThatIsNotThereSaysWhich() throws {
        let daemon = try DaemonProcess(dir: dir.path, extraAudio: "pacing = \"clock\"\nmixer_control = \"PCM\"\nmixer_device = \"hw:9\"")
        let action = try XCTUnwrap(try input(daemon, "press", "volume_up").first?.action)
        XCTAssertTrue(action.hasPrefix("failed: mixer hw:9: cannot attach to hw:9"), action)
        XCTAssertEqual(try input(daemon, "turn", "volume", -2).count, 2, "each click is tried and reported")
    }

    func albumID(_ daemon: DaemonProcess, _ title: String) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }?.id)
    }
}
