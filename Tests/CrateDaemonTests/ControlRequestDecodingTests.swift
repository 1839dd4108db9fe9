import CrateCore
@testable import CrateDaemon
@testable import CrateControlSocket
@testable import CrateRouter
import CrateWire
import XCTest

/// The control socket's edge: each JSON request becomes the typed command the router is
/// given, and a request the router could not do is refused here with what was expected.
final class ControlRequestDecodingTests: XCTestCase {
    private func command(_ request: ControlRequest) throws -> Command {
        let name = try XCTUnwrap(ControlCommand(rawValue: request.cmd))
        return try request.command(name)
    }

    private func refusal(_ request: ControlRequest) -> String? {
        do { _ = try command(request) } catch { return (error as? InvalidRequest)?.message }
        return nil
    }

    func testRequestsBecomeTheCommandsTheyName() throws {
        let cases: [(ControlRequest, Command)] = [
            (ControlRequest(cmd: .play, album: 7, track: 3), .play(.album(7, track: 3))),
            (ControlRequest(cmd: .play, paths: ["/music/A"]), .play(.files(["/music/A"]))),
            (ControlRequest(cmd: .next), .nextTrack),
            (ControlRequest(cmd: .subscribe), .status),
            (ControlRequest(cmd: .crate, genres: ["Bebop", "Cool"]), .crate(.genres(["Bebop", "Cool"]))),
            (ControlRequest(cmd: .crate, genre: "Jazz"), .crate(.genres(["Jazz"]))),
            (ControlRequest(cmd: .crate, grow: true), .crate(.grow)),
            (ControlRequest(cmd: .crate), .crate(.current)),
            (ControlRequest(cmd: .crate, wallet: true), .crate(.wallet)),
            (ControlRequest(cmd: .dial, position: "3"), .dial(.mixed)),
            (ControlRequest(cmd: .unlike, album: 4), .opinion(.none, album: 4)),
            (ControlRequest(cmd: .queueNext, album: 9), .enqueue(9, next: true)),
            (ControlRequest(cmd: .input, gesture: "turn", detents: -2), .input(.turn(.knob, detents: -2))),
            (ControlRequest(cmd: .input, gesture: "long", control: "like"), .input(.long(.like))),
            (ControlRequest(cmd: .downloadsKeep, playlist: "CDs"), .plex(.keep(.playlist("CDs")))),
            (ControlRequest(cmd: .plexSync, acceptShrink: true), .plex(.sync(acceptShrink: true))),
            (ControlRequest(cmd: .restore, paths: ["/tmp/u.sqlite"]), .restore(from: "/tmp/u.sqlite")),
            (ControlRequest(cmd: .sleep, sleep: "end-of-album"), .sleep(.endOfAlbum)),
            (ControlRequest(cmd: .cover, album: 2, size: .thumb), .cover(album: 2, size: .thumb)),
        ]
        for (request, expected) in cases {
            XCTAssertEqual(try command(request), expected, request.cmd)
        }
        var wall = ControlRequest(cmd: .crate)
        wall.wall = true
        XCTAssertEqual(try command(wall), .crate(.wall))
    }

    func testWhatTheRouterCouldNotDoIsRefusedAtTheEdgeInWords() {
        XCTAssertEqual(refusal(ControlRequest(cmd: .play, paths: ["/a"], track: 2)),
                       "--track needs --album: it picks a track of a library album")
        XCTAssertEqual(refusal(ControlRequest(cmd: .crate, artist: "X", grow: true)),
                       "crate: 'grow' grows the current crate; name no other crate with it")
        var wallAndGenre = ControlRequest(cmd: .crate, genre: "Jazz")
        wallAndGenre.wall = true
        XCTAssertEqual(refusal(wallAndGenre), "crate: 'wall' is the Crate Wall; name no other crate with it")
        XCTAssertEqual(refusal(ControlRequest(cmd: .dial, position: "loud")),
                       "unknown dial position 'loud' (one of my-crate, curated, mixed, deep-dig, mystery, or 1 to 5)")
        XCTAssertEqual(refusal(ControlRequest(cmd: .input, gesture: "press", control: "eject")),
                       "unknown button 'eject' (one of \(ButtonFunction.allCases.map(\.rawValue).joined(separator: ", ")))")
        XCTAssertEqual(refusal(ControlRequest(cmd: .input, gesture: "turn", control: "tone", detents: 1)),
                       "unknown encoder 'tone' (knob or volume)")
        XCTAssertEqual(refusal(ControlRequest(cmd: .downloadsUnkeep)),
                       "downloads-unkeep needs 'album' (an album id), 'collection' or 'playlist' (a Plex list's title)")
        XCTAssertEqual(refusal(ControlRequest(cmd: .backup, paths: ["relative.sqlite"])),
                       "backup needs 'paths': a list of one absolute file path")
        XCTAssertEqual(refusal(ControlRequest(cmd: .plexUse, server: "")),
                       "plex-use needs 'server': the server's name or machine identifier")
    }
}
