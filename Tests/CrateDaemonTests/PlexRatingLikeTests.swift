import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// A Plex album rated 4 or 5 stars (8–10 of the server's 10) is liked on the box: in
/// the Favorites crate, with a heart on the panel, and the like button takes it back.
/// Taking it back is the box's own word: nothing goes to the server, and a new sync or
/// a restart leaves it taken back.
final class PlexRatingLikeTests: PlexTestCase {
    let display = "[display]\nwidth = 320\nheight = 240\n"

    func favorites(_ daemon: DaemonProcess) throws -> [String] {
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, favorites: true)).crate)
        return crate.items.map(\.album.title)
    }

    func albumID(_ daemon: DaemonProcess, _ title: String) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }?.id)
    }

    func heart(_ daemon: DaemonProcess) throws -> Bool {
        panelShowsMark(.liked, at: { $0.nowPlaying.opinionMark }, in: try snapshot(daemon))
    }

    func rateRequests() throws -> [[String: Any]] {
        try plex.log().filter { ($0["path"] as? String)?.hasPrefix("/:/rate") ?? false }
    }

    func testFourAndFiveStarsAreLikesAndAnUnlikeOnTheBoxOverridesThemForGood() throws {
        // Tracks long enough that the album still plays when the like button is pressed.
        try LibraryFixture(root: music, seconds: 6).add("Served", [.init(file: "01.mp3", title: "T1")])
        let file = music + "/Served/01.mp3"
        // Blue Train five stars, Album 1 three (no like), Album 2 four.
        let rated: [(String, String, Double)] = [("Blue Train", "John Coltrane", 10), ("Album 1", "Band 1", 6),
                                                 ("Album 2", "Band 2", 8)]
        try plex.load(rated.enumerated().map { n, album in
            var served = PlexFixture.Album(ratingKey: 10 + n, title: album.0, artist: album.1, genres: ["Jazz"],
                                           tracks: [("One", file), ("Two", file)])
            served.userRating = album.2
            return served
        })
        var daemon = try self.daemon(display)
        _ = try signInAndSync(daemon)
        XCTAssertEqual(Set(try favorites(daemon)), ["Blue Train", "Album 2"], "four and five stars are likes")

        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "Blue Train")))
        try daemon.waitFor("Blue Train playing", timeout: 30) { $0.state == .playing }
        XCTAssertTrue(try heart(daemon), "a heart on a five-star album")
        XCTAssertEqual(try daemon.status().album?.opinion, .liked, "status says it is liked")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .nowPlaying)).nowPlaying?.opinion, .liked)
        let blueTrain = try albumID(daemon, "Blue Train")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .album, album: blueTrain)).album?.opinion, .liked)
        let album1 = try albumID(daemon, "Album 1")
        XCTAssertNil(try request(daemon, ControlRequest(cmd: .album, album: album1)).album?.opinion, "three stars: no like")
        let status = try AdminProcess.run(["status", "--socket", daemon.socket])
        XCTAssertTrue(status.out.contains("John Coltrane — Blue Train (") && status.out.contains(", liked"), status.out)

        let press = try request(daemon, ControlRequest(cmd: .input, gesture: "press", control: "like"))
        XCTAssertEqual(press.input?.last?.action, "like removed: John Coltrane — Blue Train",
                       "the like button's state is the server's like")
        XCTAssertFalse(try heart(daemon), "the heart is gone")
        XCTAssertNil(try daemon.status().album?.opinion)
        XCTAssertEqual(try favorites(daemon), ["Album 2"])

        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        _ = try waitFor("the second sync", daemon) { !$0.syncing && $0.lastSync != nil }
        XCTAssertEqual(try favorites(daemon), ["Album 2"], "a sync does not bring the like back")
        XCTAssertEqual(daemon.stop(), 0)

        daemon = try self.daemon(display)
        _ = try waitFor("the sync at start", daemon) { $0.auth == .signedIn && !$0.syncing && $0.lastSync != nil }
        XCTAssertEqual(try favorites(daemon), ["Album 2"], "nor does a restart")
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "Blue Train")))
        try daemon.waitFor("Blue Train playing", timeout: 30) { $0.state == .playing }
        XCTAssertFalse(try heart(daemon), "no heart after the restart")
        XCTAssertEqual(try rateRequests().count, 0, "taking a server's like back writes nothing to it")

        // Liking it again on the box is a like like any other.
        let again = try request(daemon, ControlRequest(cmd: .input, gesture: "press", control: "like"))
        XCTAssertEqual(again.input?.last?.action, "liked John Coltrane — Blue Train")
        XCTAssertTrue(try heart(daemon))
        XCTAssertEqual(try favorites(daemon).first, "Blue Train", "the newest like first")
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// A dislike undone with the like button puts back what the server had: its four
    /// stars, its three, or no rating at all.
    func testUndoingADislikePutsBackTheServersRating() throws {
        try LibraryFixture(root: music, seconds: 6).add("Served", [.init(file: "01.mp3", title: "T1")])
        let file = music + "/Served/01.mp3"
        let rated: [(String, String, Double?)] = [("Blue Train", "John Coltrane", 8), ("Album 1", "Band 1", 6),
                                                  ("Album 2", "Band 2", nil)]
        try plex.load(rated.enumerated().map { n, album in
            var served = PlexFixture.Album(ratingKey: 10 + n, title: album.0, artist: album.1, genres: ["Jazz"],
                                           tracks: [("One", file), ("Two", file)])
            served.userRating = album.2
            return served
        })
        let daemon = try self.daemon(display)
        _ = try signInAndSync(daemon)
        for (title, artist, _) in rated {
            _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, title)))
            try daemon.waitFor("\(title) playing", timeout: 30) { $0.state == .playing }
            let hold = try request(daemon, ControlRequest(cmd: .input, gesture: "long", control: "like"))
            XCTAssertEqual(hold.input?.last?.action, "disliked \(artist) — \(title)")
            let press = try request(daemon, ControlRequest(cmd: .input, gesture: "press", control: "like"))
            XCTAssertEqual(press.input?.last?.action, "dislike undone: \(artist) — \(title)")
        }
        // Written in order: once the last is there, everything before it is too.
        let deadline = Date().addingTimeInterval(20)
        while try rateRequests().count < 7 && Date() < deadline { usleep(100_000) }
        let ratings = try rateRequests().compactMap { ($0["query"] as? [String: String])?["rating"] }
        XCTAssertEqual(ratings, ["2", "10", "8", "2", "6", "2", "-1"],
                       "each dislike (2), then what was there: four stars (a like, then its 8), 6, none")
        XCTAssertEqual(Set(try favorites(daemon)), ["Blue Train"], "the four-star album is liked again")
    }
}
