import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Albums kept offline, from crate-admin and from the knob's track list: downloaded
/// without being played, never evicted, counted against `cache_mb` (a keep that would
/// not fit is refused and says so), remembered across a restart.
final class PlexKeepTests: PlexTestCase {
    func id(_ daemon: DaemonProcess, _ title: String) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }?.id)
    }

    func kept(_ daemon: DaemonProcess, _ title: String) throws -> Bool? {
        try request(daemon, ControlRequest(cmd: .album, album: try id(daemon, title))).album?.kept
    }

    func input(_ daemon: DaemonProcess, _ gesture: String, _ control: String, _ detents: Int? = nil) throws -> String? {
        let events = try request(daemon, ControlRequest(cmd: .input, gesture: gesture, control: control,
                                                        detents: detents)).input ?? []
        return events.last { $0.action != nil }?.action
    }

    /// A daemon on the Plex stand-in with a 1 MB cache, the served files' folder as its
    /// local library (one local album, "Served").
    func keepingDaemon(cacheMB: Int = 1) throws -> DaemonProcess {
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music],
                                       extraConfig: "[plex]\ntv_url = \"\(plex.url)\"\nsync_interval = 0\ncache_mb = \(cacheMB)\n")
        try daemon.waitForStartupScan()
        return daemon
    }

    func testKeepingAlbumsOfflineFromTheCommandLineAndTheKnob() throws {
        var albums = try serverLibrary(albums: 2)
        // 1.5 MB: more than the whole cache.
        let big = dir.path + "/big.mp3"
        try Data(count: 1_572_864).write(to: URL(fileURLWithPath: big))
        albums.append(PlexFixture.Album(ratingKey: 30, title: "Huge", artist: "Giant", genres: ["Rock"], tracks: [("Long", big)]))
        try plex.load(albums, collections: [("Late Night", [10, 11])])
        var daemon = try keepingDaemon()
        _ = try signInAndSync(daemon)
        let socket = ["--socket", daemon.socket]
        XCTAssertEqual(try kept(daemon, "Album 1"), false)
        XCTAssertNil(try kept(daemon, "Served"), "a local album has no keep state")

        let keep = try AdminProcess.run(["downloads", "keep"] + socket + ["\(try id(daemon, "Album 1"))"])
        XCTAssertEqual(keep.code, 0, keep.err)
        XCTAssertTrue(keep.out.hasPrefix("kept offline: Band 1 — Album 1\n"), keep.out)
        let deadline = Date().addingTimeInterval(20)
        while cacheFiles().filter({ $0.hasPrefix("110") && $0.hasSuffix(".mp3") }).count < 2 && Date() < deadline { usleep(100_000) }
        XCTAssertEqual(cacheFiles().filter { $0.hasPrefix("110") && $0.hasSuffix(".mp3") }.count, 2,
                       "downloaded without being played: \(cacheFiles())")
        XCTAssertEqual(try kept(daemon, "Album 1"), true)
        let shown = try AdminProcess.run(["downloads"] + socket)
        XCTAssertTrue(shown.out.contains("kept:    1 album, ") && shown.out.contains("all downloaded"), shown.out)

        let huge = try AdminProcess.run(["downloads", "keep"] + socket + ["\(try id(daemon, "Huge"))"])
        XCTAssertEqual(huge.code, 1)
        XCTAssertTrue(huge.err.contains("the offline cache is full: kept albums would take 1.5 MB of cache_mb 1.0 MB"), huge.err)
        XCTAssertEqual(try kept(daemon, "Huge"), false, "a refused keep changes nothing")
        XCTAssertEqual(try kept(daemon, "Album 1"), true)

        let local = try AdminProcess.run(["downloads", "keep"] + socket + ["\(try id(daemon, "Served"))"])
        XCTAssertEqual(local.code, 1)
        XCTAssertTrue(local.err.contains("is on the box's own storage: it is always offline"), local.err)
        XCTAssertEqual(try AdminProcess.run(["downloads", "keep"] + socket).code, 64, "keep names what to keep")

        let list = try AdminProcess.run(["downloads", "keep"] + socket + ["--collection", "late night"])
        XCTAssertEqual(list.code, 0, list.err)
        XCTAssertTrue(list.out.contains("kept offline: John Coltrane — Blue Train"), list.out)
        let unkeep = try AdminProcess.run(["downloads", "unkeep"] + socket + ["\(try id(daemon, "Album 1"))"])
        XCTAssertEqual(unkeep.code, 0, unkeep.err)
        XCTAssertTrue(unkeep.out.hasPrefix("no longer kept: Band 1 — Album 1\n"), unkeep.out)

        // Remembered across a restart.
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try keepingDaemon()
        XCTAssertEqual(try kept(daemon, "Blue Train"), true)
        XCTAssertEqual(try kept(daemon, "Album 1"), false)

        // The knob: the track list of a Plex album ends with its keep row.
        // Loaded paused in one request: its 0.3 s tracks would end before a second one came.
        _ = try request(daemon, ControlRequest(cmd: .play, album: try id(daemon, "Blue Train"), paused: true))
        let paused = try daemon.waitFor("Blue Train paused") { $0.state == .paused }
        XCTAssertEqual(paused.currentIndex, 0, "paused at its start")
        XCTAssertEqual(try input(daemon, "press", "knob"), "track 1/3: Track 1")
        XCTAssertEqual(try input(daemon, "turn", "knob", 5), "track 3/3: Kept offline: press to let it go")
        XCTAssertEqual(try input(daemon, "press", "knob"), "no longer kept: John Coltrane — Blue Train")
        XCTAssertEqual(try kept(daemon, "Blue Train"), false)
        XCTAssertEqual(try input(daemon, "press", "knob"), "track 1/3: Track 1")
        XCTAssertEqual(try input(daemon, "turn", "knob", 5), "track 3/3: Keep offline")
        XCTAssertEqual(try input(daemon, "press", "knob"), "kept offline: John Coltrane — Blue Train")
        XCTAssertEqual(try kept(daemon, "Blue Train"), true)

        // A cache made smaller than what is kept says so, and evicts none of it.
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try keepingDaemon(cacheMB: 2)
        let roomy = try AdminProcess.run(["downloads", "keep", "--socket", daemon.socket, "\(try id(daemon, "Huge"))"])
        XCTAssertEqual(roomy.code, 0, roomy.err)
        let fetched = Date().addingTimeInterval(20)
        while !cacheFiles().contains(where: { $0.hasPrefix("3001-") && $0.hasSuffix(".mp3") }) && Date() < fetched { usleep(100_000) }
        XCTAssertEqual(daemon.stop(), 0)
        // Album 1 (not kept) is not on the box any more: playing it downloads it again.
        let root = dir.path + "/state/plex-cache/" + PlexFixture.machine + "/"
        for file in cacheFiles() where file.hasPrefix("110") { try FileManager.default.removeItem(atPath: root + file) }
        daemon = try keepingDaemon(cacheMB: 1)
        let warnings = try daemon.status().warnings
        XCTAssertTrue(warnings.contains { $0.hasPrefix("plex: the offline cache is full: kept albums take 1.5 MB of cache_mb 1.0 MB") },
                      "\(warnings)")
        XCTAssertNotNil(try request(daemon, ControlRequest(cmd: .downloads)).downloads?.kept?.full)
        // Loaded paused, it stays the album playing while its download goes on: played, its
        // 0.6 s would be over before the download began on a busy machine, and fetching
        // ahead moves on to what follows (a newer request replaces an older one).
        _ = try request(daemon, ControlRequest(cmd: .play, album: try id(daemon, "Album 1"), paused: true))
        let downloaded = Date().addingTimeInterval(20)
        while !cacheFiles().contains(where: { $0.hasPrefix("110") && $0.hasSuffix(".mp3") }) && Date() < downloaded {
            usleep(100_000)
        }
        XCTAssertTrue(cacheFiles().contains { $0.hasPrefix("110") && $0.hasSuffix(".mp3") }, "downloaded: \(cacheFiles())")
        _ = try request(daemon, ControlRequest(cmd: .toggle))
        try daemon.waitFor("Album 1 played") { $0.state == .idle && $0.tracks.count >= 2 }
        XCTAssertTrue(cacheFiles().contains { $0.hasPrefix("3001-") && $0.hasSuffix(".mp3") },
                      "a download past the cap evicts other files, never kept ones: \(cacheFiles())")
    }
}
