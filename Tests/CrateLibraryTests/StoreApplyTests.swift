@testable import CrateLibrary
import CrateCore
import CrateFormats
import XCTest

/// What the scanner writes and how files become albums.
final class StoreApplyTests: StoreTestCase {
    func testEveryFileRecordFieldRoundTrips() throws {
        let store = try openStore()
        let full = FileRecord(
            path: "/music/Band/Album/01 Song.mp3", root: "/music", size: 7_340_032, mtimeNanos: 1_700_000_000_123_456_789,
            albumKey: "tag:band|album", title: "Song — “quoted”", artist: "Band feat. Guest", albumArtist: "Band",
            albumTitle: "Album", trackNumber: 1, trackTotal: 12, discNumber: 2, discTotal: 3, year: 2004,
            date: "2004-05-17", genres: ["Rock", "Indie Rock", ""], compilation: true,
            musicBrainzAlbumID: "f5093c06-23e3-404f-aeaa-40f72885ee3a",
            replayGain: ReplayGain(trackGain: -6.5, trackPeak: 0.98765, albumGain: -7.25, albumPeak: 1.0),
            artwork: ArtworkLocation(offset: 1234, length: 56_789, mimeType: "image/jpeg"),
            sampleRate: 48000, channels: 1, durationFrames: 9_876_543, exactDuration: true,
            superGenre: "Rock", subGenre: "Indie Rock", artistSortKey: "band", albumSortKey: "album")
        let sparse = FileRecord(
            path: "/music/x.mp3", root: "/music", size: 0, mtimeNanos: -5, albumKey: "folder:/music", title: "",
            artist: "", albumArtist: nil, albumTitle: "", trackNumber: nil, trackTotal: nil, discNumber: nil,
            discTotal: nil, year: nil, date: nil, genres: [], compilation: false, musicBrainzAlbumID: nil,
            replayGain: ReplayGain(albumGain: -3), artwork: nil, sampleRate: 44100, channels: 2, durationFrames: 0,
            exactDuration: false, superGenre: "Other", subGenre: nil, artistSortKey: "", albumSortKey: "")
        try store.apply(upserts: [full, sparse], deletions: [])
        XCTAssertEqual(try store.fileRecord(path: full.path), full)
        XCTAssertEqual(try store.fileRecord(path: sparse.path), sparse)
        XCTAssertEqual(try store.stamps(root: "/music"), [
            full.path: FileStamp(size: 7_340_032, mtimeNanos: 1_700_000_000_123_456_789),
            sparse.path: FileStamp(size: 0, mtimeNanos: -5),
        ])
        XCTAssertEqual(try store.stamps(root: "/other"), [:])
    }

    func testAlbumAggregatesTitleYearGenreAndDuration() throws {
        let store = try openStore()
        try store.apply(upserts: [
            track("/m/A/1.mp3", artist: "Band", albumTitle: "Abbey Road", number: 1, year: 1971, seconds: 100,
                  superGenre: "Rock", subGenre: "Classic Rock"),
            track("/m/A/2.mp3", artist: "Band", albumTitle: "Abbey Road", number: 2, year: 1969, seconds: 200,
                  rate: 48000, superGenre: "Other"),
            track("/m/A/3.mp3", artist: "Band", albumTitle: "Abbey Road (Remaster)", number: 3, seconds: 50,
                  superGenre: "Other"),
        ], deletions: [])
        let album = try XCTUnwrap(try store.albums().first)
        XCTAssertEqual(album.title, "Abbey Road", "the most common title wins")
        XCTAssertEqual(album.artist, "Band")
        XCTAssertFalse(album.compilation)
        XCTAssertEqual(album.year, 1969, "the earliest year")
        XCTAssertEqual(album.superGenre, "Rock", "\"Other\" only when nothing else is known")
        XCTAssertEqual(album.subGenre, "Classic Rock")
        XCTAssertEqual(album.trackCount, 3)
        XCTAssertEqual(album.discCount, 1)
        XCTAssertEqual(album.duration, 350, accuracy: 1e-9)
        XCTAssertEqual(album.folder, "/m/A")
        XCTAssertTrue(album.online)
    }

    func testArtistIsTheAlbumArtistThenTheTrackArtistThenVariousArtists() throws {
        let store = try openStore()
        try store.apply(upserts: [
            track("/m/mix/1.mp3", album: "mix", artist: "One", albumTitle: "Mix"),
            track("/m/mix/2.mp3", album: "mix", artist: "Two", albumTitle: "Mix"),
            track("/m/solo/1.mp3", album: "solo", artist: "Solo", albumTitle: "Alone"),
            track("/m/solo/2.mp3", album: "solo", artist: "Solo", albumTitle: "Alone"),
            track("/m/dj/1.mp3", album: "dj", artist: "X", albumArtist: "The DJ", albumTitle: "Set"),
            track("/m/dj/2.mp3", album: "dj", artist: "Y", albumArtist: "The DJ", albumTitle: "Set"),
            track("/m/hits/1.mp3", album: "hits", artist: "Solo", albumTitle: "Hits", compilation: true),
        ], deletions: [])
        let byTitle = Dictionary(uniqueKeysWithValues: try store.albums().map { ($0.title, $0) })
        XCTAssertEqual(byTitle["Mix"]?.artist, "Various Artists")
        XCTAssertEqual(byTitle["Mix"]?.compilation, true, "different track artists, no album artist")
        XCTAssertEqual(byTitle["Alone"]?.artist, "Solo")
        XCTAssertEqual(byTitle["Alone"]?.compilation, false)
        XCTAssertEqual(byTitle["Set"]?.artist, "The DJ")
        XCTAssertEqual(byTitle["Set"]?.compilation, false, "an album artist makes it one artist's album")
        XCTAssertEqual(byTitle["Hits"]?.compilation, true, "a file says so")
        XCTAssertEqual(try store.artists().map(\.name), ["The DJ", "Solo", "Various Artists"], "by sort key")
    }

