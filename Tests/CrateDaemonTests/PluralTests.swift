import CrateCore
import Foundation
import TestSupport
import XCTest

/// Human output says "1 album", "1 track": a library of one Plex album with one track
/// (and one album in a format Crate does not play), read through every human command.
final class PluralTests: PlexTestCase {
    static let wrongPlural = try! NSRegularExpression(pattern: "(^|[^0-9.])1 (albums|tracks|files|album\\(s\\)|track\\(s\\))\\b")

    func testOneAlbumAndOneTrackAreSingular() throws {
        try plex.load(try serverLibrary(albums: 1, tracksPerAlbum: 1))
        let daemon = try self.daemon()
        let synced = try signInAndSync(daemon)
        XCTAssertEqual(synced.albums, 1)
        XCTAssertEqual(synced.tracks, 1)
        let socket = ["--socket", daemon.socket]
        for command in [["plex", "status"], ["status"], ["library", "stats"], ["queue"], ["crate"],
                        ["doctor", "--config", daemon.configPath]] {
            let run = try AdminProcess.run(command + socket)
            let text = run.out + run.err
            let found = Self.wrongPlural.matches(in: text, range: NSRange(text.startIndex..., in: text))
                .map { (text as NSString).substring(with: $0.range) }
            XCTAssertEqual(found, [], "crate-admin \(command.joined(separator: " ")):\n\(text)")
        }
    }
}
