import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// One album, not two: an album the Plex server split in two (same album artist and
/// title, two rating keys), and a local copy beside the server's copy of the same release,
/// are one album in the crate and the library answers, each track played once, in order.
final class PlexOneAlbumTests: PlexTestCase {
    var local: String { dir.path + "/local" }

    func albums(_ daemon: DaemonProcess, _ title: String) throws -> [AlbumSummary] {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums).filter { $0.title == title }
    }

    /// Plays album `id` to its end and returns the capture.
    func playToTheEnd(_ daemon: DaemonProcess, _ id: Int64, tracks: Int) throws -> (PlayerStatus, [Int16]) {
        _ = try request(daemon, ControlRequest(cmd: .play, album: id))
        let end = try daemon.waitFor("the album played", timeout: 40) { $0.state == .idle && $0.tracks.count == tracks }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        XCTAssertEqual(daemon.stop(), 0)
        return (end, try AudioFixtures.readRaw(daemon.capture))
    }

    func testAnAlbumThePlexServerSplitIsOneAlbumPlayingEveryTrackOnceInOrder() throws {
        let files = LibraryFixture(root: music, seconds: 0.4)
        try files.add("Served", (1...4).map { .init(file: "0\($0).mp3", title: "T\($0)") })
        let served = (1...4).map { music + "/Served/0\($0).mp3" }
        var first = PlexFixture.Album(ratingKey: 10, title: "Blue Train", artist: "John Coltrane", genres: ["Jazz"],
                                      tracks: [("Blue Train", served[0]), ("Moment's Notice", served[1])])
        first.viewCount = 2
        var second = PlexFixture.Album(ratingKey: 11, title: "Blue Train", artist: "John Coltrane", genres: ["Jazz"],
                                       tracks: [("Locomotion", served[2]), ("I'm Old Fashioned", served[3])])
        second.firstTrackNumber = 3
        first.userRating = 10
        try plex.load([first, second, PlexFixture.Album(ratingKey: 12, title: "Other", artist: "Band", genres: ["Rock"],
                                                        tracks: [("Other", served[0])])])
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)

        let blue = try albums(daemon, "Blue Train")
        XCTAssertEqual(blue.count, 1, "one album in `albums`")
        let id = try XCTUnwrap(blue.first?.id)
        let detail = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .album, album: id)).album)
        XCTAssertEqual(detail.tracks.map(\.title), ["Blue Train", "Moment's Notice", "Locomotion", "I'm Old Fashioned"])
        let crate = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
        XCTAssertEqual(crate.items.filter { $0.album.title == "Blue Train" }.count, 1, "one album in the crate")
        let favorites = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, favorites: true)).crate)
        XCTAssertEqual(favorites.items.map(\.album.title), ["Blue Train"], "the halves' rating is the album's")

        let (end, captured) = try playToTheEnd(daemon, id, tracks: 4)
        XCTAssertEqual(end.tracks.map(\.path).map { $0.split(separator: "/").last.map(String.init) ?? "" },
                       ["1001", "1002", "1101", "1102"], "each half's tracks, in order, once")
        let reference = try served.flatMap { try ReferenceDecode.samples(of: $0) }
        XCTAssertEqual(captured.count, reference.count, "every track once")
        XCTAssertTrue(captured == reference, "sample for sample, in order")
    }

    func testALocalCopyAndThePlexCopyAreOneAlbumAndTheLocalCopyPlaysWithPlexAway() throws {
        // The server serves its own files of the release; the box has a local rip of it.
        let serverFiles = LibraryFixture(root: music, seconds: 0.4)
        try serverFiles.add("Served", (1...2).map { .init(file: "0\($0).mp3", title: "T\($0)") })
        let localFiles = LibraryFixture(root: local, seconds: 0.5)
        try localFiles.add("Coltrane/Blue Train", [
            .init(file: "01.mp3", title: "Blue Train", artist: "John Coltrane", album: "Blue Train", track: "1/2"),
            .init(file: "02.mp3", title: "Moment's Notice", artist: "John Coltrane", album: "Blue Train", track: "2/2"),
        ])
        try plex.load([PlexFixture.Album(ratingKey: 10, title: "Blue Train", artist: "John Coltrane", genres: ["Jazz"],
                                         tracks: [("Blue Train", music + "/Served/01.mp3"),
                                                  ("Moment's Notice", music + "/Served/02.mp3")])],
                      playlists: [(title: "CDs", trackKeys: [1001])])
        var daemon = try DaemonProcess(dir: dir.path, libraryPaths: [local],
                                       extraConfig: "[plex]\ntv_url = \"\(plex.url)\"\nsync_interval = 0\n")
        try daemon.waitForStartupScan()
        _ = try signInAndSync(daemon)

        let blue = try albums(daemon, "Blue Train")
        XCTAssertEqual(blue.count, 1, "the local and the Plex copy are one album")
        let id = try XCTUnwrap(blue.first?.id)
        let detail = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .album, album: id)).album)
        XCTAssertEqual(detail.tracks.count, 2)
        XCTAssertEqual(detail.sources.count, 2, "`album` lists both copies")
        XCTAssertEqual(detail.sources.first?.playing, true)
        XCTAssertTrue(detail.sources.first?.folder.hasPrefix(local) == true, "the copy on the box plays: \(detail.sources)")
        let wallet = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate, wallet: true)).crate)
        XCTAssertEqual(wallet.items.map(\.album.id), [id], "a wallet track of the server's copy names the album")
        XCTAssertEqual(daemon.stop(), 0)

        // The server gone: the album still plays, from the local copy.
        try plex.mode(["down": true])
        daemon = try DaemonProcess(dir: dir.path, libraryPaths: [local],
                                   extraConfig: "[plex]\ntv_url = \"\(plex.url)\"\nsync_interval = 0\n")
        try daemon.waitForStartupScan()
        let again = try albums(daemon, "Blue Train")
        XCTAssertEqual(again.map(\.id), [id], "still one album, with its id")
        let (end, captured) = try playToTheEnd(daemon, id, tracks: 2)
        XCTAssertEqual(end.tracks.map(\.path), [local + "/Coltrane/Blue Train/01.mp3", local + "/Coltrane/Blue Train/02.mp3"])
        let reference = try ["01.mp3", "02.mp3"].flatMap { try ReferenceDecode.samples(of: local + "/Coltrane/Blue Train/" + $0) }
        XCTAssertEqual(captured.count, reference.count)
        XCTAssertTrue(captured == reference, "the local copy, sample for sample")
        XCTAssertEqual(try plex.log().filter { ($0["path"] as? String ?? "").hasPrefix("/library/parts/") }.count, 0,
                       "nothing fetched from the server")
    }
}
