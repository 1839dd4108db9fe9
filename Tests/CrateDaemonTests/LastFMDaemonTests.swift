import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Last.fm scrobbling end to end: the real crated plays real MP3s through ALSA capture
/// and talks to the Last.fm stand-in, which checks every request's signature.
final class LastFMDaemonTests: LastFMTestCase {
    func testLoginPrintsTheLinkWaitsForApprovalAndStatusNamesTheUser() throws {
        try makeAlbum(tracks: 1, seconds: 1)
        let daemon = try startDaemon()
        XCTAssertEqual(try lastfmStatus(daemon).auth, .signedOut)
        let plain = try AdminProcess.run(["status", "--socket", daemon.socket])
        XCTAssertTrue(plain.out.contains("lastfm:") && plain.out.contains("not signed in"), plain.out)

        nonisolated(unsafe) var login: Result<(code: Int32, out: String, err: String), Error>?
        let done = DispatchSemaphore(value: 0)
        let socket = daemon.socket
        Thread.detachNewThread {
            login = Result { try AdminProcess.run(["lastfm", "login", "--socket", socket, "--timeout", "30"]) }
            done.signal()
        }
        try lastfm.waitFor("a token asked for") { $0.contains { $0.method == "auth.getToken" } }
        // Not approved yet: crated keeps asking, the command keeps waiting.
        try lastfm.waitFor("a session asked for before approval") {
            $0.contains { $0.method == "auth.getSession" && $0.result == "14" }
        }
        XCTAssertEqual(try lastfmStatus(daemon).auth, .signingIn)
        try lastfm.approve()
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "lastfm login did not return")
        let result = try XCTUnwrap(login).get()
        XCTAssertEqual(result.code, 0, result.err)
        let token = try XCTUnwrap(try lastfm.calls().first { $0.method == "auth.getSession" }?.params["token"])
        XCTAssertTrue(result.out.contains("http://127.0.0.1:\(lastfm.port)/api/auth/?api_key=\(LastFMFixture.apiKey)&token=\(token)"),
                      result.out)
        XCTAssertTrue(result.out.contains("signed in as \(LastFMFixture.user)"), result.out)
        let file = try FileManager.default.attributesOfItem(atPath: dir.path + "/state/lastfm.sqlite")
        XCTAssertEqual((file[.posixPermissions] as? Int).map { $0 & 0o777 }, 0o600, "the session key is readable by others")
        let after = try AdminProcess.run(["status", "--socket", daemon.socket])
        XCTAssertTrue(after.out.contains("signed in as \(LastFMFixture.user)"), after.out)

