import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Likes and dislikes from the box: the like button's gestures, and the badge the panel
/// draws on a liked or disliked album's cover (now-playing and browse).
final class OpinionDaemonTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "opinion") }
    override func tearDown() { dir?.remove() }

    func input(_ daemon: DaemonProcess, _ gesture: String, _ control: String, _ detents: Int? = nil) throws -> String? {
        try request(daemon, ControlRequest(cmd: .input, gesture: gesture, control: control, detents: detents)).input?.last?.action
    }

    func startDaemon() throws -> DaemonProcess {
        let lib = LibraryFixture(root: music, seconds: 4)
        for (index, album) in ["First", "Second"].enumerated() {
            try lib.add("Solo/\(album)", (1...2).map {
                .init(file: "0\($0).mp3", title: "\(album)\($0)", artist: "Solo", album: album, track: "\($0)/2",
                      year: 2000 + index)
            })
        }
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: "[display]\nwidth = 320\nheight = 240")
        try daemon.waitForStartupScan()
        return daemon
    }

    func albumID(_ daemon: DaemonProcess, _ title: String) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }?.id)
    }

    func opinion(_ daemon: DaemonProcess, _ title: String) throws -> AlbumOpinion? {
        try request(daemon, ControlRequest(cmd: .history)).history?.first { $0.album.title == title }?.opinion
    }

    func testTheLikeButtonLikesTakesTheLikeBackAndUndoesADislike() throws {
        let daemon = try startDaemon()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        try daemon.waitFor("First playing") { $0.state == .playing && $0.position > 0.2 }
        let nowPlaying: (ScreenLayout) -> Rect = { $0.nowPlaying.opinionMark }
        XCTAssertFalse(panelShowsMark(.liked, at: nowPlaying, in: try snapshot(daemon)))

        XCTAssertEqual(try input(daemon, "press", "like"), "liked Solo — First")
        XCTAssertEqual(try opinion(daemon, "First"), .liked)
        XCTAssertTrue(panelShowsMark(.liked, at: nowPlaying, in: try snapshot(daemon)), "a heart on the cover")

        XCTAssertEqual(try input(daemon, "press", "like"), "like removed: Solo — First")
        XCTAssertEqual(try opinion(daemon, "First"), AlbumOpinion.none)
        XCTAssertFalse(panelShowsMark(.liked, at: nowPlaying, in: try snapshot(daemon)), "the heart is gone")

        XCTAssertEqual(try input(daemon, "long", "like"), "disliked Solo — First")
        try daemon.waitFor("Second playing") { $0.currentTrack?.path.contains("/Second/") ?? false }
        XCTAssertEqual(try input(daemon, "press", "like"), "dislike undone: Solo — First")
        XCTAssertEqual(try opinion(daemon, "First"), AlbumOpinion.none)
        // The next press is about the album playing again.
        XCTAssertEqual(try input(daemon, "press", "like"), "liked Solo — Second")

        // Browse: the album under the knob wears its badge too.
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        XCTAssertEqual(try input(daemon, "turn", "knob", -1), "browse 1/2: Solo — First", "back from Second, playing")
        // Something plays: the browse screen is laid out above the now-playing footer.
        let browse: (ScreenLayout) -> Rect = { ($0.abovePlayingFooter ?? $0).browse.opinionMark }
        XCTAssertFalse(panelShowsMark(.liked, at: browse, in: try snapshot(daemon)))
        XCTAssertEqual(try daemon.status().display?.screen, "browse", "as the snapshot was drawn")
        XCTAssertEqual(try input(daemon, "turn", "knob", 1), "browse 2/2: Solo — Second")
        XCTAssertTrue(panelShowsMark(.liked, at: browse, in: try snapshot(daemon)), "Second is liked")
    }

    /// In the track list and in browse, like and dislike are about the album in view, with
    /// or without playback: the screen stays on it and shows the mark, and a dislike takes
    /// it out of the crate at once.
    func testLikeAndDislikeActOnTheAlbumInView() throws {
        let daemon = try startDaemon()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        try daemon.waitFor("First playing") { $0.state == .playing && $0.position > 0.2 }
        XCTAssertEqual(try input(daemon, "press", "knob"), "track 1/2: First1")
        XCTAssertEqual(try input(daemon, "press", "like"), "liked Solo — First")
        XCTAssertEqual(try opinion(daemon, "First"), .liked)
        XCTAssertEqual(try daemon.status().controls?.mode, .tracks, "still in the track list")
        _ = try input(daemon, "long", "knob")

        // Browse while First plays: the album under the knob, not the one playing.
        XCTAssertEqual(try input(daemon, "turn", "knob", 1), "browse 2/2: Solo — Second")
        XCTAssertEqual(try input(daemon, "press", "like"), "liked Solo — Second")
        // Something plays: the browse screen is laid out above the now-playing footer.
        let browse: (ScreenLayout) -> Rect = { ($0.abovePlayingFooter ?? $0).browse.opinionMark }
        XCTAssertTrue(panelShowsMark(.liked, at: browse, in: try snapshot(daemon)), "the heart on the album in view")
        XCTAssertEqual(try daemon.status().display?.screen, "browse", "still browsing")
        XCTAssertTrue(try daemon.status().player.currentTrack?.path.contains("/First/") ?? false, "First plays on")

        // Nothing playing: a dislike takes the album in view out of the crate at once.
        _ = try request(daemon, ControlRequest(cmd: .stop))
        try daemon.waitFor("stopped") { $0.state == .idle }
        XCTAssertEqual(try input(daemon, "long", "like"), "disliked Solo — Second")
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
        XCTAssertEqual(crate.items.map(\.album.title), ["First"], "out of the crate at once")
        XCTAssertEqual(try daemon.status().player.state, .idle, "nothing started")
        let favorites = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, favorites: true)).crate)
        XCTAssertEqual(favorites.items.map(\.album.title), ["First"], "Second's like gave way to the dislike")
    }

    func testADislikedAlbumPlayedByHandWearsACross() throws {
        let daemon = try startDaemon()
        let first = try albumID(daemon, "First")
        _ = try request(daemon, ControlRequest(cmd: .dislike, album: first))
        _ = try request(daemon, ControlRequest(cmd: .play, album: first))
        try daemon.waitFor("First playing") { $0.state == .playing && $0.position > 0.2 }
        let image = try snapshot(daemon)
        XCTAssertTrue(panelShowsMark(.disliked, at: { $0.nowPlaying.opinionMark }, in: image))
        XCTAssertFalse(panelShowsMark(.liked, at: { $0.nowPlaying.opinionMark }, in: image))
    }
}
