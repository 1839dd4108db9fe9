import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Crates that stay fresh and never run out, on the running daemon: the Wall blended anew
/// at each start and each genre entered, a crate that grows at its end with albums not yet
/// offered, auto-advance past an album that cannot play, dislikes out of every crate.
final class CrateFreshnessTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "fresh") }
    override func tearDown() { dir?.remove() }

    static let jazzStyles = ["Bebop", "Cool Jazz", "Hard Bop", "Modal Jazz"]

    /// `count` one-track albums under `root`: the first `jazz` in four Jazz sub-genres, the rest Rock.
    func makeAlbums(root: String, count: Int, jazz: Int = 0, seconds: Double = 0.4) throws {
        let lib = LibraryFixture(root: root, seconds: seconds)
        for n in 1...count {
            let genre = n <= jazz ? Self.jazzStyles[n % 4] : "Rock"
            try lib.add("Artist \(n)/Album \(n)", [.init(file: "01.mp3", title: "Song \(n)", artist: "Artist \(n)",
                                                         album: "Album \(n)", genre: genre)])
        }
    }

    func daemon(_ roots: [String], size: Int, extra: String = "") throws -> DaemonProcess {
        try DaemonProcess(dir: dir.path, libraryPaths: roots, extraConfig: "[crate]\nsize = \(size)\n" + extra)
    }

    func albums(_ daemon: DaemonProcess) throws -> [AlbumSummary] {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums)
    }

    func scanned(_ daemon: DaemonProcess, albums count: Int) throws {
        let deadline = Date().addingTimeInterval(30)
        while try request(daemon, ControlRequest(cmd: .libraryStats)).library?.lastScan?.completed != true
                || (try albums(daemon)).count < count {
            guard Date() < deadline else { throw FixtureError("the start-up scan did not finish") }
            usleep(20_000)
        }
    }

    func crate(_ daemon: DaemonProcess, _ request: ControlRequest = ControlRequest(cmd: .crate)) throws -> CrateView {
        try XCTUnwrap(try self.request(daemon, request).crate)
    }

    func testThirtyAlbumsPlayOnPastTheCrateWithNoRepeatAndPastAnOfflineAlbum() throws {
        let main = dir.path + "/main", stick = dir.path + "/stick"
        try makeAlbums(root: main, count: 29)
        try LibraryFixture(root: stick, seconds: 0.4).add("Stick/Away", [
            .init(file: "01.mp3", title: "Away 1", artist: "Stick", album: "Away", genre: "Rock"),
        ])
        let daemon = try daemon([main, stick], size: 8)
        try scanned(daemon, albums: 30)
        let away = try XCTUnwrap(try albums(daemon).first { $0.title == "Away" }).id
        // Liked, and the only album of its artist: the favorites signal has it alone, so the
        // crate certainly holds it.
        _ = try request(daemon, ControlRequest(cmd: .like, album: away))
        let wall = try crate(daemon, ControlRequest(cmd: .dial, position: "my-crate"))
        XCTAssertEqual(wall.items.count, 8)
        XCTAssertTrue(wall.items.contains { $0.album.id == away }, "\(wall.items.map(\.album.title))")

        // The stick is pulled out: its album is offline, still in the crate.
        try FileManager.default.moveItem(atPath: stick, toPath: stick + ".gone")
        _ = try request(daemon, ControlRequest(cmd: .libraryScan))
        let deadline = Date().addingTimeInterval(20)
        while try albums(daemon).first(where: { $0.id == away })?.online != false {
            guard Date() < deadline else { throw FixtureError("the stick's album did not go offline") }
            usleep(20_000)
        }
        XCTAssertTrue(try crate(daemon).items.contains { $0.album.id == away })

        let first = try XCTUnwrap(wall.items.first { $0.album.id != away }).album.id
        _ = try request(daemon, ControlRequest(cmd: .play, album: first))
        // Every playable album, one after the other, each once: 29 is more than three crates.
        let heard = Date().addingTimeInterval(60)
        var history: [AlbumHistory] = []
        while history.count < 29 {
            guard Date() < heard else {
                throw FixtureError("auto-advance stopped after \(history.map(\.album.title)): \(try daemon.status())")
            }
            usleep(20_000)
            history = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .history)).history)
        }
        XCTAssertEqual(history.count, 29)
        XCTAssertFalse(history.contains { $0.album.id == away }, "the offline album was not played")
        XCTAssertEqual(history.filter { $0.plays > 1 }.map(\.album.title), [], "no album twice")
        let status = try daemon.status()
        XCTAssertTrue(status.skipped?.contains { $0.contains("Away") && $0.contains("offline") } ?? false,
                      "status says which album was passed over: \(status.skipped ?? [])")
        XCTAssertEqual(status.player.tracks.compactMap(\.error), [])

        let text = try AdminProcess.run(["status", "--socket", daemon.socket]).out
        XCTAssertTrue(text.contains("skipped by auto-advance"), text)
    }

    func testARestartBlendsTheWallAnewButKeepsTheQueuePausedWhereItWas() throws {
        try makeAlbums(root: music, count: 30, seconds: 3)
        var daemon = try daemon([music], size: 10)
        try scanned(daemon, albums: 30)
        let before = try crate(daemon)
        let queued = try XCTUnwrap(before.items.last).album.id
        _ = try request(daemon, ControlRequest(cmd: .play, album: before.items[0].album.id))
        _ = try request(daemon, ControlRequest(cmd: .queueAdd, album: queued))
        try daemon.waitFor("under way") { $0.state == .playing && $0.position > 0.5 }
        _ = try request(daemon, ControlRequest(cmd: .pause))
        let paused = try daemon.waitFor("paused") { $0.state == .paused }
        XCTAssertEqual(daemon.stop(), 0)

        daemon = try self.daemon([music], size: 10)
        let restored = try daemon.waitFor("restored") { $0.state == .paused }
        XCTAssertEqual(restored.currentTrack?.path, paused.currentTrack?.path)
        XCTAssertEqual(restored.position, paused.position, accuracy: 0.2)
        let queue = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .queue)).queue)
        XCTAssertEqual(queue.current?.id, before.items[0].album.id)
        XCTAssertEqual(queue.queued.map(\.id), [queued], "the hand queue is untouched")
        let after = try crate(daemon)
        XCTAssertEqual(after.name, "Crate")
        XCTAssertNotEqual(after.items.map(\.album.id), before.items.map(\.album.id), "a new Wall at each start")
        XCTAssertFalse(after.items.contains { $0.album.id == before.items[0].album.id }, "the paused album is not offered again")
        XCTAssertEqual(try daemon.status().player.state, .paused)
    }

    func testEnteringAGenreBlendsItAnewAndTheDialStaysInIt() throws {
        try makeAlbums(root: music, count: 30, jazz: 24)
        let daemon = try daemon([music], size: 10)
        try scanned(daemon, albums: 30)
        let first = try crate(daemon, ControlRequest(cmd: .crate, genre: "Jazz"))
        _ = try crate(daemon, ControlRequest(cmd: .crate))
        let second = try crate(daemon, ControlRequest(cmd: .crate, genre: "Jazz"))
        XCTAssertEqual(first.name, "Jazz")
        XCTAssertNotEqual(first.items.map(\.album.id), second.items.map(\.album.id), "a genre crate is blended anew each time")
        XCTAssertTrue(Set(first.planned.keys).isSubset(of: ["history", "seed-expansion", "trending", "new-in-genre",
                                                            "sub-genres", "wild-card"]), "\(first.planned)")

        let dialled = try crate(daemon, ControlRequest(cmd: .dial, position: "deep-dig"))
        XCTAssertEqual(dialled.name, "Jazz", "confirming a dial position stays in the genre")
        XCTAssertEqual(dialled.dial, "deep-dig")
        XCTAssertEqual(dialled.items.count, 10)
        XCTAssertTrue(dialled.items.allSatisfy { $0.album.superGenre == "Jazz" }, "\(dialled.items.map(\.album.superGenre))")
    }

    func testADislikedAlbumLeavesEveryKindOfCrate() throws {
        let lib = LibraryFixture(root: music, seconds: 0.3)
        for n in 1...3 {
            try lib.add("Solo/Record \(n)", [.init(file: "01.mp3", title: "S\(n)", artist: "Solo", album: "Record \(n)",
                                                   year: 2000 + n, genre: "Bebop")])
        }
        let wallet = dir.path + "/wallet.txt"
        try "Solo - Record 1\nSolo - Record 2\nSolo - Record 3\n".write(toFile: wallet, atomically: true, encoding: .utf8)
        let daemon = try daemon([music], size: 10, extra: "wallet = \"\(wallet)\"\n")
        try scanned(daemon, albums: 3)
        let disliked = try XCTUnwrap(try albums(daemon).first { $0.title == "Record 2" }).id
        _ = try request(daemon, ControlRequest(cmd: .dislike, album: disliked))
        for (name, kind) in [("wall", ControlRequest(cmd: .crate)), ("genre", ControlRequest(cmd: .crate, genre: "Jazz")),
                             ("sub-genre", ControlRequest(cmd: .crate, genre: "Bebop")),
                             ("artist", ControlRequest(cmd: .crate, artist: "Solo")),
                             ("wallet", ControlRequest(cmd: .crate, wallet: true))] {
            let items = try crate(daemon, kind).items.map(\.album.title)
            XCTAssertEqual(items.count, 2, "\(name): \(items)")
            XCTAssertFalse(items.contains("Record 2"), "\(name): \(items)")
        }
    }

    /// crate-web's wall scrolled past its end: `crate` with `grow` adds albums as the knob
    /// does past the last one, each album once, and says when nothing more can be added;
    /// a crate that does not grow (an artist's) ends at once.
    func testTheSocketGrowsTheWallEachAlbumOnceAndSaysWhereItEnds() throws {
        try makeAlbums(root: music, count: 20)
        let daemon = try daemon([music], size: 8)
        try scanned(daemon, albums: 20)
        var shown = try crate(daemon).items.map(\.album.id)
        XCTAssertEqual(shown.count, 8)
        var grows = 0
        while true {
            let grown = try crate(daemon, ControlRequest(cmd: .crate, grow: true))
            let ids = grown.items.map(\.album.id)
            XCTAssertEqual(Array(ids.prefix(shown.count)), shown, "added after what the wall shows, nothing moved")
            if grown.atEnd == true {
                XCTAssertEqual(ids, shown, "the end adds nothing")
                break
            }
            XCTAssertGreaterThan(ids.count, shown.count, "grown, or said to be at its end")
            shown = ids
            grows += 1
            guard grows < 10 else { return XCTFail("the crate never ended: \(ids.count) albums") }
        }
        XCTAssertGreaterThanOrEqual(grows, 2, "8 + 8 + the last 4")
        XCTAssertEqual(shown.count, 20, "every album of the library")
        XCTAssertEqual(Set(shown).count, 20, "each album once")
        XCTAssertEqual(try crate(daemon, ControlRequest(cmd: .crate, grow: true)).atEnd, true, "and it stays at its end")
        let admin = try AdminProcess.run(["crate", "--grow", "--socket", daemon.socket])
        XCTAssertEqual(admin.code, 0, admin.err)
        XCTAssertTrue(admin.out.contains("The end of the crate: nothing more to add"), admin.out)
        XCTAssertNotEqual(try AdminProcess.run(["crate", "--grow", "--wallet", "--socket", daemon.socket]).code, 0,
                          "--grow names no other crate")

        let artist = try crate(daemon, ControlRequest(cmd: .crate, artist: "Artist 3"))
        XCTAssertEqual(artist.items.map(\.album.title), ["Album 3"])
        let ended = try crate(daemon, ControlRequest(cmd: .crate, grow: true))
        XCTAssertEqual(ended.atEnd, true, "an artist's crate does not grow")
        XCTAssertEqual(ended.name, artist.name)
        XCTAssertEqual(ended.items.map(\.album.title), ["Album 3"])

        let both = try request(daemon, ControlRequest(cmd: .crate, genre: "Rock", grow: true), ok: false)
        XCTAssertEqual(both.error, "crate: 'grow' grows the current crate; name no other crate with it")
    }
}
