import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The seed rules on a running crated (issue 25): what `next` on an album's last track
/// and the knob's first click do, through crate-admin's requests and the box's controls.
final class SeedRulesDaemonTests: KnobTestCase {
    /// Three albums by one artist, oldest first (the artist crate's order), two tracks each.
    func makeLibrary(seconds: Double = 4) throws {
        let lib = LibraryFixture(root: music, seconds: seconds)
        for (index, album) in ["First", "Second", "Third"].enumerated() {
            try lib.add("Solo/\(album)", (1...2).map {
                .init(file: "0\($0).mp3", title: "\(album)\($0)", artist: "Solo", album: album, track: "\($0)/2",
                      year: 2000 + index)
            })
        }
    }

    /// A daemon on the library, the artist crate made, First loaded and paused.
    func pausedOnFirst() throws -> DaemonProcess {
        try makeLibrary()
        let daemon = try scannedDaemon()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        _ = try request(daemon, ControlRequest(cmd: .pause))
        try daemon.waitFor("paused") { $0.state == .paused }
        return daemon
    }

    func playing(_ album: String) -> (PlayerStatus) -> Bool {
        { $0.state == .playing && ($0.currentTrack?.path.contains("/\(album)/") ?? false) }
    }

    /// `next` on the last track goes on to the album auto-advance would have played, from
    /// crate-admin and from the box's next button alike; the album skipped out of is not
    /// heard to its end.
    func testNextOnAnAlbumsLastTrackGoesOnToTheNextAlbum() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        try daemon.waitFor("First playing") { $0.state == .playing && $0.position > 0.2 }
        _ = try request(daemon, ControlRequest(cmd: .next))
        try daemon.waitFor("First's last track") { $0.currentIndex == 1 && $0.position > 0.2 }
        _ = try request(daemon, ControlRequest(cmd: .next))
        try daemon.waitFor("Second after next on First's last track", playing("Second"))
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .queue)).queue?.current?.title, "Second")

        XCTAssertEqual(try input(daemon, "press", "next"), "next track")
        try daemon.waitFor("Second's last track") { $0.state == .playing && $0.currentTrack?.path.hasSuffix("Second/02.mp3") == true }
        XCTAssertEqual(try input(daemon, "press", "next"), "next track")
        try daemon.waitFor("Third after the next button on Second's last track", playing("Third"))
        let history = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .history)).history)
        XCTAssertEqual(history.first { $0.album.title == "First" }?.completedPlays, 0, "skipped, not heard to the end")
    }

    /// The first click of the knob shows the crate's first album, on a fresh box and
    /// after a restart; a click back from there goes round to its last.
    func testTheKnobsFirstClickShowsTheCratesFirstAlbum() throws {
        try makeLibrary()
        var daemon = try scannedDaemon()
        var items = try crate(daemon).items
        XCTAssertEqual(try input(daemon, "turn", "knob", 1),
                       "browse 1/\(items.count): \(items[0].album.artist) — \(items[0].album.title)")
        XCTAssertEqual(daemon.stop(), 0)

        daemon = try scannedDaemon()
        items = try crate(daemon).items
        XCTAssertEqual(try input(daemon, "turn", "knob", 1),
                       "browse 1/\(items.count): \(items[0].album.artist) — \(items[0].album.title)", "after a restart")
        XCTAssertEqual(try input(daemon, "turn", "knob", 1),
                       "browse 2/\(items.count): \(items[1].album.artist) — \(items[1].album.title)")
    }

    /// `crate-admin status` names the album playing, its artist and the crate it came
    /// from, not only its folder; an album queued by hand says so.
    func testStatusNamesTheAlbumItsArtistAndItsCrate() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        func albumLine() throws -> String? {
            let text = try AdminProcess.run(["status", "--socket", daemon.socket]).out
            return text.split(separator: "\n").first { $0.hasPrefix("album:") }
                .map { String($0.dropFirst(6).drop { $0 == " " }) }
        }
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        XCTAssertEqual(try input(daemon, "turn", "knob", 2), "browse 2/3: Solo — Second")
        XCTAssertEqual(try input(daemon, "press", "knob"), "play Solo — Second")
        try daemon.waitFor("Second playing", playing("Second"))
        XCTAssertEqual(try albumLine(), "Solo — Second (from the crate More by Solo)")

        _ = try request(daemon, ControlRequest(cmd: .queueNext, album: try albumID(daemon, "First")))
        _ = try request(daemon, ControlRequest(cmd: .nextAlbum))
        try daemon.waitFor("First playing", playing("First"))
        XCTAssertEqual(try albumLine(), "Solo — First (queued by hand)")
    }

    /// The track list shows each track's length beside its title, and the album's length
    /// in its heading (issue 25, item 9).
    func testTheTrackListShowsTheTracksAndTheAlbumsLengths() throws {
        let daemon = try pausedOnFirst()
        XCTAssertEqual(try input(daemon, "press", "knob"), "track 1/2: First1")
        XCTAssertTrue(try listHeading("First · 0:08", rows: 2, daemon), "the album's length in the heading")
        let image = try snapshot(daemon)
        // The second row is not under the knob: text on the background, its length at its end.
        // First is paused: the list is laid out above the now-playing footer.
        let row: (ScreenLayout) -> Rect = { ($0.abovePlayingFooter ?? $0).dial(count: 2).rows[1].name }
        XCTAssertTrue(panelShows("2. First2", in: image, box: { ListScreen.split(row($0), detail: "0:04", font: $0.fonts.body).name },
                                 font: { $0.body }, color: { $0.text }), "the title")
        XCTAssertTrue(panelShows("0:04", in: image, box: { ListScreen.split(row($0), detail: "0:04", font: $0.fonts.body).detail },
                                 font: { $0.body }, color: { $0.text }, alignment: .trailing), "the track's length")
    }

    /// Dial mode shows what each position means under its name (issue 25, item 9).
    func testTheDialDescribesEachPosition() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        XCTAssertEqual(try input(daemon, "long", "knob"), "dial: Mixed Crate? (press to confirm)")
        let image = try snapshot(daemon)
        XCTAssertEqual(try daemon.status().display?.screen, "dial")
        // My Crate is not under the knob: its name, and its line in small secondary text.
        let row: (ScreenLayout) -> DialLayout.Row = { $0.dial(count: 5).rows[0] }
        XCTAssertGreaterThan(row(ScreenLayout(width: 320, height: 240, library: FontLibrary())).description.height, 0)
        XCTAssertTrue(panelShows("My Crate", in: image, box: { row($0).describedName }, font: { $0.body }, color: { $0.text }))
        XCTAssertTrue(panelShows("Your most played and liked", in: image, box: { row($0).description },
                                 font: { $0.small }, color: { $0.secondaryText }))
    }

    /// The now-playing screen says which album comes next (issue 25, item 9).
    func testNowPlayingSaysWhichAlbumComesNext() throws {
        let daemon = try pausedOnFirst()
        XCTAssertGreaterThan(ScreenLayout(width: 320, height: 240, library: FontLibrary()).nowPlaying.upNext.height, 0)
        XCTAssertTrue(panelShows("Next: Solo — Second", in: try snapshot(daemon), box: { $0.nowPlaying.upNext },
                                 font: { $0.small }, color: { $0.secondaryText }))
    }

    /// `play --album N --paused` loads the album paused at its start (or at `--track`):
    /// nothing is heard until toggle, which plays it from there.
    func testPlayPausedLoadsTheAlbumPausedAndTogglePlaysIt() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        let second = try albumID(daemon, "Second")
        let run = try AdminProcess.run(["play", "--album", "\(second)", "--track", "2", "--paused", "--socket", daemon.socket])
        XCTAssertEqual(run.code, 0, run.err)
        let paused = try daemon.waitFor("Second paused") { $0.state == .paused }
        XCTAssertEqual(paused.currentTrack?.path.hasSuffix("Second/02.mp3"), true, "\(paused)")
        XCTAssertEqual(paused.position, 0, accuracy: 0.05)
        usleep(300_000)
        XCTAssertEqual(try daemon.status().player.state, .paused, "nothing plays until toggle")
        _ = try request(daemon, ControlRequest(cmd: .toggle))
        try daemon.waitFor("Second playing from track 2") {
            $0.state == .playing && $0.currentTrack?.path.hasSuffix("Second/02.mp3") == true
        }
        let refused = try AdminProcess.run(["play", "--paused", "/tmp/x.mp3", "--socket", daemon.socket])
        XCTAssertNotEqual(refused.code, 0)
        XCTAssertTrue(refused.err.contains("--paused needs --album"), refused.err)
    }
}
