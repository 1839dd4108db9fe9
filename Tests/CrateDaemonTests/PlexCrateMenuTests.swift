import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The crate menu lists the Plex collections and audio playlists of the last sync, and
/// the "CDs" playlist as the wallet; each is entered with the knob.
final class PlexCrateMenuTests: PlexTestCase {
    /// The action of the last gesture that did something.
    func input(_ daemon: DaemonProcess, _ gesture: String, _ control: String, _ detents: Int? = nil) throws -> String? {
        let events = try request(daemon, ControlRequest(cmd: .input, gesture: gesture, control: control,
                                                        detents: detents)).input ?? []
        return events.last { $0.action != nil }?.action
    }

    /// Turns the knob back one row at a time until the menu's row starts with `prefix`.
    func turnBack(to prefix: String, _ daemon: DaemonProcess) throws -> String {
        for _ in 0..<20 {
            let action = try XCTUnwrap(try input(daemon, "turn", "knob", -1))
            if action.split(separator: ":", maxSplits: 1).last?.dropFirst().hasPrefix(prefix) == true { return action }
        }
        throw FixtureError("no menu row starting \(prefix)")
    }

    func testCollectionsPlaylistsAndTheWalletFromTheMenu() throws {
        try plex.load(try serverLibrary(albums: 3), playlists: [("CDs", [1201]), ("Workout", [1001])],
                      collections: [("Late Night", [12, 10])])
        let daemon = try self.daemon()
        _ = try signInAndSync(daemon)

        let opened = try XCTUnwrap(try input(daemon, "long", "genre"))
        XCTAssertTrue(opened.hasPrefix("crates 1/"), opened)
        let last = try XCTUnwrap(try input(daemon, "turn", "knob", 40))
        XCTAssertTrue(last.hasSuffix(": Sleep timer"), "the sleep timer is last: \(last)")
        let artists = try XCTUnwrap(try input(daemon, "turn", "knob", -1))
        XCTAssertTrue(artists.hasSuffix(": Artists A–Z"), "then every artist: \(artists)")
        let playlist = try XCTUnwrap(try input(daemon, "turn", "knob", -1))
        XCTAssertTrue(playlist.hasSuffix(": Playlist: Workout"), "the playlists come last of the crates: \(playlist)")
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: Workout (1 album)")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .crate)).crate?.items.map(\.album.title), ["Blue Train"])

        let reopened = try XCTUnwrap(try input(daemon, "long", "genre"))
        XCTAssertTrue(reopened.hasSuffix(": Playlist: Workout"), "the menu opens on the crate the knob is in: \(reopened)")
        _ = try turnBack(to: "Collection: Late Night", daemon)
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: Late Night (2 albums)")
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .crate)).crate?.items.map(\.album.title),
                       ["Album 2", "Blue Train"], "in the collection's order")

        _ = try input(daemon, "long", "genre")
        _ = try turnBack(to: "CDs wallet", daemon)
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: CDs (1 album)")
    }
}
