import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Plex albums' covers on the panel, end to end: fetched from the stand-in's photo
/// transcoder in the background, drawn on browse and now-playing, kept on disk for the
/// next view, the next start and a server that is gone; a bad answer leaves the
/// placeholder, logged and in `status`.
final class PlexCoverTests: PlexTestCase {
    static let red: UInt32 = 0xC8_3C28
    static let blue: UInt32 = 0x28_50C8
    static let green: UInt32 = 0x3C_B450
    static let yellow: UInt32 = 0xD2_B428
    let displayConfig = "[display]\nwidth = 320\nheight = 240\n"

    /// One album per colour, two 8-second tracks each (long enough to look at).
    func coverLibrary(_ colors: [UInt32]) throws -> [PlexFixture.Album] {
        try LibraryFixture(root: music, seconds: 8).add("Served", (1...2).map { .init(file: "0\($0).mp3", title: "T\($0)") })
        let mp3 = [music + "/Served/01.mp3", music + "/Served/02.mp3"]
        return colors.enumerated().map { n, color in
            PlexFixture.Album(ratingKey: 10 + n, title: "Album \(n)", artist: "Band \(n)", genres: ["Rock"],
                              tracks: [("One", mp3[0]), ("Two", mp3[1])], cover: color)
        }
    }

    /// The pixel at the centre of the screen's cover (`browse`: the album under the knob).
    func coverCentre(_ image: RGBImage, screen: String) -> UInt32 {
        let layout = ScreenLayout(width: image.width, height: image.height, library: FontLibrary())
        let art = screen == "browse" ? layout.browse.currentArt : layout.nowPlaying.art
        return image[art.x + art.width / 2, art.y + art.height / 2]
    }

