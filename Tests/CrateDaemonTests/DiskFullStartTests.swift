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

    var music: String { dir.path + "/music" }
    var filler: String { state + "/filler" }

    /// A library scanned by a first run on a small tmpfs, stopped cleanly, then the tmpfs
    /// filled to its last byte; returns library.sqlite's bytes as the first run left them.
    private func fillTheDiskAfterAFirstRun() throws -> Data {
        try LibraryFixture(root: music).add("Artist/Album", [
            .init(file: "01 One.mp3", title: "One", artist: "Artist", album: "Kept Album", track: "1"),
            .init(file: "02 Two.mp3", title: "Two", artist: "Artist", album: "Kept Album", track: "2"),
        ])
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let mount = LibraryWatchTests.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "crate-full", state])
        guard mount.status == 0 else { throw XCTSkip("mount tmpfs is not allowed here: \(mount.output)") }
        mounted = state

        // A first run fills the library and stops cleanly: the files are healthy.
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try daemon.waitForStartupScan()
        XCTAssertEqual(try daemon.request(.libraryStats).library?.albums, 1)
        XCTAssertEqual(daemon.stop(), 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: state + "/library.sqlite"))

        // Fill the disk to its last byte.
        let dd = LibraryWatchTests.run("/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=64k"])
        XCTAssertNotEqual(dd.status, 0, "dd stops at a full disk")
        XCTAssertTrue(dd.output.contains("No space left"), dd.output)
        return before
    }

    func testAFullDiskAtStartKeepsTheLibraryAndOpensItOnceThereIsRoom() throws {
        let before = try fillTheDiskAfterAFirstRun()
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
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
        XCTAssertEqual(refused.cause, .diskFull, "typed, so clients act on it without reading the words")
        let doctor = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", daemon.configPath])
        let library = doctor.out.split(separator: "\n").first { $0.contains("library") && $0.contains("crated") }
        XCTAssertTrue(library?.contains("disk full") == true, doctor.out)
        XCTAssertTrue(doctor.out.contains("free space on the file system of \(state)"), "the disk-full fix: \(doctor.out)")
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

    /// The knob, `crate`, `queue` and `dial` read the crate's rows: on a library kept closed
    /// by a full disk each used to touch the closed connection and kill crated, and
    /// `Restart=on-failure` brought it back into the same state. Each is refused with the
    /// reason now; crated stays up, plays folders and tells the full disk.
    func testAFullDiskAtStartLeavesTheKnobAndTheCrateCommandsAnswering() throws {
        _ = try fillTheDiskAfterAFirstRun()
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        defer { _ = daemon.stop() }
        XCTAssertTrue(try daemon.status().warnings.contains { $0.contains("disk full") })

        let connection = ["--socket", daemon.socket]
        // Those that need the library say the disk is full; the album keys (nothing plays)
        // say what they lack; none stops crated.
        let readingTheLibrary = [["input", "turn", "+1"], ["crate"], ["queue"], ["dial"], ["input", "press", "knob"],
                                 ["dial", "deep-dig"], ["crate", "regenerate"], ["history"], ["diagnostics"], ["albums"],
                                 ["genres"], ["like", "--album", "1"], ["library", "scan"], ["backup", dir.path + "/backup.sqlite"]]
        for args in readingTheLibrary + [["next-album"], ["prev-album"], ["input", "press", "next"], ["downloads"]] {
            let admin = try AdminProcess.run(args + connection)
            XCTAssertTrue(daemon.process.isRunning, "crated died at `crate-admin \(args.joined(separator: " "))`:\n\(daemon.log)")
            guard daemon.process.isRunning else { return }
            XCTAssertNotEqual(admin.code, 2, "`\(args.joined(separator: " "))` is answered: \(admin.err)")
            if admin.code != 0, readingTheLibrary.contains(args) {
                XCTAssertTrue(admin.err.contains("disk full"), "`\(args.joined(separator: " "))` says why: \(admin.err)")
            }
        }
        XCTAssertFalse(daemon.log.contains("used after close"), daemon.log)

        // Still a player: a folder plays, and status and doctor name the full disk.
        XCTAssertTrue(try daemon.request(.play, paths: [music + "/Artist/Album"]).ok)
        try daemon.waitFor("playing a folder") { $0.state == .playing }
        let status = try daemon.status()
        XCTAssertTrue(status.warnings.contains { $0.contains("disk full") }, "\(status.warnings)")
        let doctor = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", daemon.configPath])
        XCTAssertTrue(doctor.out.split(separator: "\n").contains { $0.contains("library") && $0.contains("disk full") }, doctor.out)
        XCTAssertTrue(daemon.process.isRunning)
    }
}
