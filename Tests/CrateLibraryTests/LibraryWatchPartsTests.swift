@testable import CrateLibrary
import CratePosix
import Foundation
import Glibc
import TestSupport
import XCTest

/// The watch's parts on their own: the settle rule (times given, not waited for), the
/// roots a scan takes, the mount table, and the inotify wrapper on a real folder.
final class LibraryWatchPartsTests: XCTestCase {
    func testChangesSettleAfterTheQuietPeriodAndNotWhileAFileIsOpen() {
        var clock = SettleClock(settle: 10, holdLimit: 600)
        XCTAssertFalse(clock.isSettled(at: 0))
        XCTAssertNil(clock.wait(at: 0))
        clock.changed("/m/A", at: 100)
        XCTAssertFalse(clock.isSettled(at: 109.9))
        XCTAssertEqual(clock.wait(at: 105), 5)
        clock.writing("/m/A/01.mp3", at: 108)
        // Quiet for longer than the settle time, but the file is still open.
        XCTAssertFalse(clock.isSettled(at: 130))
        clock.finished("/m/A/01.mp3", at: 131)
        XCTAssertFalse(clock.isSettled(at: 140))
        XCTAssertTrue(clock.isSettled(at: 141))
        XCTAssertEqual(clock.firstPath, "/m/A")
        clock.pickedUp()
        XCTAssertFalse(clock.isPending)
        XCTAssertNil(clock.firstPath)
    }

    func testAFileNeverClosedHoldsTheScanOnlyUpToTheLimit() {
        var clock = SettleClock(settle: 10, holdLimit: 600)
        clock.writing("/m/stuck.mp3", at: 0)
        XCTAssertFalse(clock.isSettled(at: 599))
        XCTAssertTrue(clock.isSettled(at: 600))
        XCTAssertEqual(clock.wait(at: 0), 600)
        clock.pickedUp()
        // Still open: its next write is waited for as well.
        clock.changed("/m/other.mp3", at: 700)
        XCTAssertFalse(clock.isSettled(at: 711))
    }

    func testDrivesBelowARootAreScannedFirstAsRootsOfTheirOwn() {
        let roots = ScanRoots.of(configured: ["/srv/music/", "/mnt/nas"],
                                 known: ["/srv/music", "/srv/music/usb", "/old/root"],
                                 mounted: ["/", "/srv/music/usb/inner", "/srv/musicals", "/mnt/nas/cd", "/proc"])
        XCTAssertEqual(roots, ["/srv/music/usb/inner", "/srv/music/usb", "/srv/music", "/mnt/nas/cd", "/mnt/nas"])
    }

    func testMountPointsAreReadWithTheKernelsEscapesUndone() {
        let text = """
            22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
            40 22 8:17 / /media/My\\040Stick rw,nosuid shared:30 - vfat /dev/sdb1 rw
            41 22 0:40 / /srv/music/tab\\011here rw - tmpfs none rw

            """
        XCTAssertEqual(MountTable.parse(Array(text.utf8)), ["/", "/media/My Stick", "/srv/music/tab\there"])
    }

    func testTheLiveMountTableHoldsTheRoot() throws {
        let live = try MountTable().mountPoints()
        XCTAssertTrue(live.contains("/"), "\(live)")
    }

    func testTheInotifyWrapperReportsAFileWrittenAndClosedInAWatchedFolder() throws {
        let dir = try TemporaryDirectory(prefix: "inotify")
        defer { dir.remove() }
        let watches = try FolderWatches()
        let watch = try watches.add(dir.path)
        XCTAssertEqual(try watches.add(dir.path), watch, "the same folder, the same watch")
        // Written in place (Foundation's createFile writes a temporary file and renames it).
        let fd = open(dir.file("01 Track.mp3"), O_WRONLY | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(write(fd, [UInt8](repeating: 1, count: 3), 3), 3)
        close(fd)
        try FileManager.default.createDirectory(atPath: dir.file("Sub"), withIntermediateDirectories: false)
        var events: [FolderWatches.Event] = []
        let deadline = Date().addingTimeInterval(10)
        while !events.contains(where: { $0.isFolder }), Date() < deadline {
            var entry = pollfd(fd: watches.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 1000)
            events += try watches.read()
        }
        XCTAssertTrue(events.allSatisfy { $0.watch == watch })
        let file = events.filter { $0.name == "01 Track.mp3" }
        XCTAssertTrue(file.contains { $0.has(IN_CREATE) } && file.contains { $0.has(IN_MODIFY) }
                      && file.contains { $0.has(IN_CLOSE_WRITE) }, "\(events)")
        XCTAssertTrue(events.contains { $0.name == "Sub" && $0.isFolder && $0.has(IN_CREATE) }, "\(events)")
        XCTAssertEqual(try watches.read(), [], "nothing more queued, and no wait")
    }

    func testAWatchOnAMissingFolderFailsWithItsErrno() throws {
        let watches = try FolderWatches()
        XCTAssertThrowsError(try watches.add("/nonexistent/crate-watch")) { error in
            XCTAssertEqual((error as? PosixError)?.code, ENOENT)
        }
    }
}
