import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The library through the running daemon: scans that survive kill -9, and albums
/// played by id.
final class LibraryDaemonTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "libd") }
    override func tearDown() { dir?.remove() }

    func integrityCheck() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [dir.path + "/state/library.sqlite", "PRAGMA integrity_check;"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stats(_ daemon: DaemonProcess) throws -> LibraryStats {
        let client = try daemon.connect()
        defer { client.close() }
        return try XCTUnwrap(try client.request(ControlRequest(cmd: .libraryStats)).library)
    }

    /// kill -9 at random moments of a scan, again and again: the database always opens
    /// clean, and the scan resumed at the next start ends with the whole library.
    func testKillDuringScanLeavesAConsistentDatabaseAndTheScanResumes() throws {
        try LibraryFixture(root: music).addUntaggedBulk(albums: 60, tracks: 10, under: "bulk")
        var generator = SystemRandomNumberGenerator()
        for round in 0..<6 {
            let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
            usleep(UInt32.random(in: 10_000...400_000, using: &generator))
            daemon.kill9()
            XCTAssertEqual(try integrityCheck(), "ok", "after kill -9 in round \(round)")
        }
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let deadline = Date().addingTimeInterval(60)
        var current = try stats(daemon)
        while current.lastScan?.completed != true || current.albums < 60, Date() < deadline {
            usleep(50_000)
            current = try stats(daemon)
        }
        XCTAssertEqual(current.albums, 60)
        XCTAssertEqual(current.tracks, 600)
        XCTAssertEqual(current.lastScan?.completed, true)
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try integrityCheck(), "ok")
    }

    /// `library scan --full` cut off by a crash is finished as a full scan at the next start.
    func testAFullScanCutOffByACrashResumesAsAFullScan() throws {
        try LibraryFixture(root: music).addUntaggedBulk(albums: 60, tracks: 10, under: "bulk")
        let first = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let deadline = Date().addingTimeInterval(60)
        while try stats(first).lastScan?.completed != true, Date() < deadline { usleep(50_000) }
        let client = try first.connect()
        try client.send(json: ControlRequest(cmd: .subscribe))
        _ = try client.readJSON(ControlReply.self)
        XCTAssertTrue(try first.connect().request(ControlRequest(cmd: .libraryScan, full: true)).ok)
        while try client.readJSON(DaemonEvent.self, timeout: 20).event != .scanProgress {}
        first.kill9()

        let second = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        // The resumed scan starts on its own thread; wait for it to say which kind it is.
        while !second.log.contains("library scan started ("), Date() < deadline { usleep(50_000) }
        XCTAssertTrue(second.log.contains("resuming an interrupted full library scan"), second.log)
        XCTAssertTrue(second.log.contains("library scan started (full)"), second.log)
        XCTAssertEqual(second.stop(), 0)
    }

    /// A failing statement is reported in words; its SQL stays in the log.
    func testADatabaseErrorReplyHoldsNoSQL() throws {
        let lib = LibraryFixture(root: music)
        try lib.add("Miles/Kind", [.init(file: "01.mp3", title: "K1", artist: "Miles", album: "Kind", genre: "Jazz")])
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let deadline = Date().addingTimeInterval(30)
        while try stats(daemon).lastScan?.completed != true, Date() < deadline { usleep(50_000) }
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [dir.path + "/state/library.sqlite", "ALTER TABLE albums RENAME TO albums_gone;"]
        try sqlite.run()
        sqlite.waitUntilExit()
        XCTAssertEqual(sqlite.terminationStatus, 0)

        let reply = try daemon.connect().request(ControlRequest(cmd: .albums))
        XCTAssertFalse(reply.ok)
        let error = reply.error ?? ""
        XCTAssertTrue(error.hasPrefix("the library database failed: "), error)
        for sql in ["SELECT", "FROM", "WHERE"] { XCTAssertFalse(error.contains(sql), error) }
        XCTAssertTrue(daemon.log.contains("SELECT"), "the statement is in the log")
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testAlbumsListedByGenreAndPlayedById() throws {
        let lib = LibraryFixture(root: music)
        try lib.add("Miles/Kind", (1...2).map {
            .init(file: "0\($0).mp3", title: "K\($0)", artist: "Miles", album: "Kind", track: "\($0)", genre: "Jazz")
        })
        try lib.add("Band/Loud", [.init(file: "01.mp3", title: "L1", artist: "Band", album: "Loud", genre: "Heavy Metal")])
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let client = try daemon.connect()
        try client.send(json: ControlRequest(cmd: .subscribe))
        _ = try client.readJSON(ControlReply.self)
        XCTAssertTrue(try daemon.request(.libraryScan).ok)
        while try client.readJSON(DaemonEvent.self, timeout: 20).event != .scanFinished {}

        let jazz = try XCTUnwrap(try daemon.connect().request(ControlRequest(cmd: .albums, genre: "jazz")).albums)
        XCTAssertEqual(jazz.map(\.title), ["Kind"])
        let metal = try daemon.connect().request(ControlRequest(cmd: .albums, genre: "Metal"))
        XCTAssertEqual(metal.albums?.map(\.title), ["Loud"])
        let unknown = try daemon.connect().request(ControlRequest(cmd: .albums, genre: "Polka Fusion"))
        XCTAssertFalse(unknown.ok)
        XCTAssertTrue(unknown.error?.contains("unknown genre") ?? false)

        let played = try daemon.connect().request(ControlRequest(cmd: .play, album: jazz[0].id))
        XCTAssertTrue(played.ok, played.error ?? "")
        let status = try daemon.waitFor("the album played", timeout: 10) { $0.state == .idle && !$0.tracks.isEmpty }
        XCTAssertEqual(status.tracks.map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["01.mp3", "02.mp3"])
        XCTAssertEqual(daemon.stop(), 0)
        let expected = try ["01.mp3", "02.mp3"].flatMap { try ReferenceDecode.samples(of: music + "/Miles/Kind/" + $0) }
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), expected)
    }

    /// Running as an ordinary user (as on the box), a folder it may not read is reported
    /// with the reason, and everything else is scanned.
    func testAFolderThatCannotBeReadIsReportedAndTheRestScanned() throws {
        let lib = LibraryFixture(root: music)
        try lib.add("Open/Album", [.init(file: "01.mp3", title: "O", artist: "Open", album: "Album")])
        try lib.add("Closed/Album", [.init(file: "01.mp3", title: "C", artist: "Closed", album: "Album")])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: music + "/Closed")
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: music + "/Closed") }  // cleanup only
        let asNobody = ["/usr/bin/setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "--"]
        let daemon = try DaemonProcess(dir: dir.path, launcher: asNobody, libraryPaths: [music])
        let deadline = Date().addingTimeInterval(20)
        var current = try stats(daemon)
        while current.lastScan?.completed != true, Date() < deadline {
            usleep(50_000)
            current = try stats(daemon)
        }
        XCTAssertEqual(current.albums, 1)
        let skipped = try XCTUnwrap(current.lastScan?.skipped)
        XCTAssertTrue(skipped.contains { $0.path == music + "/Closed" && $0.reason.contains("Permission denied") },
                      "\(skipped)")
    }

    /// A FLAC whose comment block declares less than it holds (an old tagger's file): the
    /// library shows its tags, the scan report names the file with a warning, and the
    /// album plays sample for sample.
    func testAFLACWithAShortCommentBlockShowsItsTagsWithAWarningAndPlaysExactly() throws {
        let folder = music + "/Miles/Kind"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var reference: [Int32] = []
        for (n, title) in ["So What", "Blue in Green"].enumerated() {
            let path = folder + "/0\(n + 1).flac"
            try FormatFixtures.encode(FormatFixtures.sweep(rate: 44100, seconds: 0.5 + 0.1 * Double(n)), format: .flac,
                                      rate: 44100, channels: 2, to: path)
            try AudioFixtures.run("/usr/bin/metaflac", ["--set-tag=ARTIST=Miles Davis", "--set-tag=ALBUM=Kind of Blue",
                                                        "--set-tag=TITLE=\(title)", "--set-tag=TRACKNUMBER=\(n + 1)", path])
            reference += try FormatFixtures.referenceDecode(path, format: .flac)
        }
        // "TRACKNUMBER=2" and "TITLE=Blue in Green" (4 + 13, 4 + 19 bytes) past the declared end.
        try FormatFixtures.shortenFLACCommentBlock(folder + "/02.flac", by: 17 + 23)
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try daemon.waitForStartupScan()

        let albums = try XCTUnwrap(try daemon.request(.albums).albums)
        XCTAssertEqual(albums.map(\.title), ["Kind of Blue"], "one album, from the tags")
        let client = try daemon.connect()
        let detail = try XCTUnwrap(try client.request(ControlRequest(cmd: .album, album: albums[0].id)).album)
        client.close()
        XCTAssertEqual(detail.tracks.map(\.title), ["So What", "Blue in Green"])
        let skipped = try XCTUnwrap(try stats(daemon).lastScan?.skipped)
        XCTAssertEqual(skipped.map(\.path), [folder + "/02.flac"], "\(skipped)")
        XCTAssertTrue(skipped.first?.reason.contains("read past its declared end") == true, "\(skipped)")
        XCTAssertEqual(skipped.first?.kept, true, "the file is in the library: reported, not skipped")
        // What an admin reads: the kept file apart from the skipped ones.
        let text = try AdminProcess.run(["library", "stats", "--socket", daemon.socket]).out
        XCTAssertTrue(text.contains(" 0 skipped, 1 kept with a problem"), text)
        XCTAssertTrue(text.contains("kept:      \(folder)/02.flac: "), text)
        XCTAssertFalse(text.contains("skipped:   "), text)

        let played = try daemon.connect().request(ControlRequest(cmd: .play, album: albums[0].id))
        XCTAssertTrue(played.ok, played.error ?? "")
        let end = try daemon.waitFor("the album played", timeout: 15) { $0.state == .idle && $0.tracks.count == 2 }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        XCTAssertEqual(daemon.stop(), 0)
        let captured = FormatFixtures.samples(raw: try Data(contentsOf: URL(fileURLWithPath: daemon.capture)), bits: 16)
        XCTAssertEqual(captured.count, reference.count, "every sample, nothing added")
        XCTAssertTrue(captured == reference, "sample for sample `flac -d`'s decode")
    }
}
