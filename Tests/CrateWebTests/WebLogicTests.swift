import CrateCore
@testable import CrateWeb
import XCTest

/// crate-web's rules, without a server: which commands the page may send, the listen
/// address, the origin check, sessions, paging and search, the daemon's feature list.
final class WebLogicTests: XCTestCase {
    func decode(_ json: String) throws -> WebDaemonRequest {
        try PageCommand.decode(Array(json.utf8)).daemonRequest()
    }

    func testOnlyThePagesCommandsReachTheDaemonWithOnlyTheirArguments() throws {
        let play = try decode(#"{"cmd":"play","album":7,"track":2,"artist":"ignored"}"#)
        XCTAssertEqual(play.cmd, "play")
        XCTAssertEqual(play.album, 7)
        XCTAssertEqual(play.track, 2)
        XCTAssertNil(play.artist, "play keeps only album and track")
        for refused in [#"{"cmd":"restore"}"#, #"{"cmd":"backup"}"#, #"{"cmd":"library-scan"}"#, #"{"cmd":"plex-logout"}"#,
                        #"{"cmd":"input","gesture":"press"}"#, #"{"cmd":"play"}"#, #"{"cmd":"seek","seconds":-2}"#,
                        #"{"cmd":"sleep","sleep":"2h"}"#, #"{"cmd":"downloads-keep"}"#, "nonsense", #"{"album":1}"#] {
            XCTAssertThrowsError(try decode(refused), refused)
        }
        XCTAssertEqual(try decode(#"{"cmd":"sleep","sleep":"end-of-album"}"#).sleep, "end-of-album")
        let crate = try decode(#"{"cmd":"crate","genres":["Jazz","Bebop"],"grow":true}"#)
        XCTAssertEqual(crate.genres ?? [], ["Jazz", "Bebop"])
        XCTAssertEqual(crate.grow, true)
        XCTAssertEqual(try decode(#"{"cmd":"crate","wall":true}"#).wall, true, "the Crate Wall, back from a genre crate")
        XCTAssertNil(try decode(#"{"cmd":"play","album":1,"wall":true}"#).wall, "only crate carries it")
        XCTAssertThrowsError(try decode(#"{"cmd":"crate","genre":"\#(String(repeating: "x", count: 300))"}"#))
    }

    func testListenAddresses() throws {
        XCTAssertEqual(try ListenAddress(parsing: "0.0.0.0:8080"), ListenAddress(host: "0.0.0.0", port: 8080))
        XCTAssertEqual(try ListenAddress(parsing: "[::1]:80"), ListenAddress(host: "::1", port: 80))
        for bad in ["8080", ":8080", "host:0", "host:70000", "host:http"] {
            XCTAssertThrowsError(try ListenAddress(parsing: bad), bad)
        }
    }

    func testTheOriginMustBeThisServer() {
        XCTAssertTrue(OriginCheck.allows(origin: "http://crate.local:8080", host: "crate.local:8080"))
        XCTAssertFalse(OriginCheck.allows(origin: "http://evil.example", host: "crate.local:8080"))
        XCTAssertFalse(OriginCheck.allows(origin: "http://crate.local:8080.evil.example", host: "crate.local:8080"))
        XCTAssertFalse(OriginCheck.allows(origin: nil, host: "crate.local:8080"))
        XCTAssertFalse(OriginCheck.allows(origin: "null", host: "crate.local:8080"))
    }

    func testSessionsNeedThePasswordAndAreBounded() throws {
        let sessions = WebSessions(password: "pw")
        XCTAssertNil(sessions.signIn("pW"))
        XCTAssertNil(sessions.signIn("pw "))
        let first = try XCTUnwrap(sessions.signIn("pw"))
        XCTAssertTrue(sessions.isValid(first))
        XCTAssertFalse(sessions.isValid("made-up"))
        XCTAssertFalse(sessions.isValid(nil))
        for _ in 0..<WebLimits.maxSessions { _ = sessions.signIn("pw") }
        XCTAssertFalse(sessions.isValid(first), "the oldest session is forgotten past the bound")
        XCTAssertTrue(WebSessions(password: nil).isValid(nil), "no password: open")
        XCTAssertTrue(WebSessions.cookie("t").contains("HttpOnly; SameSite=Strict"))
    }

    func testTheDaemonsCommandListTellsWhatItOffers() {
        let older = DaemonFeatures(unknownCommandAnswer: "unknown command 'x' (known: ping, status, cover, downloads)")
        XCTAssertFalse(older.sleepTimer)
        XCTAssertFalse(older.keepOffline)
        XCTAssertTrue(older.covers)
        let newer = DaemonFeatures(unknownCommandAnswer: "unknown command 'x' (known: ping, sleep, downloads-keep, downloads-unkeep)")
        XCTAssertTrue(newer.sleepTimer)
        XCTAssertTrue(newer.keepOffline)
        XCTAssertFalse(DaemonFeatures(unknownCommandAnswer: "").sleepTimer)
    }

    /// The wall's thumbnail and the album page's large cover of one album are two pictures:
    /// neither answers for the other, and the byte bound holds over both.
    func testCoversAreKeptByAlbumAndSize() {
        let store = CoverStore(capacity: 10)
        let thumb = CoverStore.Key(album: 7, size: .thumb), large = CoverStore.Key(album: 7, size: .large)
        store.keep(CoverStore.Cover(bytes: [1, 1, 1, 1], contentType: "image/jpeg"), for: thumb)
        XCTAssertNil(store.cover(large), "the thumbnail is not the large cover")
        store.keep(CoverStore.Cover(bytes: [2, 2, 2, 2, 2], contentType: "image/jpeg"), for: large)
        XCTAssertEqual(store.cover(large)?.bytes, [2, 2, 2, 2, 2])
        XCTAssertEqual(store.cover(thumb)?.bytes, [1, 1, 1, 1])
        store.keep(CoverStore.Cover(bytes: [3, 3, 3], contentType: "image/jpeg"), for: CoverStore.Key(album: 8, size: .thumb))
        XCTAssertNil(store.cover(large), "past 10 bytes the least recently used went")
        XCTAssertEqual(store.cover(thumb)?.bytes, [1, 1, 1, 1])
    }

    /// The pages' album list and covers are read again when crated says a scan ended or
    /// Plex synced: known by the event's kind, wherever in the line it stands.
    func testTheLibraryIsReadAgainAfterAScanOrAPlexSyncOnly() throws {
        XCTAssertTrue(try EventHub.changesLibrary(#"{"event":"scan-finished","status":{"tracks":[]}}"#))
        XCTAssertTrue(try EventHub.changesLibrary(#"{"status":{"tracks":[]},"event":"plex-synced","message":"ok"}"#))
        XCTAssertTrue(try EventHub.changesLibrary(#"{ "event" : "scan-finished" }"#))
        for other in ["scan-started", "scan-progress", "state", "track", "input", "a-kind-from-a-newer-crated"] {
            XCTAssertFalse(try EventHub.changesLibrary(#"{"event":"\#(other)","status":{}}"#), other)
        }
        XCTAssertThrowsError(try EventHub.changesLibrary("not an event"))
    }

    /// A cover is revalidated by a name made from its bytes: the same picture answers to its
    /// ETag (in a list, weak or not, or `*`), a changed one does not.
    func testACoversETagNamesItsBytes() {
        let cover = CoverStore.Cover(bytes: [1, 2, 3], contentType: "image/jpeg")
        XCTAssertEqual(cover.etag, CoverStore.Cover(bytes: [1, 2, 3], contentType: "image/jpeg").etag)
        XCTAssertNotEqual(cover.etag, CoverStore.Cover(bytes: [1, 2, 4], contentType: "image/jpeg").etag)
        XCTAssertEqual(cover.etag.count, 18, cover.etag)
        for header in [cover.etag, "W/\(cover.etag)", "\"x\", \(cover.etag)", " \(cover.etag) ", "*"] {
            XCTAssertTrue(CoverStore.Cover.matches(header, etag: cover.etag), header)
        }
        for header in [nil, "", "\"x\"", String(cover.etag.dropLast())] {
            XCTAssertFalse(CoverStore.Cover.matches(header, etag: cover.etag), header ?? "nil")
        }
    }

    /// The page's A–Z list: each artist once with their albums, whatever the case.
    func testArtistsAreListedOnceAtoZWithTheirAlbums() {
        func album(_ id: Int64, _ artist: String) -> AlbumSummary {
            AlbumSummary(id: id, title: "T\(id)", artist: artist, year: nil, superGenre: "Jazz", subGenre: nil,
                         trackCount: 1, discCount: 1, duration: 1, compilation: false, online: true, folder: "/m/\(id)")
        }
        let list = AlbumListing.artists([album(1, "miles Davis"), album(2, "Abbey Lincoln"), album(3, "miles Davis"), album(4, "Bill Evans")])
        XCTAssertEqual(list, [ArtistEntry(name: "Abbey Lincoln", albums: 1), ArtistEntry(name: "Bill Evans", albums: 1),
                              ArtistEntry(name: "miles Davis", albums: 2)])
    }
}
