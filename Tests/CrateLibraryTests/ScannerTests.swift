@testable import CrateLibrary
import CrateCore
import Foundation
import Logging
import TestSupport
import XCTest

/// Real folders of lame-made MP3s, scanned into a real SQLite store: the albums, order
/// and genres a person would expect, and honest counts of what could not be used.
final class ScannerTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }
    var store: LibraryStore!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "scan")
        store = try LibraryStore.open(directory: dir.path + "/state", logger: Logger(label: "test"))
        let lib = LibraryFixture(root: music)
        try lib.add("Artist A/Album One", (1...3).map {
            .init(file: "0\($0) Song.mp3", title: "Song \($0)", artist: "Artist A", album: "Album One",
                  track: "\($0)/3", year: 1999, genre: "Rock")
        })
        try lib.add("The Band/Double/CD1", (1...2).map {
            .init(file: "0\($0).mp3", title: "One-\($0)", artist: "The Band", album: "Double", track: "\($0)", disc: "1/2",
                  genre: "Bebop")
        })
        try lib.add("The Band/Double/CD2", (1...2).map {
            .init(file: "0\($0).mp3", title: "Two-\($0)", artist: "The Band", album: "Double", track: "\($0)", disc: "2/2",
                  genre: "Bebop")
        })
        try lib.add("Compilations/Hits", ["X", "Y", "Z"].enumerated().map {
            .init(file: "0\($0.offset + 1).mp3", title: "Hit \($0.element)", artist: "Singer \($0.element)",
                  album: "Hits", track: "\($0.offset + 1)")
        })
        try lib.add("Artist C/Greatest Hits", [.init(file: "01.mp3", title: "C1", artist: "Artist C", album: "Greatest Hits")])
        try lib.add("Artist D/Greatest Hits", [.init(file: "01.mp3", title: "D1", artist: "Artist D", album: "Greatest Hits")])
        try lib.add("Untagged Folk - Field Recordings", [.init(file: "01 - Morning.mp3"), .init(file: "02 - Evening.mp3")])
        try lib.write(Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }), to: "Junk/noise.mp3")
        try lib.write(Data("not audio".utf8), to: "Artist A/Album One/notes.txt")
    }

    override func tearDown() { dir?.remove() }

    func scan(full: Bool = false) -> ScanReport {
        LibraryScanner(store: store, roots: [music], logger: Logger(label: "test"))
            .run(full: full, cancelled: { false }, progress: { _ in })
    }

    func album(_ title: String, by artist: String? = nil) throws -> AlbumDetail {
        let match = try store.albums().filter { $0.title == title && (artist == nil || $0.artist == artist) }
        XCTAssertEqual(match.count, 1, "exactly one album '\(title)' by \(artist ?? "anyone")")
        return try XCTUnwrap(try store.album(id: try XCTUnwrap(match.first).id))
    }

    func testAFreshScanFindsTheAlbumsAPersonWouldExpect() throws {
        let report = scan()
        XCTAssertTrue(report.completed)
        XCTAssertEqual(report.filesSeen, 15)
        XCTAssertEqual(report.filesRead, 15)
        XCTAssertEqual(report.skipped.map(\.path), [music + "/Junk/noise.mp3"])
        XCTAssertTrue(report.skipped[0].reason.contains("not an MP3"), report.skipped[0].reason)
        XCTAssertEqual(try store.albums().count, 6)

        let one = try album("Album One")
        XCTAssertEqual(one.album.artist, "Artist A")
        XCTAssertEqual(one.album.year, 1999)
        XCTAssertEqual(one.album.superGenre, "Rock")
        XCTAssertEqual(one.tracks.map(\.title), ["Song 1", "Song 2", "Song 3"])
        XCTAssertTrue(one.tracks.allSatisfy { $0.exactDuration && abs($0.duration - 0.3) < 0.001 })

        // Two disc folders, one album, disc then track order; a sub-genre tag finds its super-genre.
        let double = try album("Double")
        XCTAssertEqual(double.tracks.map(\.title), ["One-1", "One-2", "Two-1", "Two-2"])
        XCTAssertEqual(double.album.discCount, 2)
        XCTAssertEqual(double.album.folder, music + "/The Band/Double")
        XCTAssertEqual(double.album.superGenre, "Jazz")
        XCTAssertEqual(double.album.subGenre, "Bebop")

        // Several artists under one title with no album artist: one compilation.
        let hits = try album("Hits")
        XCTAssertTrue(hits.album.compilation)
        XCTAssertEqual(hits.album.artist, "Various Artists")
        XCTAssertEqual(hits.tracks.map(\.artist), ["Singer X", "Singer Y", "Singer Z"])

        // The same title by different artists stays two albums.
        XCTAssertEqual(try album("Greatest Hits", by: "Artist C").tracks.count, 1)
        XCTAssertEqual(try album("Greatest Hits", by: "Artist D").tracks.count, 1)

        // No tags at all: the folder names the album, the file names the tracks.
        let field = try album("Field Recordings")
        XCTAssertEqual(field.album.artist, "Untagged Folk")
        XCTAssertEqual(field.tracks.map(\.title), ["Morning", "Evening"])
        XCTAssertEqual(field.tracks.map(\.number), [1, 2])

        // Sorted by artist sort key ("The Band" under B), then title.
        XCTAssertEqual(try store.albums().map(\.artist).prefix(2), ["Artist A", "Artist C"])
        XCTAssertEqual(try store.albums(superGenre: "Jazz").map(\.title), ["Double"])
    }

    func testRescansReadOnlyWhatChanged() throws {
        _ = scan()
        let ids = try store.albums().map(\.id)
        // Only the unusable file is tried again (it may have been fixed meanwhile) and reported again.
        var report = scan()
        XCTAssertEqual(report.filesRead, 1)
        XCTAssertEqual(report.filesUnchanged, 14)
        XCTAssertEqual(report.skipped.map(\.path), [music + "/Junk/noise.mp3"])
        XCTAssertEqual(try store.albums().map(\.id), ids, "album ids are stable across rescans")

        // A changed file re-reads its folder (its siblings' keys depend on it), nothing else.
        let touched = music + "/Artist A/Album One/02 Song.mp3"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: touched)
        report = scan()
        XCTAssertEqual(report.filesRead, 3 + 1)

        // A deleted file leaves the album; a new folder arrives.
        try FileManager.default.removeItem(atPath: music + "/Artist A/Album One/03 Song.mp3")
        try LibraryFixture(root: music).add("Artist E/New", [.init(file: "01.mp3", title: "N", artist: "Artist E", album: "New")])
        report = scan()
        XCTAssertEqual(report.filesRemoved, 1)
        XCTAssertEqual(report.filesRead, 1 + 1)
        XCTAssertEqual(try album("Album One").tracks.count, 2)
        XCTAssertEqual(try album("New").album.artist, "Artist E")

        // --full reads everything again and changes nothing.
        report = scan(full: true)
        XCTAssertEqual(report.filesRead, 15)
        XCTAssertEqual(try store.albums().count, 7)
    }

    func testAMissingOrUnmountedRootMarksItsAlbumsOfflineAndDeletesNothing() throws {
        _ = scan()
        let away = dir.path + "/away"
        try FileManager.default.moveItem(atPath: music, toPath: away)
        var report = scan()
        XCTAssertEqual(report.offlineRoots, [music])
        XCTAssertEqual(try store.albums().count, 6)
        XCTAssertTrue(try store.albums().allSatisfy { !$0.online })

        // An empty mount point left behind by an unmounted share is offline too.
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: false)
        report = scan()
        XCTAssertEqual(report.offlineRoots, [music])
        XCTAssertEqual(try store.albums().count, 6)

        try FileManager.default.removeItem(atPath: music)
        try FileManager.default.moveItem(atPath: away, toPath: music)
        report = scan()
        XCTAssertEqual(report.offlineRoots, [])
        XCTAssertEqual(report.filesRead, 1, "back online, nothing but the unusable file is read again")
        XCTAssertTrue(try store.albums().allSatisfy(\.online))
    }

    func testSymlinkLoopsAndVanishedFilesAreReportedAndTheScanCompletes() throws {
        try FileManager.default.createSymbolicLink(atPath: music + "/Artist A/loop", withDestinationPath: music + "/Artist A")
        try FileManager.default.createSymbolicLink(atPath: music + "/Artist A/Album One/gone.mp3",
                                                   withDestinationPath: music + "/nowhere.mp3")
        let report = scan()
        XCTAssertTrue(report.completed)
        XCTAssertTrue(report.skipped.contains { $0.path.hasSuffix("/loop") && $0.reason.contains("already scanned") },
                      "\(report.skipped)")
        XCTAssertTrue(report.skipped.contains { $0.path.hasSuffix("gone.mp3") && $0.reason.contains("No such file") },
                      "\(report.skipped)")
        XCTAssertEqual(try store.albums().count, 6)
    }

    func testAFolderMovedAwayAndBackKeepsItsAlbumID() throws {
        _ = scan()
        let id = try album("Album One").album.id
        let aside = dir.path + "/aside"
        try FileManager.default.moveItem(atPath: music + "/Artist A/Album One", toPath: aside)
        _ = scan()
        XCTAssertFalse(try store.albums().contains { $0.title == "Album One" }, "gone while away")
        try FileManager.default.moveItem(atPath: aside, toPath: music + "/Artist A/Album One")
        _ = scan()
        XCTAssertEqual(try album("Album One").album.id, id, "the id it had before")
        try LibraryFixture(root: music).add("Artist E/New", [.init(file: "01.mp3", title: "E1", artist: "Artist E", album: "New")])
        _ = scan()
        XCTAssertGreaterThan(try album("New").album.id, id, "new albums still get new ids")
    }

    /// `a -> b`, `b -> a`: neither can be followed; both are named, with the loop as reason.
    func testASymlinkPairPointingAtEachOtherIsReported() throws {
        let folder = music + "/Artist A"
        try FileManager.default.createSymbolicLink(atPath: folder + "/a", withDestinationPath: folder + "/b")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b", withDestinationPath: folder + "/a")
        let report = scan()
        XCTAssertTrue(report.completed)
        for name in ["/a", "/b"] {
            XCTAssertTrue(report.skipped.contains { $0.path == folder + name && $0.reason.contains("symbolic links") },
                          "\(name) missing from \(report.skipped)")
        }
        XCTAssertEqual(try store.albums().count, 6)
    }
}
