import CrateCore
import Foundation
import TestSupport
import XCTest

/// A full disk at start is not damage: crated's state folder on a small tmpfs, filled to
/// the last byte while crated is stopped. The healthy `library.sqlite` must be kept where
/// it is (not moved aside), the full disk said in the log, `status` and `doctor`, and the
/// library opened by itself once space is freed, without a restart.
final class DiskFullStartTests: XCTestCase {
    var dir: TemporaryDirectory!
    var mounted: String?
    var state: String { dir.path + "/state" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "diskfull") }

    override func tearDown() {
        if let mounted { _ = LibraryWatchTests.run("/usr/bin/umount", ["-l", mounted]) }
        dir?.remove()
    }

    func testAFullDiskAtStartKeepsTheLibraryAndOpensItOnceThereIsRoom() throws {
        let music = dir.file("music")
        try LibraryFixture(root: music).add("Artist/Album", [
            .init(file: "01 One.mp3", title: "One", artist: "Artist", album: "Kept Album", track: "1"),
            .init(file: "02 Two.mp3", title: "Two", artist: "Artist", album: "Kept Album", track: "2"),
        ])
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let mount = LibraryWatchTests.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "crate-full", state])
        guard mount.status == 0 else { throw XCTSkip("mount tmpfs is not allowed here: \(mount.output)") }
        mounted = state

        // A first run fills the library and stops cleanly: the files are healthy.
        var daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try daemon.waitForStartupScan()
        XCTAssertEqual(try daemon.request(.libraryStats).library?.albums, 1)
        XCTAssertEqual(daemon.stop(), 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: state + "/library.sqlite"))

        // Fill the disk to its last byte.
        let filler = state + "/filler"
        let dd = LibraryWatchTests.run("/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=64k"])
        XCTAssertNotEqual(dd.status, 0, "dd stops at a full disk")
        XCTAssertTrue(dd.output.contains("No space left"), dd.output)

        daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        defer { _ = daemon.stop() }
        let status = try daemon.status()
        XCTAssertTrue(status.warnings.contains { $0.contains("disk full") }, "\(status.warnings)")
        XCTAssertFalse(status.warnings.contains { $0.contains("damaged") }, "\(status.warnings)")
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        XCTAssertFalse(names.contains { $0.contains("corrupt") }, "nothing moved aside: \(names)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: state + "/library.sqlite")), before, "the file is kept as it was")
        let refused = try daemon.request(.libraryStats)
        XCTAssertFalse(refused.ok)
        XCTAssertTrue(refused.error?.contains("disk full") == true, refused.error ?? "")
        let doctor = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", daemon.configPath])
        let library = doctor.out.split(separator: "\n").first { $0.contains("library") && $0.contains("crated") }
        XCTAssertTrue(library?.contains("disk full") == true, doctor.out)
        XCTAssertTrue(daemon.log.contains("disk full"), daemon.log)
        XCTAssertFalse(daemon.log.contains("was damaged"), daemon.log)

        // Space comes back: the library opens by itself, with what it held.
        try FileManager.default.removeItem(atPath: filler)
        let deadline = Date().addingTimeInterval(20)
        var stats = try daemon.request(.libraryStats)
        while stats.library?.albums != 1, Date() < deadline {
            usleep(100_000)
            stats = try daemon.request(.libraryStats)
        }
        XCTAssertEqual(stats.library?.albums, 1, "the library is back without a restart: \(stats.error ?? "")")
        XCTAssertFalse(try daemon.status().warnings.contains { $0.contains("disk full") })
        XCTAssertEqual(daemon.stop(), 0)
    }
}
