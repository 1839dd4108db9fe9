import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Plex albums played: from the server through the cache, and without the server.
final class PlexPlaybackTests: PlexTestCase {
    func blueTrain(_ daemon: DaemonProcess) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == "Blue Train" }?.id)
    }

    /// What playing the served files locally sounds like.
    func reference() throws -> [Int16] {
        try ["01.mp3", "02.mp3"].flatMap { try ReferenceDecode.samples(of: music + "/Served/" + $0) }
    }

    func testAPlexAlbumSoundsExactlyLikeTheSameFilesPlayedLocally() throws {
        try plex.load(try serverLibrary(albums: 1))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        _ = try request(daemon, ControlRequest(cmd: .play, album: try blueTrain(daemon)))
        let end = try daemon.waitFor("the album played", timeout: 30) { $0.state == .idle && $0.tracks.count == 2 }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        // Streamed as it arrived; the album is kept for offline play in the background.
        var downloads = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .downloads)).downloads)
        let deadline = Date().addingTimeInterval(20)
        while downloads.files < 2 && Date() < deadline {
            usleep(100_000)
            downloads = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .downloads)).downloads)
        }
        let sizes = try ["01.mp3", "02.mp3"].map {
            try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: music + "/Served/" + $0)[.size] as? Int)
        }
        XCTAssertEqual(downloads.files, 2)
        XCTAssertEqual(downloads.bytes, sizes.reduce(0, +))
        XCTAssertEqual(downloads.active, [])
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), try reference(), "sample for sample, gapless")
        XCTAssertEqual(cacheFiles().filter { $0.hasSuffix(".mp3") }.count, 2, "both tracks kept for offline play")
        let parts = try plex.log().filter { ($0["path"] as? String ?? "").hasPrefix("/library/parts/") }
        XCTAssertTrue(parts.contains { ($0["query"] as? [String: String])?["download"] == nil }, "played from a stream")
        XCTAssertTrue(cacheFiles().allSatisfy { !$0.hasSuffix(".part") })
        XCTAssertFalse(daemon.log.contains("was not looked up ahead"), "the engine thread looked a Plex track up itself")
    }

    /// A FLAC album (16-bit and 24-bit tracks) streamed from the server: the capture is the
    /// local reference decode of the same files, every bit, and both are cached as FLAC.
    func testAStreamedFLACAlbumSoundsExactlyLikeTheLocalDecode() throws {
        let folder = music + "/Served FLAC"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let first = FormatFixtures.sweep(rate: 44100, seconds: 0.6)
        let second = FormatFixtures.sweep(rate: 44100, seconds: 0.5)
        try FormatFixtures.encode(first, format: .flac, rate: 44100, channels: 2, to: folder + "/01.flac")
        try FormatFixtures.encode(second, format: .flac, rate: 44100, channels: 2, to: folder + "/02.flac")
        try plex.load([PlexFixture.Album(ratingKey: 40, title: "Kind of Lossless", artist: "Miles", genres: ["Jazz"],
                                         tracks: [("One", folder + "/01.flac"), ("Two", folder + "/02.flac")],
                                         container: "flac")])
        let daemon = try self.daemon()
        let synced = try signInAndSync(daemon)
        XCTAssertEqual(synced.unplayable, [])
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == "Kind of Lossless" })
        _ = try request(daemon, ControlRequest(cmd: .play, album: album.id))
        let end = try daemon.waitFor("the album played", timeout: 30) { $0.state == .idle && $0.tracks.count == 2 }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        XCTAssertEqual(daemon.stop(), 0)
        let captured = FormatFixtures.samples(raw: try Data(contentsOf: URL(fileURLWithPath: daemon.capture)), bits: 16)
        XCTAssertEqual(captured.count, first.count + second.count, "gapless: every sample, nothing added")
        XCTAssertTrue(captured == first + second, "sample for sample the local decode")
        let deadline = Date().addingTimeInterval(20)
        while cacheFiles().filter({ $0.hasSuffix(".flac") }).count < 2 && Date() < deadline { usleep(100_000) }
        XCTAssertEqual(cacheFiles().filter { $0.hasSuffix(".flac") }.count, 2, "cached for offline play as FLAC")
    }

    func testADownloadedAlbumPlaysWithoutTheServerAnUndownloadedOneSaysWhy() throws {
        try plex.load(try serverLibrary(albums: 2))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let albums = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums)
        let other = try XCTUnwrap(albums.first { $0.title == "Album 1" }?.id)
        _ = try request(daemon, ControlRequest(cmd: .play, album: try blueTrain(daemon)))
        try daemon.waitFor("Blue Train played") { $0.state == .idle && $0.tracks.count >= 2 }
        let deadline = Date().addingTimeInterval(20)
        while cacheFiles().filter({ $0.hasPrefix("100") && $0.hasSuffix(".mp3") }).count < 2 && Date() < deadline {
            usleep(100_000)
        }
        // The server goes away, and a sync finds out.
        try plex.mode(["down": true])
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        _ = try waitFor("the failed sync", daemon) { $0.reachable == false && !$0.syncing }
        _ = try request(daemon, ControlRequest(cmd: .stop))
        // A crate made now still offers the downloaded album (it plays), not the other.
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crateRegenerate)).crate).items.map(\.album.id)
        XCTAssertTrue(crate.contains(try blueTrain(daemon)), "a downloaded album stays in crates while its server is away")
        let otherCached = cacheFiles().contains { $0.hasPrefix("1101-") && $0.hasSuffix(".mp3") }
        if !otherCached { XCTAssertFalse(crate.contains(other), "an album that cannot play is left out") }

        _ = try request(daemon, ControlRequest(cmd: .play, album: try blueTrain(daemon)))
        try daemon.waitFor("Blue Train again, from the cache") { $0.state == .idle && $0.tracks.count >= 2 && $0.tracks.allSatisfy { $0.error == nil } }
        // Album 1 may have been fetched ahead while the server was there; make sure it was not.
        let cached = cacheFiles()
        if cached.contains(where: { $0.hasPrefix("1101-") }) { return }
        let refused = try request(daemon, ControlRequest(cmd: .play, album: other), ok: false)
        XCTAssertTrue(refused.error?.contains("cannot be reached, and it was not downloaded") ?? false, refused.error ?? "")
    }

    func testCutConnectionsAreResumedAndACutDownloadIsNeverOffered() throws {
        try plex.load(try serverLibrary(albums: 1))
        var daemon = try self.daemon("stall_timeout = 10")
        _ = try signInAndSync(daemon)
        let album = try blueTrain(daemon)
        // Every answer is cut after a third of what is left: the stream resumes with Range
        // requests and plays on; the cache's download gives up and keeps only a .part.
        try plex.mode(["cut_parts": true])
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        let end = try daemon.waitFor("played through the cuts", timeout: 30) { $0.state == .idle && $0.tracks.count == 2 }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        usleep(2_000_000)
        daemon.kill9()
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), try reference(), "resumed with Range, sample for sample")
        XCTAssertFalse(cacheFiles().contains { $0.hasSuffix(".mp3") }, "a cut download is never offered: \(cacheFiles())")
        XCTAssertTrue(cacheFiles().contains { $0.hasSuffix(".part") }, "\(cacheFiles())")
        let ranged = try plex.log().filter { ($0["path"] as? String ?? "").hasPrefix("/library/parts/") && $0["range"] is String }
        XCTAssertFalse(ranged.isEmpty, "the resumes asked for the rest only")

        try plex.mode([:])
        daemon = try self.daemon("stall_timeout = 10")
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        try daemon.waitFor("played") { $0.state == .idle && $0.tracks.count == 2 }
        let deadline = Date().addingTimeInterval(20)
        while cacheFiles().filter({ $0.hasSuffix(".mp3") }).count < 2 && Date() < deadline { usleep(100_000) }
        XCTAssertEqual(cacheFiles().filter { $0.hasSuffix(".mp3") }.count, 2, "the downloads resumed and completed")
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), try reference())
    }

    func testAServerThatGoesSilentEndsInAnErrorNotEndlessBuffering() throws {
        try plex.load(try serverLibrary(albums: 1))
        let daemon = try self.daemon("stall_timeout = 2\ndownload_ahead = 0")
        _ = try signInAndSync(daemon)
        let album = try blueTrain(daemon)
        try plex.mode(["down": true])
        // Answered at once (the stream is awaited off the command's path), then an error.
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        let status = try daemon.waitFor("the stalls to end in an error", timeout: 30) { $0.state.name == "error" }
        XCTAssertEqual(status.state, .error("no playable tracks (2 tried; see status for each)"))
        XCTAssertTrue(status.tracks.allSatisfy { $0.error?.contains("no data for 2 s") ?? false }, "\(status.tracks)")
        // crate-admin status names each failed track by its album and title, not by ids.
        let shown = try AdminProcess.run(["status", "--socket", daemon.socket]).out
        XCTAssertTrue(shown.contains("1/2 John Coltrane — Blue Train: Track 1: "), shown)
        XCTAssertTrue(shown.contains("2/2 John Coltrane — Blue Train: Track 2: "), shown)
    }

    /// A server that takes the request and never sends a byte: `play` is answered at once,
    /// `status` says buffering (the new album, its first track) from the first moment and
    /// other commands are answered meanwhile; after `stall_timeout` it is an error.
    func testAServerSilentBeforeTheFirstByteNeitherFreezesCommandsNorPlaysSilence() throws {
        try plex.load(try serverLibrary(albums: 1))
        let daemon = try self.daemon("stall_timeout = 3\ndownload_ahead = 0")
        _ = try signInAndSync(daemon)
        let album = try blueTrain(daemon)
        try plex.mode(["silent_parts": 20])
        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        let buffering = try daemon.status().player
        XCTAssertEqual(buffering.state.name, "buffering", "\(buffering.state)")
        XCTAssertEqual(buffering.currentIndex, 0)
        XCTAssertEqual(buffering.tracks.count, 2)
        _ = try request(daemon, ControlRequest(cmd: .queue))  // answered while the stream is awaited
        let end = try daemon.waitFor("the stall to end in an error", timeout: 30) { $0.state.name == "error" }
        XCTAssertTrue(end.tracks.allSatisfy { $0.error?.contains("no data for 3 s") ?? false }, "\(end.tracks)")
    }
}

