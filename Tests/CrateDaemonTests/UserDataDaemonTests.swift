import CrateCore
import CrateWire
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
        // Buffering for the first moments of the new album (more so on a loaded machine),
        // then playing: a list that never got going would time out here.
        try again.waitFor("the next album playing") {
            $0.currentTrack?.path.contains("/Solo/Second/") == true && $0.state == .playing
        }
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

    // MARK: item 8: the WAL, backup and restore

    /// `sqlite3 FILE SQL`: the first line of the answer.
    func sqlite(_ file: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [file, sql]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func threeAlbumsWithOpinions() throws -> DaemonProcess {
        try addAlbum("Solo/First", artist: "Solo", title: "First")
        try addAlbum("Solo/Second", artist: "Solo", title: "Second")
        try addAlbum("Other/Third", artist: "Other", title: "Third")
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(daemon, albums: 3)
        try request(daemon, ControlRequest(cmd: .like, album: try albumID(daemon, "First")))
        try request(daemon, ControlRequest(cmd: .like, album: try albumID(daemon, "Second")))
        try request(daemon, ControlRequest(cmd: .dislike, album: try albumID(daemon, "Third")))
        return daemon
    }

    func testAfterACleanStopACopyOfUserSqliteAloneHoldsTheLikes() throws {
        let daemon = try threeAlbumsWithOpinions()
        XCTAssertEqual(daemon.stop(), 0)
        let copy = dir.path + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: state + "/user.sqlite", toPath: copy)
        XCTAssertEqual(try sqlite(copy, "SELECT sum(liked), sum(disliked) FROM album_state"), "2|1",
                       "the likes are in the database file, not only in its WAL")
        // No WAL file at all is what a clean stop leaves: 0 bytes.
        let wal = (try? FileManager.default.attributesOfItem(atPath: state + "/user.sqlite-wal")[.size] as? Int) ?? 0
        XCTAssertEqual(wal, 0, "checkpointed and truncated on stop")
    }

    func testBackupAndRestoreRoundTripThroughTheCommandLine() throws {
        let daemon = try threeAlbumsWithOpinions()
        let socket = ["--socket", daemon.socket]
        let backup = dir.path + "/backup.sqlite"
        let made = try AdminProcess.run(["backup", backup] + socket)
        XCTAssertEqual(made.code, 0, made.err)
        XCTAssertTrue(made.out.contains("2 liked, 1 disliked"), made.out)
        XCTAssertEqual(try sqlite(backup, "PRAGMA journal_mode"), "delete", "a single self-contained file")
        XCTAssertEqual(try sqlite(backup, "SELECT sum(liked) FROM album_state"), "2")

        // Changed after the backup, then brought back.
        try request(daemon, ControlRequest(cmd: .unlike, album: try albumID(daemon, "First")))
        try request(daemon, ControlRequest(cmd: .unlike, album: try albumID(daemon, "Third")))
        let junk = dir.path + "/junk.sqlite"
        try "not a database".write(toFile: junk, atomically: true, encoding: .utf8)
        let refused = try AdminProcess.run(["restore", junk] + socket)
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(refused.err.contains("cannot be restored") && refused.err.contains("unchanged"), refused.err)

        let restored = try AdminProcess.run(["restore", backup] + socket)
        XCTAssertEqual(restored.code, 0, restored.err)
        XCTAssertTrue(restored.out.contains("2 liked, 1 disliked"), restored.out)
        XCTAssertTrue(restored.out.contains("user.sqlite.before-restore-"), restored.out)
        // The running daemon uses the restored data at once: First is liked again.
        try request(daemon, ControlRequest(cmd: .like, album: try albumID(daemon, "Third")))
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try sqlite(state + "/user.sqlite", "SELECT group_concat(liked || disliked, ',') FROM (SELECT * FROM album_state ORDER BY album_key)"),
                       try sqlite(backup, "SELECT group_concat(CASE WHEN album_key LIKE '%third%' THEN '10' ELSE liked || disliked END, ',') FROM (SELECT * FROM album_state ORDER BY album_key)"))
        XCTAssertEqual(try sqlite(state + "/user.sqlite", "PRAGMA integrity_check"), "ok")
    }

    func testADamagedWALIsCopiedAsideAndReported() throws {
        var daemon = try threeAlbumsWithOpinions()
        daemon.kill9()  // A power cut: the likes are still in the WAL.
        // A sound WAL left by a power cut is no damage: nothing to say.
        daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .libraryStats)).library?.storeNotes, [])
        try request(daemon, ControlRequest(cmd: .unlike, album: try albumID(daemon, "Third")))
        try request(daemon, ControlRequest(cmd: .like, album: try albumID(daemon, "Third")))
        daemon.kill9()
        let wal = state + "/user.sqlite-wal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wal)))
        let frames = (bytes.count - 32) / 4120
        XCTAssertGreaterThan(frames, 4, "the likes are in WAL frames")
        bytes[32 + (frames / 2) * 4120 + 24 + 100] ^= 0xFF  // a flipped bit mid-WAL
        try Data(bytes).write(to: URL(fileURLWithPath: wal))

        let again = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let notes = try XCTUnwrap(try request(again, ControlRequest(cmd: .libraryStats)).library?.storeNotes)
        let note = try XCTUnwrap(notes.first { $0.contains("WAL of user.sqlite was damaged") }, "\(notes)")
        XCTAssertTrue(note.contains("frame \(frames / 2 + 1) of \(frames)"), note)
        XCTAssertTrue(try again.status().warnings.contains(note))
        let copies = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("user.sqlite-wal.damaged-") }
        XCTAssertEqual(copies.count, 1)
        XCTAssertTrue(note.contains(copies[0]), note)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: state + "/" + copies[0])), Data(bytes), "the WAL as found")
    }

    /// A WAL deleted after a power cut loses likes SQLite cannot miss: the ledger beside
    /// user.sqlite notices, and the log, `status` and `doctor` say what was lost.
    func testADeletedWALIsReportedInTheLogStatusAndDoctor() throws {
        let daemon = try threeAlbumsWithOpinions()
        daemon.kill9()  // A power cut: the likes are still in the WAL.
        XCTAssertEqual(unlink(state + "/user.sqlite-wal"), 0)
        let again = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let status = try again.status()
        let note = try XCTUnwrap(status.warnings.first { $0.contains("user.sqlite lost changes") }, "\(status.warnings)")
        XCTAssertTrue(note.contains("2 like(s) and 1 dislike(s) lost"), note)
        XCTAssertTrue(again.log.contains("user.sqlite lost changes"), again.log)
        let doctor = try AdminProcess.run(["doctor", "--socket", again.socket, "--config", again.configPath])
        XCTAssertTrue(doctor.out.contains("user.sqlite lost changes"), doctor.out)
        // Said once: the next start finds the file and its ledger level.
        XCTAssertEqual(again.stop(), 0)
        let third = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        XCTAssertFalse(try third.status().warnings.contains { $0.contains("lost changes") })
    }

    /// A restore is not a loss: the next start says nothing.
    func testARestoreIsNotTakenForALossAtTheNextStart() throws {
        let daemon = try threeAlbumsWithOpinions()
        let backup = dir.path + "/backup.sqlite"
        XCTAssertEqual(try AdminProcess.run(["backup", backup, "--socket", daemon.socket]).code, 0)
        try request(daemon, ControlRequest(cmd: .unlike, album: try albumID(daemon, "First")))
        XCTAssertEqual(try AdminProcess.run(["restore", backup, "--socket", daemon.socket]).code, 0)
        XCTAssertEqual(daemon.stop(), 0)
        let again = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        XCTAssertFalse(try again.status().warnings.contains { $0.contains("lost changes") })
    }

    func testBackupAndRestoreSayWhatTheyHoldInHelp() throws {
        let help = try AdminProcess.run(["backup", "--help"])
        XCTAssertTrue(help.out.contains("likes") && help.out.contains("user.sqlite"), help.out)
        let restore = try AdminProcess.run(["restore", "--help"])
        XCTAssertTrue(restore.out.contains("integrity check"), restore.out)
    }

    // MARK: item 9: a truncated or empty user file

    func testATruncatedUserFileKeepsTheLikesThatCanStillBeReadAndSaysSo() throws {
        try addAlbum("Solo/First", artist: "Solo", title: "First")
        var daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(daemon, albums: 1)
        XCTAssertEqual(daemon.stop(), 0)
        // Hundreds of likes, written as a daemon writes them: one transaction each.
        let user = state + "/user.sqlite"
        var sql = "PRAGMA journal_mode = WAL;"
        for n in 0..<400 {
            sql += "INSERT INTO album_state (album_key, liked) VALUES ('tag:artist number \(n) with a long name|album \(n) of the collection', 1);"
        }
        sql += "PRAGMA wal_checkpoint(TRUNCATE);"
        _ = try sqlite(user, sql)
        XCTAssertEqual(try sqlite(user, "SELECT count(*) FROM album_state"), "400")
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: user)[.size] as? Int)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: user))
        try handle.truncate(atOffset: UInt64(size * 45 / 100 + 1000))
        try handle.close()

        daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let notes = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .libraryStats)).library?.storeNotes)
        let note = try XCTUnwrap(notes.first { $0.contains("user.sqlite") }, "\(notes)")
        XCTAssertTrue(note.contains("cut short"), note)
        XCTAssertTrue(try daemon.status().warnings.contains(note), "status says it too")
        XCTAssertEqual(daemon.stop(), 0)
        let recovered = Int(try sqlite(user, "SELECT count(*) FROM album_state WHERE liked = 1")) ?? 0
        XCTAssertGreaterThan(recovered, 100, note)
        XCTAssertLessThan(recovered, 400)
        XCTAssertTrue(note.contains("\(recovered) rows recovered") || note.contains("album_state \(recovered)"), note)
    }

    func testAnEmptyUserOrCacheFileIsReported() throws {
        try addAlbum("Solo/First", artist: "Solo", title: "First")
        var daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try scanned(daemon, albums: 1)
        try request(daemon, ControlRequest(cmd: .like, album: try albumID(daemon, "First")))
        XCTAssertEqual(daemon.stop(), 0)
        for file in ["user.sqlite", "library.sqlite"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: state + "/" + file, contents: Data()))
        }
        daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let notes = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .libraryStats)).library?.storeNotes)
        XCTAssertEqual(notes.filter { $0.contains("library.sqlite was an empty file") }.count, 1, "\(notes)")
        XCTAssertEqual(notes.filter { $0.contains("user.sqlite was an empty file") }.count, 1, "\(notes)")
        let shown = try AdminProcess.run(["library", "stats", "--socket", daemon.socket])
        XCTAssertTrue(shown.out.contains("user.sqlite was an empty file"), shown.out)
    }

    private func request(daemonScan daemon: DaemonProcess) {
        do { try request(daemon, ControlRequest(cmd: .libraryScan)) } catch { XCTFail("scan: \(error)") }
    }
}
