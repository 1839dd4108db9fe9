import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The README's demo: deploy/make-demo-library.sh makes a record store worth flipping
/// through (albums across genres, tagged, each with its cover), and crated plays it from
/// the knob alone.
final class DemoLibraryTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "demo") }
    override func tearDown() { dir?.remove() }

    func testTheDemoLibraryIsACrateOfCoveredAlbumsAcrossGenres() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("deploy/make-demo-library.sh").path
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/bin/bash")
        make.arguments = [script, music]
        make.standardOutput = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        XCTAssertEqual(make.terminationStatus, 0)

        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music], extraConfig: "[display]\nwidth = 320\nheight = 240")
        try daemon.waitForStartupScan(timeout: 30)
        let albums = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums)
        XCTAssertGreaterThanOrEqual(albums.count, 12)
        XCTAssertTrue(albums.allSatisfy { $0.trackCount == 3 && $0.year != nil }, "tagged: \(albums)")
        let genres = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .genres)).genres)
        XCTAssertGreaterThanOrEqual(Set(genres.filter { $0.albumCount > 0 }.map(\.superGenre)).count, 6, "\(genres)")
        for album in albums {
            XCTAssertTrue(FileManager.default.fileExists(atPath: album.folder + "/cover.png"), album.folder)
        }

        // The knob alone: three clicks into the crate, a press plays that album with its cover.
        let turned = try request(daemon, ControlRequest(cmd: .input, gesture: "turn", control: "knob", detents: 3))
        XCTAssertTrue(turned.input?.last?.action?.hasPrefix("browse ") ?? false, "\(turned.input ?? [])")
        _ = try request(daemon, ControlRequest(cmd: .input, gesture: "press", control: "knob"))
        try daemon.waitFor("playing") { $0.state == .playing }
        let now = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .nowPlaying, cover: true)).nowPlaying)
        XCTAssertEqual(now.cover?.format, "png", "the album's cover.png")
        XCTAssertNotNil(try request(daemon, ControlRequest(cmd: .displaySnapshot)).snapshot)
    }
}
