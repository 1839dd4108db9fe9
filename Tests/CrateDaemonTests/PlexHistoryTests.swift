import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// A fresh box signed in to a server with years of history already knows its owner: the
/// server's play counts, last plays, ratings and added dates feed the Wall's signals. And
/// the box's dislikes leave the server's collections and playlists too.
final class PlexHistoryTests: PlexTestCase {
    func testTheServersHistorySeedsAFreshBoxsCrate() throws {
        var albums = try serverLibrary(albums: 12)
        let now = Int(Date().timeIntervalSince1970)
        // Album 1: played a lot, lately. Album 2: five stars, never played here. Album 3:
        // four stars and some plays. Album 11: the newest on the server. The rest: old, unplayed.
        for n in albums.indices where albums[n].ratingKey != 99 {
            albums[n].addedAt = now - 400 * 86_400 - n
        }
        albums[1].viewCount = 60
        albums[1].lastViewedAt = now - 86_400
        albums[2].userRating = 10
        albums[3].viewCount = 4
        albums[3].lastViewedAt = now - 10 * 86_400
        albums[3].userRating = 8
        albums[11].addedAt = now - 3_600
        try plex.load(albums)
        let daemon = try self.daemon("[crate]\nsize = 6\n")
        _ = try signInAndSync(daemon)
        let ids = Dictionary(uniqueKeysWithValues: try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums)
            .map { ($0.title, $0.id) })

        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .dial, position: "my-crate")).crate)
        XCTAssertEqual(crate.actual["history"], 2, "the server's plays are history: \(crate.actual) \(crate.notes)")
        XCTAssertGreaterThan(crate.actual["favorites"] ?? 0, 0, "ratings of 8 and up are likes: \(crate.actual)")
        let picked = Set(crate.items.map(\.album.id))
        for title in ["Album 1", "Album 2", "Album 3"] {
            XCTAssertTrue(picked.contains(ids[title]!), "\(title) in My Crate: \(crate.items.map(\.album.title))")
        }
        let byReason = Dictionary(grouping: crate.items, by: \.reason).mapValues { $0.map(\.album.title) }
        XCTAssertEqual(Set(byReason["history"] ?? []), ["Album 1", "Album 3"], "\(byReason)")
        XCTAssertEqual(byReason["favorites"]?.first, "Album 2", "\(byReason)")

        let curated = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .dial, position: "curated")).crate)
        XCTAssertGreaterThan(curated.actual["popular"] ?? 0, 0, "\(curated.actual) \(curated.notes)")

        // The server's word stays the server's: nothing in the box's own history or likes,
        // nothing written back.
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .history)).history?.count, 0)
        usleep(300_000)
        XCTAssertEqual(try plex.log().filter { ($0["path"] as? String) == "/:/rate" }.count, 0)
    }

    func testADislikedAlbumLeavesCollectionAndPlaylistCrates() throws {
        // Tracks 1001, 1101, 1201: the first track of Blue Train, Album 1, Album 2.
        try plex.load(try serverLibrary(albums: 3), playlists: [("Evening", [1001, 1101, 1201])],
                      collections: [("Keepers", [10, 11, 12])])
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let album = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == "Album 1" }?.id)
        _ = try request(daemon, ControlRequest(cmd: .dislike, album: album))
        for request in [ControlRequest(cmd: .crate, collection: "Keepers"), ControlRequest(cmd: .crate, playlist: "Evening")] {
            let titles = try XCTUnwrap(try self.request(daemon, request).crate).items.map(\.album.title)
            XCTAssertEqual(titles, ["Blue Train", "Album 2"], "\(request.collection ?? request.playlist ?? "")")
        }
    }
}
