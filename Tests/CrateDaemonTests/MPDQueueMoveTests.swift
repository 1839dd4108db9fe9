import CrateCore
import Foundation
import TestSupport
import XCTest

/// `move` and `moveid` from a phone reorder whole albums; the knob's queue and the play
/// order follow, and moves that would split an album or the one playing are refused.
final class MPDQueueMoveTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "mpdmove") }
    override func tearDown() { dir?.remove() }

    func startCrate(seconds: Double) throws -> (DaemonProcess, UInt16) {
        let lib = LibraryFixture(root: music, seconds: seconds)
        for (folder, album) in [("A/One", "One"), ("A/Two", "Two"), ("B/Three", "Three")] {
            try lib.add(folder, (1...2).map {
                .init(file: "0\($0).mp3", title: "\(album)\($0)", artist: "A", album: album, track: "\($0)", year: 2000, genre: "Jazz")
            })
        }
        return try MPDPeers.startCrate(dir: dir.path, music: music)
    }

    func testMovesReorderWholeAlbumsAndTheyPlayInTheNewOrder() throws {
        let (daemon, port) = try startCrate(seconds: 0.3)
        for folder in ["A/One", "A/Two", "B/Three"] { try MPDPeers.mpc(port, "add", folder) }
        XCTAssertEqual(try MPDPeers.mpc(port, "playlist"), ["A - One1", "A - One2", "A - Two1", "A - Two2", "A - Three1", "A - Three2"])

        // mpc counts from 1: Three's second track onto Two's first brings all of Three before Two.
        try MPDPeers.mpc(port, "move", "6", "3")
        XCTAssertEqual(try MPDPeers.mpc(port, "playlist"), ["A - One1", "A - One2", "A - Three1", "A - Three2", "A - Two1", "A - Two2"])
        let client = try MPDLineClient(port: port)
        let ids = try client.command("playlistinfo").filter { $0.hasPrefix("Id: ") }.map { String($0.dropFirst(4)) }
        XCTAssertEqual(ids.count, 6)
        // Moving down lands after the album at the target: One goes after Three.
        XCTAssertEqual(try client.command("moveid \(ids[0]) 3"), ["OK"])
        XCTAssertEqual(try MPDPeers.mpc(port, "playlist"), ["A - Three1", "A - Three2", "A - One1", "A - One2", "A - Two1", "A - Two2"])
        XCTAssertEqual(try client.command("move 2 3"),
                       ["ACK [2@0] {move} tracks keep their album's order: move an album before or after another album"])
        XCTAssertEqual(try client.command("move 2:4 2"), ["OK"], "an album onto its own place moves nothing")
        XCTAssertEqual(try client.command("move 0 6"), ["ACK [2@0] {move} Bad song index"])
        XCTAssertEqual(try client.command("move 0 +0"), ["ACK [55@0] {move} No current song"])
        XCTAssertEqual(try daemon.request(.queue).queue?.queued.map(\.title), ["Three", "One", "Two"],
                       "the knob and crate-admin see the phone's order")

        try MPDPeers.mpc(port, "play")
        let end = try daemon.waitFor("three albums played", timeout: 20) { $0.state == .idle && $0.tracks.count == 6 }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        XCTAssertEqual(daemon.stop(), 0)
        let order = ["B/Three/01.mp3", "B/Three/02.mp3", "A/One/01.mp3", "A/One/02.mp3", "A/Two/01.mp3", "A/Two/02.mp3"]
        let expected = try order.flatMap { try ReferenceDecode.samples(of: music + "/" + $0) }
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), expected, "the albums play in the moved order, gapless")
    }

    func testTheAlbumPlayingStaysFirst() throws {
        let (daemon, port) = try startCrate(seconds: 4)
        for folder in ["A/One", "A/Two", "B/Three"] { try MPDPeers.mpc(port, "add", folder) }
        try MPDPeers.mpc(port, "play")
        try daemon.waitFor("One playing") { $0.state == .playing }
        let client = try MPDLineClient(port: port)
        XCTAssertEqual(try client.command("move 0 4"),
                       ["ACK [2@0] {move} the album playing stays first: play another album to move it"])
        // `+0` is just after the song playing: Three comes next.
        XCTAssertEqual(try client.command("move 4 +0"), ["OK"])
        XCTAssertEqual(try MPDPeers.mpc(port, "playlist"), ["A - One1", "A - One2", "A - Three1", "A - Three2", "A - Two1", "A - Two2"])
        XCTAssertEqual(try daemon.request(.queue).queue?.queued.map(\.title), ["Three", "Two"])
    }
}
