@testable import CrateLibrary
import Glibc
import Logging
import Synchronization
import TestSupport
import XCTest

/// A restore killed mid-copy leaves its private copy (`user.sqlite.restoring-XXXXXX`, and
/// what SQLite made beside it) in the state directory. Opening the store at crated's start
/// removes them, says so in the log, and leaves every other file alone.
final class RestoreLeftoverTests: StoreTestCase {
    func testLeftoverRestoreCopiesAreRemovedAndLoggedAtStart() throws {
        let store = try openStore()
        try store.setOpinion(.liked, albumKey: "kept")
        _ = try store.backupUserData(to: stateDir + "/user.sqlite.before-restore-1")
        store.close()
        let leftovers = ["user.sqlite.restoring-a1B2c3", "user.sqlite.restoring-a1B2c3-wal",
                         "user.sqlite.restoring-Zz9Yy8"]
        for name in leftovers { try writeFile(stateDir + "/" + name, bytes: 4096) }
        let keptBefore = stateFiles(prefix: "")

        let lines = LogLines()
        let reopened = try LibraryStore.open(directory: stateDir, logger: Logger(label: "store-test") { _ in lines })
        defer { reopened.close() }

        XCTAssertEqual(stateFiles(prefix: UserSchema.file + ".restoring-"), [])
        XCTAssertEqual(Set(stateFiles(prefix: "")).intersection(keptBefore),
                       Set(keptBefore).subtracting(leftovers), "only the leftovers are removed")
        XCTAssertEqual(stateFiles(prefix: "user.sqlite.before-restore-"), ["user.sqlite.before-restore-1"])
        XCTAssertEqual(try reopened.likedAlbumKeys(), ["kept"], "the user data is untouched")
        let logged = lines.all.joined(separator: "\n")
        for name in leftovers {
            XCTAssertTrue(logged.contains("removed \(stateDir)/\(name), left by an interrupted restore"), logged)
        }
    }

    private func writeFile(_ path: String, bytes: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0, "cannot create \(path)")
        defer { close(fd) }
        XCTAssertEqual(write(fd, [UInt8](repeating: 0x53, count: bytes), bytes), bytes)
    }
}

/// A log handler that keeps each message, for asserting what the store logged.
private struct LogLines: LogHandler {
    private let box = Box()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    var all: [String] { box.lines.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        box.lines.withLock { $0.append("\(event.level) \(event.message)") }
    }

    private final class Box: Sendable {
        let lines = Mutex<[String]>([])
    }
}
