import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// New music shows up on its own: the running daemon watches its library folders (real
/// inotify, real files), scans them once changes settle, and follows real mounts.
final class LibraryWatchTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }
    /// Albums are made here, then copied into the library as a person would.
    var staging: String { dir.path + "/staging" }
    var mounted: [String] = []
    static let settle = 3

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "watch") }
    override func tearDown() {
        for point in mounted.reversed() { _ = Self.run("/usr/bin/umount", ["-l", point]) }
        dir?.remove()
    }

    func album(_ title: String, tracks: Int) -> [LibraryFixture.Track] {
        (1...tracks).map { LibraryFixture.Track(file: "0\($0) Track.mp3", title: "Track \($0)", artist: "Watcher",
                                                 album: title, track: "\($0)", genre: "Jazz") }
    }

    func startDaemon(settle: Int = settle, roots: [String] = [], launcher: [String] = [],
                     extra: String = "") throws -> DaemonProcess {
        // The library is not empty, so crated scans it at start; the watch takes over after.
        if !FileManager.default.fileExists(atPath: music + "/Already Here") {
            try LibraryFixture(root: music).add("Already Here", album("Already Here", tracks: 2))
        }
        let daemon = try DaemonProcess(dir: dir.path, launcher: launcher, libraryPaths: [music] + roots,
                                       libraryConfig: "settle_seconds = \(settle)\n\(extra)")
        try waitForAlbums(daemon, "the start-up scan") { $0.contains { $0.title == "Already Here" } }
        // The watch thread has walked the folders once it reports any.
        let deadline = Date().addingTimeInterval(20)
        while try daemon.status().libraryWatch?.folders ?? 0 == 0 {
            if Date() > deadline { throw FixtureError("the watch never reported its folders\n\(daemon.log)") }
            usleep(50_000)
        }
        return daemon
    }

    /// An album copied into the library track by track, one file written in two halves
    /// with a pause longer than the settle time between them (the file held open, as a
    /// slow copy does), shows up once and whole: never with some of its tracks, never
    /// with a half-written one.
    func testAnAlbumCopiedSlowlyAppearsOnceAndWhole() throws {
        let daemon = try startDaemon()
        try LibraryFixture(root: staging).add("Slow Copy", album("Slow Copy", tracks: 3))
        let target = music + "/Slow Copy"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        var seen: [Int] = []
        func look() throws {
            if let album = try albums(daemon).first(where: { $0.title == "Slow Copy" }) { seen.append(album.trackCount) }
        }
        for number in 1...3 {
            let name = "0\(number) Track.mp3"
            let bytes = try Data(contentsOf: URL(fileURLWithPath: staging + "/Slow Copy/" + name))
            XCTAssertTrue(FileManager.default.createFile(atPath: target + "/" + name, contents: nil))
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: target + "/" + name))
            if number == 2 {
                // Half now, the rest after longer than the settle time: open all along.
                try handle.write(contentsOf: bytes.prefix(bytes.count / 2))
                let resume = Date().addingTimeInterval(Double(Self.settle) + 2)
                while Date() < resume { try look(); usleep(200_000) }
                try handle.write(contentsOf: bytes.dropFirst(bytes.count / 2))
            } else {
                try handle.write(contentsOf: bytes)
            }
            try handle.close()
            try look()
            usleep(300_000)
        }
        XCTAssertEqual(seen, [], "the album was listed while it was being copied")
        let listed = try waitForAlbums(daemon, "the copied album") { $0.contains { $0.title == "Slow Copy" } }
        let album = try XCTUnwrap(listed.first { $0.title == "Slow Copy" })
        XCTAssertEqual(album.trackCount, 3)
        let whole = try XCTUnwrap(listed.first { $0.title == "Already Here" })
        // Every track as long as the fixture's: none was read half-written.
        XCTAssertEqual(album.duration, whole.duration / 2 * 3, accuracy: 0.2)
        let watch = try watchStatus(daemon)
        XCTAssertEqual(watch.rescans, 1, "one scan for the whole copy")
        // Incremental: the new files were read, the album already there was not.
        let report = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .libraryStats)).library?.lastScan)
        XCTAssertEqual(report.full, false)
        XCTAssertEqual(report.filesRead, 3)
        XCTAssertEqual(report.filesUnchanged, 2)
        XCTAssertEqual(watch.lastChangePath?.hasPrefix(target), true, "\(watch)")
        XCTAssertNil(watch.problem)
        // `crate-admin status` says so.
        let text = try AdminProcess.run(["--socket", daemon.socket, "status"]).out
        XCTAssertTrue(text.contains("library watch:") && text.contains("folder(s); last change picked up: "), text)
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// A track deleted and an album folder renamed: the listing follows on its own.
    func testRemovedAndRenamedFilesAreReflected() throws {
        try LibraryFixture(root: music).add("Three", album("Three", tracks: 3))
        let daemon = try startDaemon()
        try waitForAlbums(daemon, "the album of three") { $0.contains { $0.title == "Three" && $0.trackCount == 3 } }
        try FileManager.default.removeItem(atPath: music + "/Three/03 Track.mp3")
        try waitForAlbums(daemon, "the deleted track to go") { $0.contains { $0.title == "Three" && $0.trackCount == 2 } }
        try FileManager.default.moveItem(atPath: music + "/Three", toPath: music + "/Renamed")
        let list = try waitForAlbums(daemon, "the renamed folder") {
            $0.contains { $0.title == "Three" && $0.folder.hasSuffix("/Renamed") }
        }
        XCTAssertEqual(list.first { $0.title == "Three" }?.trackCount, 2)
        // A file in the renamed folder: its watch follows the new name.
        try FileManager.default.moveItem(atPath: music + "/Renamed/02 Track.mp3", toPath: music + "/Renamed/02 Moved.mp3")
        try FileManager.default.removeItem(atPath: music + "/Renamed/01 Track.mp3")
        try waitForAlbums(daemon, "a change inside the renamed folder") { $0.contains { $0.title == "Three" && $0.trackCount == 1 } }
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// The playing album's folder renamed (a tag editor, a re-rip): the library finds it
    /// again under the same id, and the rest of the album plays from its new place instead
    /// of failing "cannot open" and skipping on. With the watcher's settle time longer
    /// than the rest of the album, the player comes to the missing files long before the
    /// watcher's scan: the missing file itself must bring the scan, and the player wait
    /// for it.
    func testTheRestOfAnAlbumPlaysAfterItsFolderIsRenamed() throws {
        try LibraryFixture(root: music, seconds: 8).add("Moving", album("Moving", tracks: 3))
        let daemon = try startDaemon(settle: 30)
        let before = try waitForAlbums(daemon, "the album") { $0.contains { $0.title == "Moving" } }
        let id = try XCTUnwrap(before.first { $0.title == "Moving" }?.id)
        _ = try request(daemon, ControlRequest(cmd: .play, album: id))
        try daemon.waitFor("Moving playing") { $0.state == .playing }
        try FileManager.default.moveItem(atPath: music + "/Moving", toPath: music + "/Moving (re-rip)")
        let after = try waitForAlbums(daemon, "the renamed folder") {
            $0.contains { $0.title == "Moving" && $0.folder.hasSuffix("/Moving (re-rip)") }
        }
        XCTAssertEqual(after.first { $0.title == "Moving" }?.id, id, "found again under the same id")
        let last = try daemon.waitFor("its last track", timeout: 40) { $0.currentIndex == 2 || $0.state == .idle }
        XCTAssertEqual(last.currentIndex, 2, "the album played on to its last track")
        XCTAssertEqual(last.state, .playing)
        XCTAssertEqual(try daemon.status().player.tracks.compactMap(\.error), [], "no track failed to open")
        XCTAssertEqual(try daemon.status().album?.title, "Moving")
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// A folder made after the start is watched too: an album made inside it later shows up.
    func testANewSubFolderMadeAfterTheStartIsWatched() throws {
        let daemon = try startDaemon(settle: 1)
        let before = try watchStatus(daemon).folders
        try FileManager.default.createDirectory(atPath: music + "/Later", withIntermediateDirectories: false)
        let deadline = Date().addingTimeInterval(20)
        while try watchStatus(daemon).folders <= before || watchStatus(daemon).pending, Date() < deadline { usleep(100_000) }
        XCTAssertEqual(try watchStatus(daemon).folders, before + 1)
        try LibraryFixture(root: staging).add("Nested", album("Nested", tracks: 2))
        try FileManager.default.createDirectory(atPath: music + "/Later/Nested", withIntermediateDirectories: false)
        for name in ["01 Track.mp3", "02 Track.mp3"] {
            try FileManager.default.copyItem(atPath: staging + "/Nested/" + name, toPath: music + "/Later/Nested/" + name)
        }
        try waitForAlbums(daemon, "the album in the new folder") { $0.contains { $0.title == "Nested" && $0.trackCount == 2 } }
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// A drive mounted below a library folder (a bind mount of a real folder, mounted as
    /// root) is picked up; unmounted, its album goes offline and stays listed; mounted
    /// again, it is back online as the same album.
    func testADriveMountedBelowARootIsPickedUpAndGoesOfflineWhenUnmounted() throws {
        let stick = dir.path + "/stick"
        try LibraryFixture(root: stick).add("On The Stick", album("On The Stick", tracks: 2))
        let point = music + "/usb"
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        let daemon = try startDaemon(settle: 1)
        try mount(["--bind", stick, point])
        let online = try waitForAlbums(daemon, "the stick's album") { $0.contains { $0.title == "On The Stick" && $0.online } }
        let id = try XCTUnwrap(online.first { $0.title == "On The Stick" }?.id)
        XCTAssertTrue(try watchStatus(daemon).lastChangePath?.hasPrefix(point) == true)

        try unmount(point)
        let offline = try waitForAlbums(daemon, "the stick's album offline") { $0.contains { $0.title == "On The Stick" && !$0.online } }
        XCTAssertEqual(offline.first { $0.title == "On The Stick" }?.id, id, "kept, not deleted and added again")
        XCTAssertEqual(offline.first { $0.title == "Already Here" }?.online, true, "the rest of the library stays online")
        let stats = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .libraryStats)).library)
        XCTAssertEqual(stats.roots.first { $0.path == point }?.online, false, "\(stats.roots)")

        try mount(["--bind", stick, point])
        let back = try waitForAlbums(daemon, "the stick's album back online") { $0.contains { $0.title == "On The Stick" && $0.online } }
        XCTAssertEqual(back.first { $0.title == "On The Stick" }?.id, id)
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// A drive plugged in, then pulled, while crated was not running: seen at the next
    /// start without a `library scan` (the library is not empty, so no start-up scan).
    func testADriveMountedOrUnmountedWhileStoppedIsSeenAtTheStart() throws {
        let stick = dir.path + "/stick"
        try LibraryFixture(root: stick).add("Plugged While Off", album("Plugged While Off", tracks: 2))
        let point = music + "/usb"
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        XCTAssertEqual(try startDaemon(settle: 1).stop(), 0)
        try mount(["--bind", stick, point])
        let first = try startDaemon(settle: 1)
        try waitForAlbums(first, "the album of the drive mounted while stopped") {
            $0.contains { $0.title == "Plugged While Off" && $0.online }
        }
        XCTAssertEqual(first.stop(), 0)
        try unmount(point)
        let second = try startDaemon(settle: 1)
        try waitForAlbums(second, "the album of the drive pulled while stopped, offline") {
            $0.contains { $0.title == "Plugged While Off" && !$0.online }
        }
        XCTAssertEqual(second.stop(), 0)
    }

    /// A tmpfs mounted as a library folder of its own (configured, empty until mounted):
    /// the music written to it shows up; unmounted, its album goes offline and is kept.
    func testATmpfsMountedAsARootComesAndGoes() throws {
        let drive = dir.path + "/drive"
        try FileManager.default.createDirectory(atPath: drive, withIntermediateDirectories: true)
        let daemon = try startDaemon(settle: 1, roots: [drive])
        try mount(["-t", "tmpfs", "-o", "size=16m", "crate-test", drive])
        try LibraryFixture(root: staging).add("In Memory", album("In Memory", tracks: 2))
        try FileManager.default.copyItem(atPath: staging + "/In Memory", toPath: drive + "/In Memory")
        let online = try waitForAlbums(daemon, "the album on the tmpfs") { $0.contains { $0.title == "In Memory" && $0.online } }
        try unmount(drive)
        let offline = try waitForAlbums(daemon, "the tmpfs album offline") { $0.contains { $0.title == "In Memory" && !$0.online } }
        XCTAssertEqual(offline.first { $0.title == "In Memory" }?.id, online.first { $0.title == "In Memory" }?.id)
        XCTAssertEqual(offline.count, 2)
        XCTAssertEqual(daemon.stop(), 0)
    }

    func mount(_ arguments: [String]) throws {
        let result = Self.run("/usr/bin/mount", arguments)
        guard result.status == 0 else { throw XCTSkip("mount \(arguments.joined(separator: " ")) is not allowed here: \(result.output)") }
        mounted.append(arguments.last!)
    }

    func unmount(_ point: String) throws {
        let result = Self.run("/usr/bin/umount", [point])
        XCTAssertEqual(result.status, 0, result.output)
        mounted.removeAll { $0 == point }
    }

    /// With the inotify watch limit reached (lowered to 1 in a user namespace of its own,
    /// where the kernel counts crated's watches against it: a real ENOSPC), crated says so
    /// in status and doctor, keeps running, and a change in a folder it could not watch
    /// still shows up through the timed rescan.
    func testTheWatchLimitFallsBackToTimedRescans() throws {
        let probe = Self.run("/usr/bin/unshare", ["-U", "-r", "/bin/sh", "-c", "echo 1 > /proc/sys/user/max_inotify_watches"])
        guard probe.status == 0 else { throw XCTSkip("no user namespace with its own inotify limit here: \(probe.output)") }
        let launcher = ["/usr/bin/unshare", "-U", "-r", "/bin/sh", "-c",
                        "echo 1 > /proc/sys/user/max_inotify_watches && exec \"$@\"", "sh"]
        try LibraryFixture(root: music).add("Deep/Album", album("Deep Album", tracks: 2))
        let daemon = try startDaemon(settle: 1, launcher: launcher, extra: "rescan_seconds = 2")
        let status = try daemon.status()
        let watch = try XCTUnwrap(status.libraryWatch)
        XCTAssertEqual(watch.folders, 1, "\(watch)")
        XCTAssertGreaterThan(watch.unwatchedFolders, 0)
        XCTAssertEqual(watch.rescanSeconds, 2)
        XCTAssertTrue(watch.problem?.contains("inotify watch limit") == true, "\(watch)")
        XCTAssertTrue(status.warnings.contains { $0.hasPrefix("library watch: only 1 of ") }, "\(status.warnings)")
        XCTAssertTrue(daemon.log.contains("No space left on device"), daemon.log)
        // A track added to an album whose folder is not watched.
        try LibraryFixture(root: staging).add("Deep/Album", album("Deep Album", tracks: 3))
        try FileManager.default.copyItem(atPath: staging + "/Deep/Album/03 Track.mp3", toPath: music + "/Deep/Album/03 Track.mp3")
        try waitForAlbums(daemon, "the timed rescan") { $0.contains { $0.title == "Deep Album" && $0.trackCount == 3 } }
        XCTAssertGreaterThan(try watchStatus(daemon).rescans, 0)
        // doctor names the limit and the fix.
        let doctor = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", daemon.configPath])
        XCTAssertTrue(doctor.out.contains("library watch") && doctor.out.contains("max_user_watches=524288"), doctor.out)
        XCTAssertEqual(daemon.stop(), 0)
    }

    func albums(_ daemon: DaemonProcess) throws -> [AlbumSummary] {
        try request(daemon, ControlRequest(cmd: .albums)).albums ?? []
    }

    func watchStatus(_ daemon: DaemonProcess) throws -> LibraryWatchStatus {
        try XCTUnwrap(try daemon.status().libraryWatch, "status has no library watch")
    }

    /// Polls the album listing until `condition` holds (bounded), returning it.
    @discardableResult
    func waitForAlbums(_ daemon: DaemonProcess, _ what: String, timeout: Double = 30,
                       _ condition: ([AlbumSummary]) -> Bool) throws -> [AlbumSummary] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let list = try albums(daemon)
            if condition(list) { return list }
            if Date() > deadline { throw FixtureError("timed out waiting for \(what); albums: \(list.map { "\($0.title) \($0.trackCount) online \($0.online)" })\n\(daemon.log)") }
            usleep(100_000)
        }
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
