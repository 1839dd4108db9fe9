import CrateCore
import Foundation
import TestSupport
import XCTest

/// What the user did survives what can happen to the files under `state_dir`: a deleted
/// cache, a clean stop followed by a copy of user.sqlite alone, a backup and restore.
final class UserDataDaemonTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }
    var state: String { dir.path + "/state" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "userdata") }
    override func tearDown() { dir?.remove() }

    func addAlbum(_ folder: String, artist: String, title: String, tracks: Int = 1) throws {
        let lib = LibraryFixture(root: music, seconds: 2)
        try lib.add(folder, (1...tracks).map {
            .init(file: "0\($0).mp3", title: "\(title) \($0)", artist: artist, album: title, track: "\($0)/\(tracks)", genre: "Jazz")
        })
    }

    @discardableResult
    func request(_ daemon: DaemonProcess, _ request: ControlRequest) throws -> ControlReply {
        let client = try daemon.connect()
        defer { client.close() }
        let reply = try client.request(request)
        XCTAssertTrue(reply.ok, "\(request.cmd): \(reply.error ?? "")")
        return reply
    }

    func scanned(_ daemon: DaemonProcess, albums: Int) throws {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let stats = try request(daemon, ControlRequest(cmd: .libraryStats)).library
            if stats?.lastScan?.completed == true && stats?.albums == albums { return }
            guard Date() < deadline else { throw FixtureError("the library scan did not finish: \(String(describing: stats))") }
            usleep(20_000)
        }
    }

    func albumID(_ daemon: DaemonProcess, _ title: String) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }?.id)
    }

    // MARK: item 7: a rebuilt cache

    func testADeletedCacheRestoresTheSavedQueueToTheSameAlbums() throws {
        try addAlbum("Solo/First", artist: "Solo", title: "First")
        try addAlbum("Solo/Second", artist: "Solo", title: "Second")
        try addAlbum("Other/Third", artist: "Other", title: "Third")
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(daemon, albums: 3)
        // An album added later gets a higher id than a rebuilt cache will give it.
        try addAlbum("Aaa/Zero", artist: "Aaa", title: "Zero", tracks: 2)
        request(daemonScan: daemon)
        try scanned(daemon, albums: 4)
        try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "Zero")))
        try request(daemon, ControlRequest(cmd: .queueAdd, album: try albumID(daemon, "Second")))
        try request(daemon, ControlRequest(cmd: .pause))
        XCTAssertEqual(daemon.stop(), 0)

        for suffix in ["", "-wal", "-shm"] { unlink(state + "/library.sqlite" + suffix) }
        let again = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(again, albums: 4)
        try again.waitFor("the saved album restored") { $0.state == .paused }
        let queue = try XCTUnwrap(try request(again, ControlRequest(cmd: .queue)).queue)
        XCTAssertEqual(queue.current?.title, "Zero")
        XCTAssertEqual(queue.queued.map(\.title), ["Second"])
        try request(again, ControlRequest(cmd: .nextAlbum))
        let playing = try again.waitFor("the next album") { $0.currentTrack?.path.contains("/Solo/Second/") == true }
        XCTAssertEqual(playing.state, .playing)
        XCTAssertEqual(try again.status().warnings.filter { $0.contains("saved queue") }, [])
    }

    func testASavedAlbumThatIsGoneIsDroppedWithANoteNotReplaced() throws {
        try addAlbum("Solo/First", artist: "Solo", title: "First")
        try addAlbum("Other/Third", artist: "Other", title: "Third")
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(daemon, albums: 2)
        try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "First")))
        try request(daemon, ControlRequest(cmd: .queueAdd, album: try albumID(daemon, "Third")))
        try request(daemon, ControlRequest(cmd: .pause))
        XCTAssertEqual(daemon.stop(), 0)

        try FileManager.default.removeItem(atPath: music + "/Solo/First")
        for suffix in ["", "-wal", "-shm"] { unlink(state + "/library.sqlite" + suffix) }
        let again = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(again, albums: 1)
        let deadline = Date().addingTimeInterval(10)
        var warnings: [String] = []
        while warnings.isEmpty && Date() < deadline {
            warnings = try again.status().warnings.filter { $0.contains("saved queue") }
            usleep(20_000)
        }
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains("tag:") == true || warnings.first?.contains("First") == true, "\(warnings)")
        let queue = try XCTUnwrap(try request(again, ControlRequest(cmd: .queue)).queue)
        XCTAssertNil(queue.current, "the gone album is not replaced by another")
        XCTAssertEqual(queue.queued.map(\.title), ["Third"])
        XCTAssertEqual(try again.status().player.state, .idle)
    }

    private func request(daemonScan daemon: DaemonProcess) {
        do { try request(daemon, ControlRequest(cmd: .libraryScan)) } catch { XCTFail("scan: \(error)") }
    }
}