    func testDiscSubfoldersBelongToTheirParentAndTracksPlayInDiscOrder() throws {
        let store = try openStore()
        try store.apply(upserts: [
            track("/m/Set/CD2/01.mp3", album: "set", number: 1, disc: 2),
            track("/m/Set/CD1/02.mp3", album: "set", number: 2, disc: 1),
            track("/m/Set/CD1/01.mp3", album: "set", number: 1, disc: 1, discTotal: 2),
            track("/m/Set/CD2/bonus-b.mp3", album: "set", disc: 2),
            track("/m/Set/CD2/bonus-a.mp3", album: "set", disc: 2),
            track("/m/Half/CD1/01.mp3", album: "half", number: 1, disc: 1, discTotal: 3),
        ], deletions: [])
        let albums = Dictionary(uniqueKeysWithValues: try store.albums().map { ($0.folder, $0) })
        let set = try XCTUnwrap(albums["/m/Set"])
        XCTAssertEqual(set.discCount, 2)
        XCTAssertEqual(set.trackCount, 5)
        XCTAssertEqual(try store.albumPaths(id: set.id), [
            "/m/Set/CD1/01.mp3", "/m/Set/CD1/02.mp3", "/m/Set/CD2/01.mp3", "/m/Set/CD2/bonus-a.mp3",
            "/m/Set/CD2/bonus-b.mp3",
        ], "disc, then numbered tracks, then unnumbered ones by path")
        let detail = try XCTUnwrap(try store.album(id: set.id))
        XCTAssertEqual(detail.tracks.map(\.path), try store.albumPaths(id: set.id))
        XCTAssertEqual(detail.tracks.first?.disc, 1)
        XCTAssertEqual(detail.tracks.first?.number, 1)
        XCTAssertEqual(detail.tracks.first?.duration ?? 0, 180, accuracy: 1e-9)
        XCTAssertEqual(detail.tracks.first?.exactDuration, true)
        let half = try XCTUnwrap(albums["/m/Half"], "a lone CD1 folder still names its parent: \(albums.keys)")
        XCTAssertEqual(half.discCount, 3, "the disc total counts even when discs are missing")
        XCTAssertNil(try store.album(id: 9999))
        XCTAssertNil(try store.albumPaths(id: 9999))
    }

    func testAlbumsAreSortedByArtistKeyThenTitleKeyThenId() throws {
        let store = try openStore()
        try store.apply(upserts: [
            track("/m/1/1.mp3", album: "z", artist: "Zed", albumTitle: "First"),
            track("/m/2/1.mp3", album: "b2", artist: "The Beatles", albumTitle: "Revolver"),
            track("/m/3/1.mp3", album: "b1", artist: "Beatles", albumTitle: "Abbey Road"),
            track("/m/4/1.mp3", album: "a", artist: "abba", albumTitle: "Gold"),
            track("/m/5/1.mp3", album: "b3", artist: "The Beatles", albumTitle: "Revolver"),
        ], deletions: [])
        let albums = try store.albums()
        XCTAssertEqual(albums.map(\.title), ["Gold", "Abbey Road", "Revolver", "Revolver", "First"])
        XCTAssertLessThan(albums[2].id, albums[3].id, "equal keys fall back to the id")
        XCTAssertEqual(try store.artists(), [
            ArtistSummary(name: "abba", albumCount: 1), ArtistSummary(name: "Beatles", albumCount: 3),
            ArtistSummary(name: "Zed", albumCount: 1),
        ], "spellings with one sort key are one artist")
    }

    func testAlbumIdsAreStableAcrossRescansAndNeverReused() throws {
        let store = try openStore()
        let one = albumTracks("/m/One", key: "one", artist: "A", title: "One")
        let two = albumTracks("/m/Two", key: "two", artist: "B", title: "Two")
        try store.apply(upserts: one + two, deletions: [])
        let ids = try store.albums().map(\.id)
        let added = try store.read { try $0.rows("SELECT added_at FROM albums ORDER BY id") { $0.double(0) } }

        var retagged = two
        retagged[0].title = "New title"
        try store.apply(upserts: retagged.reversed() + one, deletions: [])
        XCTAssertEqual(try store.albums().map(\.id), ids)
        XCTAssertEqual(try store.read { try $0.rows("SELECT added_at FROM albums ORDER BY id") { $0.double(0) } },
                       added, "added_at is set on first insert only")

        try store.apply(upserts: [], deletions: two.map(\.path))
        try store.apply(upserts: albumTracks("/m/Three", key: "three", artist: "C", title: "Three"), deletions: [])
        let three = try XCTUnwrap(try store.albums(artist: "C").first)
        XCTAssertFalse(ids.contains(three.id), "a deleted album's id is not handed to another")
    }

