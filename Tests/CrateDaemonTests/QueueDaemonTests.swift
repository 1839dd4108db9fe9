import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The album queue end to end, through real ALSA capture: the next album of the crate
/// follows with no gap, a dislike skips, a kill -9 loses nothing but seconds.
final class QueueDaemonTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "queue") }
    override func tearDown() { dir?.remove() }

    func makeLibrary(seconds: Double) throws {
        let lib = LibraryFixture(root: music, seconds: seconds)
        try lib.add("Solo/First", (1...2).map {
            .init(file: "0\($0).mp3", title: "F\($0)", artist: "Solo", album: "First", track: "\($0)/2", year: 2000, genre: "Jazz")
        })
        try lib.add("Solo/Second", (1...2).map {
            .init(file: "0\($0).mp3", title: "S\($0)", artist: "Solo", album: "Second", track: "\($0)/2", year: 2001, genre: "Jazz")
        })
        try lib.add("Other/Third", [.init(file: "01.mp3", title: "T1", artist: "Other", album: "Third", genre: "Rock")])
    }

    func request(_ daemon: DaemonProcess, _ request: ControlRequest) throws -> ControlReply {
        let client = try daemon.connect()
        defer { client.close() }
        let reply = try client.request(request)
        XCTAssertTrue(reply.ok, "\(request.cmd): \(reply.error ?? "")")
        return reply
    }

    func scanned(_ daemon: DaemonProcess) throws {
        try daemon.waitForStartupScan()
    }

    func albumID(_ daemon: DaemonProcess, _ title: String) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }?.id)
    }

    func testTheNextAlbumOfTheCrateFollowsWithoutAGap() throws {
        try makeLibrary(seconds: 0.4)
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(daemon)
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, artist: "solo")).crate)
        XCTAssertEqual(crate.items.map(\.album.title), ["First", "Second"], "an artist's catalog, oldest first")
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        let end = try daemon.waitFor("both albums played", timeout: 20) { $0.state == .idle && $0.tracks.count == 4 }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        XCTAssertEqual(daemon.stop(), 0)
        let order = ["Solo/First/01.mp3", "Solo/First/02.mp3", "Solo/Second/01.mp3", "Solo/Second/02.mp3"]
        let expected = try order.flatMap { try ReferenceDecode.samples(of: music + "/" + $0) }
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), expected, "album join as seamless as a track join")

        let again = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let history = try XCTUnwrap(try request(again, ControlRequest(cmd: .history)).history)
        XCTAssertEqual(Set(history.map(\.album.title)), ["First", "Second"])
        XCTAssertTrue(history.allSatisfy { $0.plays == 1 && $0.completedPlays == 1 }, "\(history)")
    }

    func testDislikingThePlayingAlbumSkipsToTheNextAndDropsItFromTheCrate() throws {
        try makeLibrary(seconds: 3)
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(daemon)
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        try daemon.waitFor("First playing") { $0.state == .playing && $0.position > 0.3 }
        _ = try request(daemon, ControlRequest(cmd: .dislike))
        let status = try daemon.waitFor("Second playing") { $0.state == .playing && $0.currentIndex != nil }
        XCTAssertTrue(status.currentTrack?.path.contains("/Solo/Second/") ?? false, "\(status)")
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
        XCTAssertFalse(crate.items.contains { $0.album.title == "First" })
        let wall = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .dial, position: "mystery")).crate)
        XCTAssertFalse(wall.items.contains { $0.album.title == "First" }, "a disliked album is in no crate")
        XCTAssertEqual(wall.items.count, 2)
    }

    func testKillNineMidAlbumRestoresPausedWithTheQueueIntact() throws {
        try makeLibrary(seconds: 4)
        let config = "[playback]\nsave_interval = 5"
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: config)
        try scanned(daemon)
        let third = try albumID(daemon, "Third")
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        _ = try request(daemon, ControlRequest(cmd: .queueAdd, album: third))
        _ = try request(daemon, ControlRequest(cmd: .next))
        let before = try daemon.waitFor("track 2 under way") { $0.currentIndex == 1 && $0.position > 1.5 }
        daemon.kill9()

        let again = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: config)
        let restored = try again.waitFor("restored") { $0.state == .paused }
        XCTAssertEqual(restored.currentIndex, 1)
        XCTAssertTrue(restored.currentTrack?.path.hasSuffix("Solo/First/02.mp3") ?? false)
        XCTAssertLessThanOrEqual(restored.position, before.position + 0.1)
        XCTAssertGreaterThanOrEqual(restored.position, before.position - 5.1, "within the save interval")
        let queue = try XCTUnwrap(try request(again, ControlRequest(cmd: .queue)).queue)
        XCTAssertEqual(queue.current?.title, "First")
        XCTAssertEqual(queue.queued.map(\.id), [third])
        // Still where it was after those requests: it waits for a press (resume_on_boot
        // is off). Playing on in real time after a long hold is the engine's (ContinuationTests).
        let waiting = try again.status().player
        XCTAssertEqual(waiting.state, .paused, "waits for a press: resume_on_boot is off")
        XCTAssertEqual(waiting.position, restored.position, accuracy: 0.001)
        XCTAssertTrue(try request(again, ControlRequest(cmd: .resume)).ok)
        let later = try again.waitFor("playing on from the restored spot") { $0.position > restored.position + 0.3 }
        XCTAssertEqual(later.currentIndex, restored.currentIndex)
    }

    /// Between state changes, the position is saved by the daemon's timer every
    /// `save_interval`: a kill -9 well into a track loses at most that much, not the track.
    func testKillNineLongIntoATrackLosesAtMostTheSaveInterval() throws {
        try makeLibrary(seconds: 9)
        let config = "[playback]\nsave_interval = 5"
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: config)
        try scanned(daemon)
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        let before = try daemon.waitFor("7 s into track 1", timeout: 30) { $0.currentIndex == 0 && $0.position > 7 }
        daemon.kill9()

        let again = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: config)
        let restored = try again.waitFor("restored") { $0.state == .paused }
        XCTAssertEqual(restored.currentIndex, 0)
        XCTAssertGreaterThanOrEqual(restored.position, before.position - 5.1, "within the save interval")
        XCTAssertGreaterThan(restored.position, 1.5, "a timed save, not only the one at the track's start")
    }
}
