@testable import CrateLibrary
import CrateSQLite
import Foundation
import Glibc
import Synchronization
import TestSupport
import XCTest

/// `restore` opens the file once and works on what that descriptor holds: a file swapped
/// under the same name once restore has opened it (a file with a trigger, a FIFO) changes
/// nothing. Before, the checks and the copy each opened the path again, so whatever was
/// put there in between was restored unchecked, or the restore hung on a FIFO.
final class RestoreSwapTests: StoreTestCase {
    private var good: String { dir.path + "/good.sqlite" }
    private var restoreFile: String { dir.path + "/restore.sqlite" }

    /// A store whose backup likes "kept"; after the backup the store likes "later" too, so
    /// a restore of the backup is seen in the likes.
    private func storeWithBackup() throws -> LibraryStore {
        let store = try openStore()
        try store.setOpinion(.liked, albumKey: "kept")
        _ = try store.backupUserData(to: good)
        try store.setOpinion(.liked, albumKey: "later")
        XCTAssertEqual(try copyFile(good, to: restoreFile), true)
        return store
    }

    private func copyFile(_ from: String, to: String) throws -> Bool {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: from))
        try bytes.write(to: URL(fileURLWithPath: to))
        return true
    }

    func testAFileWithATriggerSwappedInAfterOpeningIsNotRestored() throws {
        let store = try storeWithBackup()
        let hostile = dir.path + "/hostile.sqlite"
        XCTAssertEqual(try copyFile(good, to: hostile), true)
        let db = try Database(path: hostile, flags: Database.readWrite)
        try db.exec("""
            CREATE TRIGGER wipe AFTER INSERT ON album_state BEGIN DELETE FROM album_state WHERE album_key != NEW.album_key; END;
            INSERT INTO album_state (album_key, liked) VALUES ('swapped', 1);
            """)
        db.close()
        store.restoreFileOpened.withLock { $0 = { path in XCTAssertEqual(rename(hostile, path), 0) } }

        let restored = try store.restoreUserData(from: restoreFile)

        XCTAssertEqual(restored.likes, 1, "what was opened is what is restored")
        XCTAssertEqual(try store.likedAlbumKeys(), ["kept"])
        let user = try rawDatabase(UserSchema.file)
        defer { user.close() }
        XCTAssertEqual(try user.firstRow("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") { $0.int(0) }, 0)
        store.close()
    }

    func testAFIFOSwappedInAfterOpeningNeitherHangsNorIsRestored() throws {
        let store = try storeWithBackup()
        let fifo = dir.path + "/swap.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        store.restoreFileOpened.withLock { $0 = { path in XCTAssertEqual(rename(fifo, path), 0) } }

        let result = Mutex<Result<Int, LibraryStoreError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let file = restoreFile
        Thread.detachNewThread {
            do throws(LibraryStoreError) {
                let likes = try store.restoreUserData(from: file).likes
                result.withLock { $0 = .success(likes) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        // Not a timing goal: a hang is told from an answer. A restore stuck opening the FIFO
        // is set free by a writer coming and going, so the test ends either way.
        if done.wait(timeout: .now() + 60) == .timedOut {
            XCTFail("the restore hung on the FIFO swapped in")
            let writer = open(restoreFile, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            done.wait()
        }
        XCTAssertEqual(try result.withLock { $0 }?.get(), 1, "the file opened first is restored")
        XCTAssertEqual(try store.likedAlbumKeys(), ["kept"])
        store.close()
    }
}
