@testable import CratePlex
import CrateJSON
import CrateLibrary
import XCTest

/// Library listings: sections, albums, tracks and the smaller lists, with PLEX.md's quirks.
final class PlexWireLibraryTests: XCTestCase {
    private func body(_ text: String) throws -> JSONValue { try PlexWireFixtures.parse(text) }

    func testSectionsFindTheMusicSectionAndReportTheKeyless() throws {
        let page = try PlexDecode.sections(body(PlexWireFixtures.sections))
        XCTAssertEqual(page.items, [PlexSection(key: "3", title: "Music", type: "artist", uuid: "6a1c-music"),
                                    PlexSection(key: "1", title: "Films", type: "movie")])
        XCTAssertEqual(page.items.filter(\.isMusic).map(\.key), ["3"])
        XCTAssertEqual(page.skipped, ["section at index 2 (\"Holiday\"): no key"])
        XCTAssertEqual(page.size, 3)
    }

    func testAlbumsDecodeLenientlyWithHoistedArtistAndLatin1Titles() throws {
        let page = try PlexDecode.albums(body(PlexWireFixtures.albums))
        XCTAssertEqual(page.offset, 8)
        XCTAssertEqual(page.size, 4)
        XCTAssertEqual(page.totalSize, 12)
        XCTAssertEqual(page.items.count, 3)
        XCTAssertEqual(page.items[0], PlexAlbum(
            ratingKey: "1001", artistRatingKey: "100", title: "Kind of Blue", artist: "Miles Davis", year: 1959,
            originallyAvailableAt: "1959-08-17", thumb: "/library/metadata/1001/thumb/1700000000",
            addedAt: 1_700_000_000, updatedAt: 1_700_000_500, viewCount: 8, lastViewedAt: 1_700_001_000,
            userRating: 10, genres: ["Jazz", "Modal Jazz"], studio: "Columbia"))
        // Numeric id, artist and its key hoisted to the container, no year, one Genre object.
        XCTAssertEqual(page.items[1], PlexAlbum(
            ratingKey: "1002", artistRatingKey: "100", title: "Sketches of Spain", artist: "Miles Davis",
            viewCount: 3, userRating: 7.5, genres: ["Jazz"]))
        XCTAssertEqual(page.items[2].ratingKey, "1003")
        XCTAssertEqual(page.items[2].title, "Café Society")
        XCTAssertEqual(page.items[2].artist, "Björk")
        XCTAssertEqual(page.items[2].artistRatingKey, "200")
        XCTAssertEqual(page.items[2].year, 2001)
        XCTAssertEqual(page.items[2].genres, ["Electronic"])
        XCTAssertEqual(page.skipped, ["album at index 10 (\"Bootleg Without Key\"): no ratingKey"])
    }

