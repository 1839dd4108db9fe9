import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Plex end to end against the local stand-in: PIN sign-in, choosing the server, syncing
/// its music into the library, and what happens when the server misbehaves or vanishes.
final class PlexDaemonTests: PlexTestCase {
    func testSignInWithAPinThenSyncTheServersMusic() throws {
        try plex.load(try serverLibrary())
        let daemon = try self.daemon()
        let synced = try signInAndSync(daemon)
        XCTAssertEqual(synced.lastSync?.completed, true, "\(synced)")
        XCTAssertEqual(synced.albums, 2)
        XCTAssertEqual(synced.tracks, 4)
        XCTAssertEqual(synced.reachable, true)
        XCTAssertEqual(synced.unplayable.count, 1)
        XCTAssertTrue(synced.unplayable[0].contains("Windows Media") && synced.unplayable[0].contains("wma"), "\(synced.unplayable)")

        let albums = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums)
        let blueTrain = try XCTUnwrap(albums.first { $0.title == "Blue Train" })
        XCTAssertEqual(blueTrain.artist, "John Coltrane")
        XCTAssertEqual(blueTrain.superGenre, "Jazz")
        XCTAssertEqual(blueTrain.year, 1957)
        XCTAssertTrue(blueTrain.online)
        let detail = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .album, album: blueTrain.id)).album)
        XCTAssertEqual(detail.tracks.map(\.title), ["Track 1", "Track 2"])

        // The token is the daemon's alone.
        var st = stat()
        XCTAssertEqual(stat(dir.path + "/state/plex/token.json", &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)

        // Every request said who it was; every list request paged.
        let log = try plex.log()
        let clients = Set(log.compactMap { $0["client"] as? String })
        XCTAssertEqual(clients.count, 1, "one stable client identifier: \(clients)")
        XCTAssertTrue(log.allSatisfy { ($0["product"] as? String) == "Crate" || ($0["path"] as? String ?? "").hasPrefix("/__") })
        let lists = log.filter { ($0["path"] as? String ?? "").hasSuffix("/all") }
        XCTAssertFalse(lists.isEmpty)
        XCTAssertTrue(lists.allSatisfy { $0["start"] is String && $0["size"] is String }, "\(lists)")
    }

    func testListsArePagedAndThrottlingIsWaitedOut() throws {
        try plex.load(try serverLibrary(albums: 30, tracksPerAlbum: 4))
        let daemon = try self.daemon("page_size = 100")
        try plex.mode(["throttle": 2, "retry_after": 1])
        let synced = try signInAndSync(daemon)
        XCTAssertEqual(synced.lastSync?.completed, true, "\(synced)")
        XCTAssertEqual(synced.tracks, 120)
        let trackPages = try plex.log().filter { ($0["query"] as? [String: String])?["type"] == "10" }
        XCTAssertEqual(trackPages.compactMap { $0["start"] as? String }, ["0", "100"], "121 tracks in pages of 100")
    }

    func testAServerThatVanishesLeavesItsAlbumsOfflineNotDeleted() throws {
        try plex.load(try serverLibrary())
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        try plex.mode(["down": true])
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        let failed = try waitFor("the failed sync", daemon) { $0.lastSync?.completed == false && !$0.syncing }
        XCTAssertEqual(failed.reachable, false)
        XCTAssertEqual(failed.albums, 2, "nothing deleted")
        XCTAssertNotNil(failed.problem)
        let albums = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums)
        XCTAssertEqual(albums.filter { !$0.online }.count, 2, "offline and still browsable")

        try plex.mode([:])
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        let back = try waitFor("the next sync", daemon) { $0.lastSync?.completed == true && !$0.syncing }
        XCTAssertEqual(back.reachable, true)
        XCTAssertTrue(try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums).allSatisfy(\.online))
    }

    func testAnAlbumLeavesOnlyAfterACompleteListing() throws {
        let library = try serverLibrary(albums: 2)
        try plex.load(library)
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        try plex.load([library[0]])
        try plex.mode(["fail5xx": 50])  // every retry fails: the listing never completes
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        let failed = try waitFor("the failed sync", daemon, timeout: 120) { $0.lastSync?.completed == false && !$0.syncing }
        XCTAssertEqual(failed.albums, 2, "an incomplete listing removes nothing")
        try plex.mode([:])
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        let done = try waitFor("a complete sync", daemon) { $0.lastSync?.completed == true && !$0.syncing }
        XCTAssertEqual(done.albums, 1)
        XCTAssertEqual(done.lastSync?.removed, 2)
    }

    func testARefusedTokenShowsAsExpired() throws {
        try plex.load(try serverLibrary())
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let serverFile = dir.path + "/state/plex/server.json"
        let text = try String(contentsOfFile: serverFile, encoding: .utf8)
            .replacingOccurrences(of: PlexFixture.token, with: "revoked")
        try text.write(toFile: serverFile, atomically: true, encoding: .utf8)
        _ = try request(daemon, ControlRequest(cmd: .plexSync))
        let expired = try waitFor("the refused sync", daemon) { $0.lastSync?.completed == false && !$0.syncing }
        XCTAssertEqual(expired.auth, .expired)
        XCTAssertTrue(expired.problem?.contains("401") ?? false, "\(expired.problem ?? "")")
        XCTAssertEqual(expired.albums, 2, "a refused token deletes nothing")
    }

    func testPlexCommandsNeedASignIn() throws {
        let daemon = try self.daemon()
        XCTAssertEqual(try status(daemon).auth, .signedOut)
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .plexServers), ok: false).error,
                       "not signed in: crate-admin plex login")
        XCTAssertTrue(try request(daemon, ControlRequest(cmd: .plexSync), ok: false).error?.hasPrefix("no server chosen") ?? false)
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .plexUse), ok: false).error,
                       "plex-use needs 'server': the server's name or machine identifier")
    }

    func testTheCDsPlaylistIsTheWallet() throws {
        // One track of "Album 1" stands for the whole album; a playlist by another name is ignored.
        try plex.load(try serverLibrary(albums: 3), playlists: [("Workout", [1001]), ("cds", [1201, 1102])])
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let wallet = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, wallet: true)).crate)
        XCTAssertEqual(wallet.name, "CDs")
        XCTAssertEqual(wallet.items.map(\.album.title), ["Album 1", "Album 2"], "by artist, then title")
        XCTAssertEqual(wallet.unresolved, [])
        let workout = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, playlist: "Workout")).crate)
        XCTAssertEqual(workout.items.map(\.album.title), ["Blue Train"], "any audio playlist is a crate of its albums")
    }

    func testACollectionIsACrate() throws {
        try plex.load(try serverLibrary(albums: 3), collections: [("Late Night", [12, 10])])
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, collection: "late night")).crate)
        XCTAssertEqual(crate.name, "late night")
        XCTAssertEqual(crate.items.map(\.album.title), ["Album 2", "Blue Train"], "in the collection's order")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .crate, collection: "Nope"), ok: false).error,
                       "no Plex collection called \"Nope\" (there are \"Late Night\")")
    }
}
