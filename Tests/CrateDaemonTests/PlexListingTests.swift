import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Listings a sync must not believe: a server that says it has 192 albums and sends none,
/// pages that stop early, a library that suddenly shrinks. Nothing is removed on their
/// word, the report says why, and an album that leaves and comes back keeps its id.
final class PlexListingTests: PlexTestCase {
    func albumIDs(_ daemon: DaemonProcess) throws -> [String: Int64] {
        let albums = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums)
        return Dictionary(uniqueKeysWithValues: albums.map { ($0.title, $0.id) })
    }

    func sync(_ daemon: DaemonProcess, _ what: String, acceptShrink: Bool? = nil) throws -> PlexStatus {
        _ = try request(daemon, ControlRequest(cmd: .plexSync, acceptShrink: acceptShrink))
        return try waitFor(what, daemon, timeout: 60) { $0.lastSync != nil && !$0.syncing }
    }

    func testAnEmptyPageShortOfTheTotalRemovesNothingAndSaysWhy() throws {
        try plex.load(try serverLibrary(albums: 3))
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let before = try albumIDs(daemon)
        XCTAssertEqual(before.count, 3)
        // {"MediaContainer":{"size":0,"offset":0,"totalSize":4}}: four albums said, none sent.
        try plex.mode(["short": ["9": 0]])
        let short = try sync(daemon, "the short sync")
        let report = try XCTUnwrap(short.lastSync)
        XCTAssertFalse(report.completed)
        XCTAssertTrue(report.partial, "\(report)")
        XCTAssertEqual(report.removed, 0)
        let error = report.error ?? ""
        XCTAssertTrue(error.contains("0 of 4") && error.contains("nothing was removed"), error)
        XCTAssertEqual(short.albums, 3, "nothing removed")
        XCTAssertEqual(try albumIDs(daemon), before)
        XCTAssertEqual(short.reachable, true, "the server answered")
    }

    func testPagesThatEndBeforeTheTotalRemoveNothing() throws {
        try plex.load(try serverLibrary(albums: 60, tracksPerAlbum: 2))
        let daemon = try self.daemon("page_size = 100")
        _ = try signInAndSync(daemon)
        XCTAssertEqual(try status(daemon).tracks, 120)
        // The track listing stops after its first page of 100 (of 121).
        try plex.mode(["short": ["10": 100]])
        let short = try sync(daemon, "the short sync")
        XCTAssertEqual(short.lastSync?.completed, false)
        XCTAssertEqual(short.lastSync?.partial, true)
        XCTAssertTrue(short.lastSync?.error?.contains("100 of 121") ?? false, short.lastSync?.error ?? "")
        XCTAssertEqual(short.albums, 60)
        XCTAssertEqual(short.tracks, 120)
        try plex.mode([:])
        XCTAssertEqual(try sync(daemon, "a whole sync").lastSync?.completed, true)
    }

    func testAPartialFirstSyncSaysItIsPartial() throws {
        try plex.load(try serverLibrary(albums: 3))
        try plex.mode(["short": ["9": 2]])
        let daemon = try self.daemon()
        let first = try signInAndSync(daemon)
        let report = try XCTUnwrap(first.lastSync)
        XCTAssertFalse(report.completed, "\(report)")
        XCTAssertTrue(report.partial)
        XCTAssertTrue(report.error?.contains("partial") ?? false, report.error ?? "")
        let shown = try AdminProcess.run(["plex", "status", "--socket", daemon.socket])
        XCTAssertTrue(shown.out.contains("last sync: partial"), shown.out)
    }

    func testALibraryThatSuddenlyShrinksIsHeldBackUntilAccepted() throws {
        let library = try serverLibrary(albums: 30, tracksPerAlbum: 1)
        try plex.load(library)
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        XCTAssertEqual(try status(daemon).albums, 30)
        // A complete, consistent listing of 5 albums: 25 gone at once (83 %).
        try plex.load(Array(library.prefix(5)))
        let held = try sync(daemon, "the held-back sync")
        XCTAssertEqual(held.lastSync?.completed, false)
        XCTAssertEqual(held.lastSync?.partial, true)
        let error = held.lastSync?.error ?? ""
        XCTAssertTrue(error.contains("held back") && error.contains("--accept-shrink"), error)
        XCTAssertEqual(held.albums, 30, "nothing removed")
        XCTAssertEqual(held.lastSync?.removed, 0)
        // The admin says the albums really left.
        let accepted = try sync(daemon, "the accepted sync", acceptShrink: true)
        XCTAssertEqual(accepted.lastSync?.completed, true, "\(accepted)")
        XCTAssertEqual(accepted.albums, 5)
    }

    func testAnAlbumThatLeavesAndComesBackKeepsItsID() throws {
        let library = try serverLibrary(albums: 3)
        try plex.load(library)
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)
        let before = try albumIDs(daemon)
        try plex.load([library[0], library[2], library[3]])  // "Album 1" leaves the server
        XCTAssertEqual(try sync(daemon, "the sync without it").albums, 2)
        XCTAssertNil(try albumIDs(daemon)["Album 1"])
        try plex.load(library)
        XCTAssertEqual(try sync(daemon, "the sync with it back").albums, 3)
        XCTAssertEqual(try albumIDs(daemon), before, "the same ids as before it left")
    }

    func testAlbumsWithoutTracksAndTracksWithoutAlbumsAreReported() throws {
        var library = try serverLibrary(albums: 2)
        library.append(PlexFixture.Album(ratingKey: 50, title: "Empty Sleeve", artist: "Nobody", tracks: []))
        try plex.load(library)
        try plex.mode(["hide_albums": [11]])  // "Album 1" is not listed; its two tracks are
        let daemon = try self.daemon()
        let synced = try signInAndSync(daemon)
        let skipped = synced.lastSync?.skipped ?? []
        XCTAssertTrue(skipped.contains { $0.contains("Empty Sleeve") && $0.contains("no tracks") }, "\(skipped)")
        XCTAssertEqual(skipped.filter { $0.contains("album 11") && $0.contains("not listed") }.count, 2, "\(skipped)")
        let shown = try AdminProcess.run(["plex", "status", "--socket", daemon.socket])
        XCTAssertTrue(shown.out.contains("skipped:   3 items:"), shown.out)
        XCTAssertTrue(shown.out.contains("Empty Sleeve"), shown.out)
    }
}