    func testAnAlbumWithNoArtistAnywhereHasNone() throws {
        let page = try PlexDecode.albums(body(#"{"MediaContainer": {"Metadata": [{"ratingKey": 5, "title": "X"}]}}"#))
        XCTAssertEqual(page.items, [PlexAlbum(ratingKey: "5", title: "X")])
        XCTAssertNil(page.totalSize)
    }

    func testTracksTakeHoistedFieldsAndDefaultTheDisc() throws {
        let page = try PlexDecode.tracks(body(PlexWireFixtures.albumChildren))
        XCTAssertEqual(page.items.map(\.ratingKey), ["2001", "2002", "2003", "2004", "2005", "2009"])
        let first = page.items[0]
        XCTAssertEqual(first, PlexTrack(
            ratingKey: "2001", albumRatingKey: "1001", artistRatingKey: "100", title: "So What",
            albumArtist: "Miles Davis", artist: "Miles Davis", albumTitle: "Kind of Blue", index: 1, disc: 1,
            durationMs: 562_000, addedAt: 1_700_000_000, updatedAt: 1_700_000_100,
            parts: [PlexPart(key: "/library/parts/91/1474300012/file.mp3", size: 13_500_000, container: "mp3", codec: "mp3")]))
        let second = page.items[1]
        XCTAssertEqual(second.artist, "Miles Davis & Wynton Kelly")
        XCTAssertEqual(second.albumArtist, "Miles Davis")
        XCTAssertEqual(second.disc, 2)
        XCTAssertEqual(second.index, 2)
        XCTAssertEqual(second.durationMs, 585_000)
        XCTAssertEqual(second.parts, [PlexPart(key: "/library/parts/92/1474300012/file.flac", size: 40_000_000,
                                               container: "flac", codec: "flac")])
        XCTAssertEqual(page.items.map(\.disc), [1, 2, 1, 1, 1, 1])
    }

    func testMixedCodecsAreToldApart() throws {
        let page = try PlexDecode.tracks(body(PlexWireFixtures.albumChildren))
        let byTitle = Dictionary(uniqueKeysWithValues: page.items.map { ($0.title, $0) })
        XCTAssertEqual(byTitle["So What"]?.isPlayable, true)
        XCTAssertEqual(byTitle["Freddie Freeloader"]?.isPlayable, true)  // flac
        XCTAssertEqual(byTitle["Blue in Green"]?.isPlayable, true)  // aac in mp4 (.m4a)
        XCTAssertEqual(byTitle["All Blues"]?.isPlayable, false)  // raw aac (ADTS): not played
        XCTAssertEqual(byTitle["Flamenco Sketches"]?.isPlayable, true)  // only the key says, in capitals
        let twoVersions = try XCTUnwrap(byTitle["Two Versions"])
        XCTAssertEqual(twoVersions.parts.map(\.key), ["/library/parts/99/file.flac", "/library/parts/100/file.mp3"])
        // The first playable part is taken, whatever its format.
        XCTAssertEqual(twoVersions.playablePart?.key, "/library/parts/99/file.flac")
        XCTAssertTrue(twoVersions.isPlayable)
        // Signs that disagree are not trusted: an "mp3" codec in an mp4 container.
        XCTAssertNil(PlexPart(key: "/library/parts/1/file.m4a", container: "mp4", codec: "mp3").format)
        XCTAssertEqual(PlexPart(key: "/library/parts/2/file.opus", container: "ogg", codec: "opus").format?.name, "Opus")
    }

    func testPartSignsMustAllAgreeOnOneFormat() {
        XCTAssertEqual(PlexPart(key: "/library/parts/1/file.mp3").format?.name, "MP3")
        XCTAssertEqual(PlexPart(key: "/library/parts/1/2/file.Mp3?download=1", container: "MP3").format?.name, "MP3")
        XCTAssertEqual(PlexPart(key: "/library/parts/1/file", codec: "mp3").format?.name, "MP3")
        XCTAssertNil(PlexPart(key: "/library/parts/1/file").format)  // nothing says what it is
        XCTAssertNil(PlexPart(key: "/library/parts/1/file.mp3", container: "mp4", codec: "mp3").format)
        XCTAssertNil(PlexPart(key: "/library/parts/1/file.m4a", codec: "mp3").format)
        XCTAssertEqual(PlexPart(key: "/library/parts/1/file.flac", container: "flac", codec: "flac").format?.name, "FLAC")
        XCTAssertEqual(PlexPart(key: "/library/parts/1/file.m4a", container: "mp4", codec: "alac").format?.name, "MP4")
        XCTAssertEqual(PlexPart(key: "/library/parts/1/file.ogg", container: "ogg", codec: "vorbis").format?.name, "Ogg Vorbis")
        XCTAssertNil(PlexPart(key: "/library/parts/1/file.aac", container: "aac", codec: "aac").format)  // raw ADTS
        XCTAssertNil(PlexPart(key: "/library/parts/1/file.wma", container: "asf", codec: "wmav2").format)
    }

    func testUnusableTracksAreReportedNotDropped() throws {
        let page = try PlexDecode.tracks(body(PlexWireFixtures.albumChildren))
        XCTAssertEqual(page.skipped, [
            "track at index 5 (\"No Media Here\", ratingKey 2006): no file (no Media[].Part[].key)",
            "track at index 6 (\"Part Without Key\", ratingKey 2007): no file (no Media[].Part[].key)",
            "track at index 7 (\"Track Without Key\"): no ratingKey",
            "track at index 9 is a string, not an object",
        ])
        // What the server sent is all accounted for, so paging can count on it.
        XCTAssertEqual(page.items.count + page.skipped.count, page.size)
    }

    func testAnEmptyContainerIsAnEmptyPage() throws {
        let page = try PlexDecode.albums(body(#"{"MediaContainer": {"size": 0, "totalSize": 2000, "offset": 0, "allowSync": true}}"#))
        XCTAssertEqual(page, PlexPage<PlexAlbum>(items: [], offset: 0, size: 0, totalSize: 2000, skipped: []))
        XCTAssertEqual(try PlexDecode.tracks(body(#"{"MediaContainer": {}}"#)), PlexPage<PlexTrack>())
    }

    func testABodyWithoutAContainerSaysWhatItWas() throws {
        XCTAssertThrowsError(try PlexDecode.albums(body("[1, 2]"))) { error in
            XCTAssertEqual(error as? PlexWireError, .unexpectedShape(expected: "a MediaContainer object", found: "an array"))
        }
        XCTAssertThrowsError(try PlexDecode.sections(body(#"{"status": "ok", "items": []}"#))) { error in
            XCTAssertEqual("\(error)", "expected a MediaContainer object, got an object with keys status, items")
        }
        XCTAssertThrowsError(try PlexDecode.tracks(body(#"{"errors": [{"code": 1001, "message": "User could not be authenticated"}]}"#))) { error in
            XCTAssertEqual("\(error)", "the server said: User could not be authenticated (code 1001)")
        }
    }

    func testArtistsGenresCollectionsAndPlaylists() throws {
        let artists = try PlexDecode.artists(body("""
        {"MediaContainer": {"size": 2, "Metadata": [
          {"ratingKey": 100, "type": "artist", "title": "Miles Davis", "Genre": [{"tag": "Jazz"}, {"tag": "Bebop"}]},
          {"title": "Nobody"}]}}
        """))
        XCTAssertEqual(artists.items, [PlexArtist(ratingKey: "100", title: "Miles Davis", genres: ["Jazz", "Bebop"])])
        XCTAssertEqual(artists.skipped.count, 1)

        let genres = try PlexDecode.genres(body("""
        {"MediaContainer": {"size": 3, "Directory": [
          {"key": 1234, "fastKey": "/library/sections/3/all?genre=1234", "title": "Jazz"},
          {"key": "/library/sections/3/genre/77", "title": "Hip-Hop/Rap"}, {"key": 5}]}}
        """))
        XCTAssertEqual(genres.items, [PlexGenre(key: "1234", title: "Jazz"),
                                      PlexGenre(key: "/library/sections/3/genre/77", title: "Hip-Hop/Rap")])
        XCTAssertEqual(genres.skipped, ["genre at index 2: no title"])

        let collections = try PlexDecode.collections(body("""
        {"MediaContainer": {"size": 1, "Metadata": [
          {"ratingKey": "555", "type": "collection", "subtype": "album", "title": "Desert Island", "childCount": "8"}]}}
        """))
        XCTAssertEqual(collections.items, [PlexCollection(ratingKey: "555", title: "Desert Island", childCount: 8)])

        let playlists = try PlexDecode.playlists(body("""
        {"MediaContainer": {"size": 2, "Metadata": [
          {"ratingKey": 9001, "type": "playlist", "title": "CDs", "playlistType": "audio", "leafCount": 42, "smart": "0"},
          {"ratingKey": "9002", "title": "Untyped"}]}}
        """))
        XCTAssertEqual(playlists.items, [PlexPlaylist(ratingKey: "9001", title: "CDs", playlistType: "audio", leafCount: 42),
                                         PlexPlaylist(ratingKey: "9002", title: "Untyped", playlistType: "")])
        XCTAssertEqual(playlists.items.map(\.isAudio), [true, false])
    }

    func testPlaylistItemsAreTracksWithTheirOwnAlbumFields() throws {
        let page = try PlexDecode.playlistItems(body("""
        {"MediaContainer": {"size": 1, "title": "CDs", "leafCount": 1, "Metadata": [
          {"ratingKey": 2001, "playlistItemID": 77, "parentRatingKey": 1001, "grandparentTitle": "Miles Davis",
           "parentTitle": "Kind of Blue", "title": "So What",
           "Media": [{"Part": [{"key": "/library/parts/91/file.mp3"}]}]}]}}
        """))
        XCTAssertEqual(page.items.map(\.albumRatingKey), ["1001"])
        XCTAssertEqual(page.items.map(\.albumTitle), ["Kind of Blue"])
        XCTAssertEqual(page.items.map(\.disc), [1])
    }

    func testAGeneratedPageOf500AlbumsParsesWhole() throws {
        var text = #"{"MediaContainer": {"size": 500, "totalSize": 2000, "offset": 500, "parentTitle": "Various", "Metadata": ["#
        for i in 0..<500 {
            let key = i.isMultiple(of: 2) ? "\(10_000 + i)" : "\"\(10_000 + i)\""
            text += (i == 0 ? "" : ",") + """
            {"ratingKey": \(key), "parentRatingKey": \(i % 50), "title": "Album \(i) Caf<<E9>>",
             "year": \(i.isMultiple(of: 3) ? "null" : "\"\(1950 + i % 70)\""), "addedAt": \(1_600_000_000 + i),
             "viewCount": "\(i % 9)", "Genre": [{"tag": "Jazz"}, {"tag": "Genre \(i % 7)"}],
             "Image": [{"type": "coverPoster", "url": "/library/metadata/\(i)/thumb"}], "summary": "\(String(repeating: "x", count: 200))"}
            """
        }
        text += "]}}"
        let bytes = PlexWireFixtures.bytes(text)
        let clock = ContinuousClock()
        let start = clock.now
        let page = try PlexDecode.albums(LenientJSON.parse(bytes))
        let elapsed = clock.now - start
        print("500 albums (\(bytes.count) bytes) parsed and decoded in \(elapsed)")
        XCTAssertEqual(page.items.count, 500)
        XCTAssertEqual(page.skipped, [])
        XCTAssertEqual(page.totalSize, 2000)
        for (i, album) in page.items.enumerated() {
            XCTAssertEqual(album.ratingKey, "\(10_000 + i)")
            XCTAssertEqual(album.title, "Album \(i) Café")
            XCTAssertEqual(album.artist, "Various")
            XCTAssertEqual(album.artistRatingKey, "\(i % 50)")
            XCTAssertEqual(album.year, i.isMultiple(of: 3) ? nil : 1950 + i % 70)
            XCTAssertEqual(album.viewCount, i % 9)
            XCTAssertEqual(album.genres, ["Jazz", "Genre \(i % 7)"])
        }
    }
}
