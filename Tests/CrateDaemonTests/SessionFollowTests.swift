import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// What follows what, and what counts as heard, as a listener meets them on the box:
/// a hand-queued album between crate albums, `stop` and a last dislike, `previous` back
/// over an album join, the CDs wallet's order.
final class SessionFollowTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "follow") }
    override func tearDown() { dir?.remove() }

    /// Solo's First and Second (two tracks each), Other's Third (one track).
    func makeLibrary(seconds: Double) throws {
        let lib = LibraryFixture(root: music, seconds: seconds)
        for (index, album) in ["First", "Second"].enumerated() {
            try lib.add("Solo/\(album)", (1...2).map {
                .init(file: "0\($0).mp3", title: "\(album.prefix(1))\($0)", artist: "Solo", album: album,
                      track: "\($0)/2", year: 2000 + index, genre: "Jazz")
            })
        }
        try lib.add("Other/Third", [.init(file: "01.mp3", title: "T1", artist: "Other", album: "Third", genre: "Rock")])
    }

    func scannedDaemon(_ extraConfig: String = "") throws -> DaemonProcess {
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: extraConfig)
        try daemon.waitForStartupScan()
        return daemon
    }

    func albumID(_ daemon: DaemonProcess, _ title: String) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }?.id)
    }

    func albumFolders(_ status: PlayerStatus) -> [String] {
        status.tracks.map { $0.path.split(separator: "/").dropLast().last.map(String.init) ?? "" }
    }

    /// The knob picks First; Third is queued by hand; after Third the crate goes on after
    /// First (Second), not from the knob's cursor (First again).
    func testAfterAHandQueuedAlbumTheCrateGoesOnFromWhereItWas() throws {
        // Long enough that the play head is in Third before Third is all decoded.
        try makeLibrary(seconds: 3)
        let daemon = try scannedDaemon()
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, artist: "Solo")).crate)
        XCTAssertEqual(crate.items.map(\.album.title), ["First", "Second"])
        _ = try request(daemon, ControlRequest(cmd: .queueAdd, album: try albumID(daemon, "Third")))
        let pressed = try request(daemon, ControlRequest(cmd: .input, gesture: "press", control: "play"))
        XCTAssertEqual(pressed.input?.last?.action, "play album \(try albumID(daemon, "First"))")
        let end = try daemon.waitFor("the albums played", timeout: 30) { $0.state == .idle && $0.tracks.count >= 5 }
        XCTAssertEqual(albumFolders(end), ["First", "First", "Third", "Second", "Second"], "no album twice")
    }

    /// `stop` mid-album, and a dislike of the last album left: neither was heard to its end.
    func testStopAndALastDislikeAreNotCountedAsHeardToTheEnd() throws {
        try makeLibrary(seconds: 2)
        let daemon = try scannedDaemon()
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        try daemon.waitFor("First playing") { $0.state == .playing && $0.position > 0.2 }
        _ = try request(daemon, ControlRequest(cmd: .stop))
        try daemon.waitFor("stopped") { $0.state == .idle }

        // Third is alone in its crate: disliking it leaves nothing to play.
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Other"))
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "Third")))
        try daemon.waitFor("Third playing") { $0.state == .playing && $0.position > 0.2 }
        _ = try request(daemon, ControlRequest(cmd: .dislike))
        try daemon.waitFor("nothing left") { $0.state == .idle }
        // Written on the events thread after the state changes: waited for, not slept on.
        var history = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .history)).history)
        let deadline = Date().addingTimeInterval(10)
        while history.count < 2 && Date() < deadline {
            usleep(20_000)
            history = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .history)).history)
        }
        XCTAssertEqual(Set(history.map(\.album.title)), ["First", "Third"])
        XCTAssertEqual(history.map(\.completedPlays), [0, 0], "\(history)")
    }

    /// Auto-advance into Second, then `previous` back to First's last track: the album
    /// playing, the display's and the like button's, is First again.
    func testPreviousBackOverAnAlbumJoinMakesThatAlbumCurrentAgain() throws {
        try makeLibrary(seconds: 4)
        let daemon = try scannedDaemon()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        _ = try request(daemon, ControlRequest(cmd: .next))
        try daemon.waitFor("Second under way", timeout: 20) { $0.currentIndex == 2 && $0.position > 0.2 }
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .nowPlaying)).nowPlaying?.album, "Second")
        _ = try request(daemon, ControlRequest(cmd: .input, gesture: "press", control: "prev"))
        try daemon.waitFor("First's last track again") { $0.currentIndex == 1 }
        let now = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .nowPlaying)).nowPlaying)
        XCTAssertEqual(now.album, "First")
        XCTAssertEqual(now.trackNumber, 2)
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .queue)).queue?.current?.title, "First")
        let liked = try request(daemon, ControlRequest(cmd: .input, gesture: "press", control: "like"))
        XCTAssertEqual(liked.input?.last?.action, "liked Solo — First")
    }

    /// Titles sort with their articles: "A Love Supreme" before "Ballads".
    func testTheWalletSortsTitlesWithTheirLeadingArticle() throws {
        let lib = LibraryFixture(root: music, seconds: 0.2)
        for title in ["Ballads", "A Love Supreme", "Crescent"] {
            try lib.add("Coltrane/\(title)", [.init(file: "01.mp3", title: "x", artist: "John Coltrane", album: title)])
        }
        let wallet = dir.path + "/wallet.txt"
        try "John Coltrane - Crescent\nJohn Coltrane - Ballads\nJohn Coltrane - A Love Supreme\n"
            .write(toFile: wallet, atomically: true, encoding: .utf8)
        let daemon = try scannedDaemon("[crate]\nwallet = \"\(wallet)\"")
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, wallet: true)).crate)
        XCTAssertEqual(crate.items.map(\.album.title), ["A Love Supreme", "Ballads", "Crescent"])
    }
}