    static func near(_ a: UInt32, _ b: UInt32, tolerance: Int = 12) -> Bool {
        [16, 8, 0].allSatisfy { (shift: UInt32) in abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)) <= tolerance }
    }

    /// Waits until `screen` shows `color` as its cover (fetches run in the background).
    func waitForCover(_ daemon: DaemonProcess, _ color: UInt32, on screen: String, timeout: Double = 15) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last: UInt32 = 0, shown: String?
        while Date() < deadline {
            let image = try snapshot(daemon)
            shown = try daemon.status().display?.screen
            last = coverCentre(image, screen: screen)
            if shown == screen && Self.near(last, color) { return }
            usleep(50_000)
        }
        XCTFail("\(screen): the cover's centre is \(String(last, radix: 16)) on \(shown ?? "?"), not \(String(color, radix: 16))")
    }

    func album(_ daemon: DaemonProcess, _ title: String) throws -> AlbumSummary {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }, title)
    }

    func play(_ daemon: DaemonProcess, _ title: String) throws {
        _ = try request(daemon, ControlRequest(cmd: .play, album: try album(daemon, title).id))
        _ = try daemon.waitFor("playing", timeout: 30) { $0.state == .playing }
    }

    func testAPlexAlbumsCoverIsOnThePanelWhileBrowsingAndPlayingFetchedOnce() throws {
        try plex.load(try coverLibrary([Self.red]))
        let daemon = try self.daemon(displayConfig)
        _ = try signInAndSync(daemon)

        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
        XCTAssertEqual(crate.items.map(\.album.title), ["Album 0"])
        _ = try request(daemon, ControlRequest(cmd: .input, gesture: "turn", control: "knob", detents: 1))
        try waitForCover(daemon, Self.red, on: "browse")
        let requests = try plex.coverRequests()
        XCTAssertEqual(requests.count, 1)
        let query = try XCTUnwrap(requests.first?["query"] as? [String: String])
        XCTAssertEqual(query["url"], "/library/metadata/10/thumb/1700000000", "the album's thumb")
        XCTAssertEqual(query["width"], "240", "the panel's size (its shorter side)")
        XCTAssertEqual(query["height"], "240")
        XCTAssertEqual(query["minSize"], "1")
        XCTAssertEqual(query["upscale"], "1")

        try play(daemon, "Album 0")
        try waitForCover(daemon, Self.red, on: "now-playing")
        XCTAssertEqual(try plex.coverRequests().count, 1, "the second view comes from the cache")
        let covers = try XCTUnwrap(try daemon.status().artwork)
        XCTAssertEqual(covers.fetched, 1)
        XCTAssertEqual(covers.fetchFailures, 0)
        XCTAssertGreaterThanOrEqual(covers.files, 2, "the fetched picture and its scaled sizes")
        XCTAssertEqual(covers.capBytes, 64 << 20)
        XCTAssertNil(covers.lastError)
    }

    func testACachedCoverOutlivesARestartWithTheServerGone() throws {
        try plex.load(try coverLibrary([Self.blue]))
        let first = try self.daemon(displayConfig)
        _ = try signInAndSync(first)
        try play(first, "Album 0")
        try waitForCover(first, Self.blue, on: "now-playing")
        // The album itself must be downloaded to play without the server.
        let deadline = Date().addingTimeInterval(20)
        while try request(first, ControlRequest(cmd: .downloads)).downloads?.files ?? 0 < 2 {
            guard Date() < deadline else { throw FixtureError("the album was not downloaded") }
            usleep(100_000)
        }
        XCTAssertEqual(first.stop(), 0)

        try plex.mode(["down": true])
        let second = try self.daemon(displayConfig)
        try play(second, "Album 0")
        try waitForCover(second, Self.blue, on: "now-playing")
        XCTAssertEqual(try plex.coverRequests().count, 1, "not fetched again: from the disk cache")
        XCTAssertNil(try second.status().artwork?.lastError)
    }

    /// An HTML page, a broken picture, a refused token and a server that does not answer in time.
    func testAnAnswerThatIsNotACoverLeavesThePlaceholderLoggedAndInStatus() throws {
        let colors = [Self.red, Self.blue, Self.green, Self.yellow]
        try plex.load(try coverLibrary(colors))
        let daemon = try self.daemon(displayConfig)
        _ = try signInAndSync(daemon)
        let cases: [(mode: [String: Any], says: String)] = [
            (["cover": "html"], "text/html"), (["cover": "garbage"], "not a usable picture"),
            (["cover": "unauthorized"], "401"), (["cover_slow": 7], "timed out"),
        ]
        for (n, (mode, says)) in cases.enumerated() {
            try plex.mode(mode)
            try play(daemon, "Album \(n)")
            let deadline = Date().addingTimeInterval(15)
            var warning: String?
            while warning == nil && Date() < deadline {
                _ = try snapshot(daemon)  // the screen asks, fails, and reports
                warning = try daemon.status().warnings.first { $0.hasPrefix("covers: ") && $0.contains(says) }
                usleep(100_000)
            }
            let warnings = try daemon.status().warnings
            XCTAssertNotNil(warning, "\(mode): \(warnings)")
            XCTAssertTrue(warning?.contains("Band \(n) — Album \(n): ") == true, "the album is named: \(warning ?? "")")
            XCTAssertFalse(warning?.contains("plex-fixture-machine") == true, "not by its internal key: \(warning ?? "")")
            let image = try snapshot(daemon)
            XCTAssertFalse(Self.near(coverCentre(image, screen: "now-playing"), colors[n]),
                           "\(mode): the placeholder, not a cover")
            XCTAssertTrue(daemon.log.contains("no cover for Band \(n) — Album \(n)"), "\(mode): logged")
        }
        let covers = try XCTUnwrap(try daemon.status().artwork)
        XCTAssertEqual(covers.fetchFailures, 4)
        XCTAssertEqual(covers.fetched, 0)
        XCTAssertEqual(try plex.coverRequests().count, 4, "one try each; the next waits for the retry")
    }

    /// The `cover` command (crate-web's covers): asked while the picture is on its way, the
    /// answer says so at once; then it is the server's cover at the asked side, fetched once
    /// at the large size and scaled for both. With the server gone, a cached cover is still
    /// answered and one never fetched is refused with why (the page's placeholder).
    func coverReply(_ daemon: DaemonProcess, _ album: Int64, _ size: CoverSize) throws -> ControlReply {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let client = try daemon.connect()
            defer { client.close() }
            let reply = try client.request(ControlRequest(cmd: .cover, album: album, size: size), timeout: 10)
            guard reply.pending == true else { return reply }
            XCTAssertFalse(reply.ok, "pending is not an answer")
            guard Date() < deadline else { throw FixtureError("album \(album)'s cover stayed pending") }
            usleep(50_000)
        }
    }

    func testThePageGetsAPlexAlbumsCoverFromItsServerAtTheAskedSideCachedAndSaysWhenItCannot() throws {
        try plex.load(try coverLibrary([Self.red, Self.blue]))
        let daemon = try self.daemon(displayConfig)
        _ = try signInAndSync(daemon)
        let red = try album(daemon, "Album 0").id, blue = try album(daemon, "Album 1").id

        // A slow server: the first ask is answered at once, without the picture.
        try plex.mode(["cover_slow": 2])
        let first = try request(daemon, ControlRequest(cmd: .cover, album: red, size: .thumb), ok: false)
        XCTAssertEqual(first.pending, true, first.error ?? "")
        XCTAssertNil(first.cover)
        XCTAssertTrue(try request(daemon, ControlRequest(cmd: .ping)).ok, "the socket answers while it is fetched")
        try plex.mode([:])
        for (size, side) in [(CoverSize.thumb, 320), (.large, 800)] {
            let reply = try coverReply(daemon, red, size)
            XCTAssertTrue(reply.ok, reply.error ?? "")
            let bytes = [UInt8](try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(reply.cover).data)))
            XCTAssertEqual(reply.cover?.format, "jpg")
            let decoded = try ArtworkDecoder.decodeWithDetails(bytes, fitting: ArtworkBox(width: side, height: side))
            XCTAssertEqual(decoded.sourceWidth, side, "\(size)")
            XCTAssertEqual(decoded.sourceHeight, side, "\(size)")
            XCTAssertTrue(Self.near(decoded.image[side / 2, side / 2], Self.red), "\(size): the server's cover")
        }
        let requests = try plex.coverRequests()
        XCTAssertEqual(requests.count, 1, "fetched once, both sizes scaled from it")
        let query = try XCTUnwrap(requests.first?["query"] as? [String: String])
        XCTAssertEqual(query["url"], "/library/metadata/10/thumb/1700000000")
        XCTAssertEqual(query["width"], "800", "the largest size the page shows")

        try plex.mode(["down": true])
        XCTAssertTrue(try coverReply(daemon, red, .thumb).ok, "the cached copy, with the server gone")
        let missing = try coverReply(daemon, blue, .thumb)
        XCTAssertFalse(missing.ok)
        XCTAssertNil(missing.cover)
        let error = try XCTUnwrap(missing.error)
        XCTAssertTrue(error.hasPrefix("album \(blue)'s cover "), error)
        XCTAssertTrue(error.contains("cannot be shown: cannot fetch the cover"), error)
        // Tried (the HTTP client may send it again on a fresh connection once the kept one is closed)...
        let tried = try plex.coverRequests().count
        XCTAssertGreaterThan(tried, 1, "the second album was asked for")
        XCTAssertEqual(try coverReply(daemon, blue, .thumb).error, error, "asked again: the same answer")
        XCTAssertEqual(try plex.coverRequests().count, tried, "...and the failure waits for its retry: the server is not hammered")
    }
}
