import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Playing an album from one of its tracks, from `crate-admin play --album N --track K`
/// and from the knob's track list: the album plays on in order from there, then the next.
final class PlayFromTrackTests: KnobTestCase {
    let tracks = ["First", "Second", "Third"]

    /// "Long Player" (three tracks) and "Encore" (one), by one artist, oldest first.
    func makeLibrary(seconds: Double) throws {
        let lib = LibraryFixture(root: music, seconds: seconds)
        try lib.add("Band/Long Player", tracks.enumerated().map { index, title in
            .init(file: "0\(index + 1).mp3", title: title, artist: "Band", album: "Long Player",
                  track: "\(index + 1)/3", year: 2001)
        })
        try lib.add("Band/Encore", [.init(file: "01.mp3", title: "Bow", artist: "Band", album: "Encore",
                                          track: "1/1", year: 2002)])
    }

    /// The samples of these files, in order, as the reference decoder makes them.
    func reference(_ files: [String]) throws -> [Int16] {
        try files.flatMap { try ReferenceDecode.samples(of: music + "/Band/" + $0) }
    }

    func testPlayFromATrackThroughTheCommandLine() throws {
        try makeLibrary(seconds: 0.4)
        let daemon = try scannedDaemon()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Band"))
        let album = try albumID(daemon, "Long Player")
        let socket = ["--socket", daemon.socket]

        let tooFar = try AdminProcess.run(["play"] + socket + ["--album", "\(album)", "--track", "4"])
        XCTAssertEqual(tooFar.code, 1)
        XCTAssertTrue(tooFar.err.contains("album \(album) has 3 tracks: --track must be 1 to 3, not 4"), tooFar.err)
        let zero = try AdminProcess.run(["play"] + socket + ["--album", "\(album)", "--track", "0"])
        XCTAssertNotEqual(zero.code, 0)
        XCTAssertTrue(zero.err.contains("--track counts from 1"), zero.err)
        XCTAssertEqual(try daemon.status().player.state, .idle, "a refused request plays nothing")

        let played = try AdminProcess.run(["play"] + socket + ["--album", "\(album)", "--track", "2"])
        XCTAssertEqual(played.code, 0, played.err)
        let end = try daemon.waitFor("tracks 2 and 3, then the next album", timeout: 20) {
            $0.state == .idle && $0.tracks.count == 4
        }
        XCTAssertEqual(end.tracks.map { String($0.path.split(separator: "/").suffix(2).joined(separator: "/")) },
                       ["Long Player/01.mp3", "Long Player/02.mp3", "Long Player/03.mp3", "Encore/01.mp3"],
                       "the whole album is loaded (previous goes back to track 1), the next album appended")
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture),
                       try reference(["Long Player/02.mp3", "Long Player/03.mp3", "Encore/01.mp3"]),
                       "from track 2 on, nothing of track 1, then the crate's next album")
    }

    func testTheKnobPicksATrackOfTheAlbumPlaying() throws {
        try makeLibrary(seconds: 1.5)
        let daemon = try scannedDaemon()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Band"))
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "Long Player")))
        _ = try request(daemon, ControlRequest(cmd: .pause))
        try daemon.waitFor("paused on the first track") { $0.state == .paused }

        XCTAssertEqual(try input(daemon, "press", "knob"), "track 1/3: First", "the list opens on the track playing")
        XCTAssertTrue(try listHeading("Long Player · 0:04", rows: 3, daemon), "the list is headed by the album and its length")
        XCTAssertEqual(try input(daemon, "turn", "knob", 5), "track 3/3: Third", "stops at the last track")
        XCTAssertEqual(try input(daemon, "turn", "knob", -1), "track 2/3: Second")
        XCTAssertEqual(try input(daemon, "press", "knob"), "play track 2 of Band — Long Player")
        XCTAssertEqual(try daemon.status().controls?.mode, .nowPlaying)

        let end = try daemon.waitFor("tracks 2 and 3, then the next album", timeout: 30) {
            $0.state == .idle && $0.tracks.count == 4
        }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        let history = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .history)).history)
        XCTAssertEqual(history.first { $0.album.title == "Long Player" }?.plays, 1,
                       "a track picked in the album playing is not a second play")
        XCTAssertEqual(daemon.stop(), 0)
        let expected = try reference(["Long Player/02.mp3", "Long Player/03.mp3", "Encore/01.mp3"])
        let captured = try AudioFixtures.readRaw(daemon.capture)
        // Whatever of track 1 played before the pause comes first; the rest is exact.
        XCTAssertGreaterThanOrEqual(captured.count, expected.count)
        // Started from a pause, the player fades in over its first few milliseconds (the
        // declick), so the first 50 ms of track 2 are left out of the comparison.
        let declick = 4_410
        XCTAssertTrue(captured.suffix(expected.count).dropFirst(declick).elementsEqual(expected.dropFirst(declick)),
                      "track 2, track 3, then the crate's next album")
    }
}