/// Likes, dislikes and plays reach the server, and wait for it while it is away.
final class PlexWriteBackTests: PlexTestCase {
    func requests(_ path: String) throws -> [[String: String]] {
        try plex.log().filter { ($0["path"] as? String) == path }.compactMap { $0["query"] as? [String: String] }
    }

    func waitForRequests(_ path: String, count: Int, timeout: Double = 20) throws -> [[String: String]] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let seen = try requests(path)
            if seen.count >= count { return seen }
            guard Date() < deadline else { throw FixtureError("only \(seen.count) \(path) requests: \(seen)") }
            usleep(100_000)
        }
    }

    func testRatingsScrobblesAndTimelinesReachTheServer() throws {
        try plex.load(try serverLibrary(albums: 1))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first?.id)
        _ = try request(daemon, ControlRequest(cmd: .like, album: album))
        let rated = try waitForRequests("/:/rate", count: 1)
        XCTAssertEqual(rated.last?["key"], "10")
        XCTAssertEqual(rated.last?["rating"], "10", "a like is five stars")

        _ = try request(daemon, ControlRequest(cmd: .play, album: album))
        try daemon.waitFor("the album heard to its end") { $0.state == .idle && $0.tracks.count == 2 }
        let scrobbled = try waitForRequests("/:/scrobble", count: 1)
        XCTAssertEqual(scrobbled.last?["key"], "10")
        let timelines = try waitForRequests("/:/timeline", count: 1)
        XCTAssertTrue(timelines.contains { $0["ratingKey"] == "1001" || $0["ratingKey"] == "1002" }, "\(timelines)")
    }

    func testADislikeWaitsForTheServerAndIsSentWhenItIsBack() throws {
        try plex.load(try serverLibrary(albums: 1))
        let daemon = try self.daemon("dislike_rating = 1")
        _ = try signInAndSync(daemon)
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first?.id)
        try plex.mode(["down": true])
        _ = try request(daemon, ControlRequest(cmd: .dislike, album: album))
        usleep(1_500_000)
        XCTAssertEqual(try requests("/:/rate").count, 0, "nothing reached the server while it was down")
        try plex.mode([:])
        _ = try request(daemon, ControlRequest(cmd: .plexSync))  // any later moment; the push thread retries every 30 s
        let rated = try waitForRequests("/:/rate", count: 1, timeout: 40)
        XCTAssertEqual(rated.last?["rating"], "1")
    }
}