    func testDeletionsRemoveFilesAndEmptyAlbums() throws {
        let store = try openStore()
        let tracks = albumTracks("/m/A", key: "a", artist: "A", title: "A", count: 3)
        try store.apply(upserts: tracks + albumTracks("/m/B", key: "b", artist: "B", title: "B"), deletions: [])
        try store.apply(upserts: [], deletions: [tracks[0].path, "/m/never-stored.mp3"])
        XCTAssertNil(try store.fileRecord(path: tracks[0].path))
        XCTAssertEqual(try store.albums(artist: "A").first?.trackCount, 2)
        try store.apply(upserts: [], deletions: tracks.map(\.path))
        XCTAssertEqual(try store.albums().map(\.title), ["B"])
        XCTAssertEqual(try store.stats(lastScan: nil).tracks, 3)
    }

    func testAFileThatChangesAlbumUpdatesBothAlbums() throws {
        let store = try openStore()
        try store.apply(upserts: [track("/m/x/1.mp3", album: "old", albumTitle: "Old"),
                                  track("/m/x/2.mp3", album: "old", albumTitle: "Old")], deletions: [])
        try store.apply(upserts: [track("/m/x/1.mp3", album: "new", albumTitle: "New"),
                                  track("/m/x/2.mp3", album: "new", albumTitle: "New")], deletions: [])
        XCTAssertEqual(try store.albums().map(\.title), ["New"], "the old album had no file left")
    }

    func testArtworkIsTheFirstFileWithAPictureInAlbumOrder() throws {
        let store = try openStore()
        let picture = ArtworkLocation(offset: 10, length: 100, mimeType: "image/png")
        try store.apply(upserts: [
            track("/m/a/3.mp3", number: 3, artwork: picture), track("/m/a/2.mp3", number: 2, artwork: picture),
            track("/m/a/1.mp3", number: 1),
        ], deletions: [])
        let artPath = { try store.read { try $0.firstRow(
            "SELECT f.path FROM albums a JOIN files f ON f.id = a.art_file_id") { $0.text(0) } } }
        XCTAssertEqual(try artPath(), "/m/a/2.mp3")
        try store.apply(upserts: [], deletions: ["/m/a/2.mp3"])
        XCTAssertEqual(try artPath(), "/m/a/3.mp3")
        try store.apply(upserts: [], deletions: ["/m/a/3.mp3"])
        XCTAssertNil(try artPath())
    }

    func testAnOfflineRootKeepsItsAlbumsAndComesBack() throws {
        let store = try openStore()
        try store.apply(upserts: albumTracks("/usb/A", key: "a", artist: "A", title: "A").map {
            var record = $0
            record.root = "/usb"
            return record
        } + albumTracks("/music/B", key: "b", artist: "B", title: "B"), deletions: [])
        try store.setRoot("/music", online: true)
        try store.setRoot("/usb", online: false)
        XCTAssertEqual(try store.albums().map(\.online), [false, true])
        var stats = try store.stats(lastScan: nil)
        XCTAssertEqual(stats.albums, 2)
        XCTAssertEqual(stats.offlineAlbums, 1)
        XCTAssertEqual(stats.roots, [LibraryRootStatus(path: "/music", online: true, albums: 1),
                                     LibraryRootStatus(path: "/usb", online: false, albums: 1)])
        try store.setRoot("/usb", online: true)
        stats = try store.stats(lastScan: nil)
        XCTAssertEqual(stats.offlineAlbums, 0)
        XCTAssertEqual(try store.albums().map(\.online), [true, true])
    }

    func testSkippedFilesAndScanStateAreKept() throws {
        let store = try openStore()
        try store.setSkipped([SkippedFile(path: "/m/bad.mp3", reason: "no MPEG frames")], under: "/m")
        try store.setSkipped([SkippedFile(path: "/n/x.mp3", reason: "unreadable")], under: "/n")
        try store.setSkipped([SkippedFile(path: "/m/worse.mp3", reason: "truncated")], under: "/m")
        XCTAssertEqual(try store.skippedFiles().map(\.path), ["/m/worse.mp3", "/n/x.mp3"])
        XCTAssertEqual(try store.skippedFiles(root: "/n"), [SkippedFile(path: "/n/x.mp3", reason: "unreadable")])

        XCTAssertNil(try store.scanState("resume"))
        try store.setScanState("resume", "/m/Artist")
        try store.setScanState("resume", "/m/Later")
        XCTAssertEqual(try store.scanState("resume"), "/m/Later")
        try store.setScanState("resume", nil)
        XCTAssertNil(try store.scanState("resume"))
    }
}