        // The session is kept: a restart is still signed in, and logout forgets it.
        XCTAssertEqual(daemon.stop(), 0)
        let again = try startDaemon()
        XCTAssertEqual(try lastfmStatus(again).user, LastFMFixture.user)
        let logout = try AdminProcess.run(["lastfm", "logout", "--socket", again.socket])
        XCTAssertEqual(logout.code, 0, logout.err)
        XCTAssertEqual(try lastfmStatus(again).auth, .signedOut)
    }

    func testARequestWithAWrongSignatureIsRefusedAndSaidClearly() throws {
        try makeAlbum(tracks: 1, seconds: 1)
        let daemon = try startDaemon(secret: "not-the-secret")
        let login = try AdminProcess.run(["lastfm", "login", "--socket", daemon.socket, "--timeout", "5"])
        XCTAssertNotEqual(login.code, 0)
        XCTAssertTrue(login.err.contains("Last.fm error 13"), login.err)
        XCTAssertTrue(try lastfmStatus(daemon).lastError?.contains("13") ?? false)
    }

    /// Track 1 is paused before half of it is heard (the pause must not count), then
    /// heard: scrobbled. Track 2 is skipped early, track 3 seeked to its end: neither is.
    /// Track 4 plays through: scrobbled. Each started track was announced as now playing.
    func testScrobblesFollowTheTimeActuallyHeard() throws {
        try makeAlbum(tracks: 4, seconds: 2)
        let daemon = try startDaemon()
        try signIn(daemon)
        let before = Int(Date().timeIntervalSince1970)
        try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon)))
        try lastfm.waitFor("now playing Song 1") {
            $0.contains { $0.method == "track.updateNowPlaying" && $0.params["track"] == "Song 1" && $0.result == "ok" }
        }
        try daemon.waitFor("Song 1 heard a little") { $0.state == .playing && $0.position > 0.3 }
        try request(daemon, ControlRequest(cmd: .pause))
        usleep(1_500_000)  // paused longer than half the track: still not heard
        XCTAssertEqual(try scrobbledTitles(), [], "a pause counted as heard")
        try request(daemon, ControlRequest(cmd: .resume))
        try lastfm.waitFor("Song 1 scrobbled") { $0.contains { $0.method == "track.scrobble" } }

        try daemon.waitFor("Song 2 playing") { $0.currentIndex == 1 && $0.state == .playing && $0.position > 0.2 }
        try request(daemon, ControlRequest(cmd: .next))
        try daemon.waitFor("Song 3 playing") { $0.currentIndex == 2 && $0.state == .playing }
        try request(daemon, ControlRequest(cmd: .seek, seconds: 1.8))
        try daemon.waitFor("Song 4 playing") { $0.currentIndex == 3 }
        try daemon.waitFor("the album ended", timeout: 20) { $0.state == .idle }
        try lastfm.waitFor("Song 4 scrobbled") { calls in
            calls.contains { $0.method == "track.scrobble" && $0.params["track[0]"] == "Song 4" }
        }
        usleep(300_000)
        XCTAssertEqual(try scrobbledTitles(), ["Song 1", "Song 4"], "a skipped or seeked-over track was scrobbled")

        let first = try XCTUnwrap(try lastfm.acceptedBatches().first?.first)
        XCTAssertEqual(first["artist"], "Band")
        XCTAssertEqual(first["album"], "Record")
        XCTAssertEqual(first["albumArtist"], "The Band")
        XCTAssertEqual(first["trackNumber"], "1")
        XCTAssertEqual(first["duration"], "2")
        let stamp = try XCTUnwrap(Int(first["timestamp"] ?? ""))
        XCTAssertTrue((before...before + 3).contains(stamp), "timestamp \(stamp) is not when Song 1 started (\(before))")
        let nowPlaying = try lastfm.calls().filter { $0.method == "track.updateNowPlaying" }.compactMap { $0.params["track"] }
        XCTAssertEqual(nowPlaying, ["Song 1", "Song 2", "Song 3", "Song 4"])
        XCTAssertEqual(try lastfmStatus(daemon).sent, 2)
        XCTAssertEqual(try lastfmStatus(daemon).pending, 0)
    }

    /// Last.fm away (no answer, then error 11, then garbage): scrobbles wait in
    /// lastfm.sqlite through a kill -9 and go out in one batch when it is back.
    func testOfflineScrobblesSurviveKill9AndArriveInOneBatch() throws {
        try makeAlbum(tracks: 3, seconds: 1.2)
        let daemon = try startDaemon()
        try signIn(daemon)
        try lastfm.mode(["down": true])
        try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon)))
        try daemon.waitFor("the album ended", timeout: 20) { $0.state == .idle }
        let waiting = try waitForLastFM(daemon, "3 scrobbles waiting") { $0.pending == 3 }
        XCTAssertTrue(waiting.lastError?.contains("cannot be reached") ?? false, "\(waiting)")
        let status = try AdminProcess.run(["status", "--socket", daemon.socket])
        XCTAssertTrue(status.out.contains("3 scrobble(s) waiting"), status.out)
        try lastfm.mode(["error": 11])
        try lastfm.waitFor("a try answered 11") { $0.contains { $0.result == "11" } }
        XCTAssertEqual(try lastfmStatus(daemon).pending, 3, "a temporary error dropped scrobbles")
        daemon.kill9()

        try lastfm.mode(["garbage": true])
        let again = try startDaemon()
        try lastfm.waitFor("a try after the restart answered garbage") {
            $0.filter { $0.result == "garbage" && $0.method == "track.scrobble" }.count > 0
        }
        XCTAssertEqual(try lastfmStatus(again).pending, 3, "scrobbles lost in the kill -9")
        try lastfm.mode([:])
        try waitForLastFM(again, "the queue sent", timeout: 30) { $0.pending == 0 }
        let batches = try lastfm.acceptedBatches()
        XCTAssertEqual(batches.count, 1, "sent in one batch")
        XCTAssertEqual(batches.first?.compactMap { $0["track"] }, ["Song 1", "Song 2", "Song 3"])
        let stamps = batches.first?.compactMap { Int($0["timestamp"] ?? "") } ?? []
        XCTAssertEqual(stamps, stamps.sorted(), "timestamps are the tracks' start times, in order")
        XCTAssertEqual(Set(stamps).count, 3)
        XCTAssertNil(try lastfmStatus(again).lastError)
    }

    /// Last.fm refuses the session (9): the scrobble is kept, status says to sign in again,
    /// and a new sign-in sends it.
    func testAnInvalidSessionShowsInStatusAndANewSignInSendsTheQueue() throws {
        try makeAlbum(tracks: 1, seconds: 1.2)
        let daemon = try startDaemon()
        try signIn(daemon)
        try lastfm.mode(["revoke": true])
        try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon)))
        try waitForLastFM(daemon, "the session refused, the scrobble kept") { $0.auth == .sessionInvalid && $0.pending == 1 }
        let status = try daemon.status()
        XCTAssertTrue(status.warnings.contains { $0.contains("lastfm: the session was refused; sign in again") }, "\(status.warnings)")
        let plain = try AdminProcess.run(["lastfm", "status", "--socket", daemon.socket])
        XCTAssertTrue(plain.out.contains("sign in again"), plain.out)

        try lastfm.mode([:])
        try signIn(daemon)
        try waitForLastFM(daemon, "the queue sent") { $0.pending == 0 }
        XCTAssertEqual(try scrobbledTitles(), ["Song 1"])
    }
}
