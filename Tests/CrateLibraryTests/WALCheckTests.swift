@testable import CrateLibrary
import CrateSQLite
import XCTest

/// The WAL check against WALs SQLite itself wrote: sound ones (including leftovers of an
/// older generation after a checkpoint) say nothing, a damaged frame is found.
final class WALCheckTests: StoreTestCase {
    /// A WAL-mode database with `commits` one-row transactions, a checkpoint that resets
    /// the WAL after the first half, and the connection left open (so the WAL stays).
    func walDatabase(commits: Int) throws -> Database {
        let db = try Database(path: dir.file("w.sqlite"), flags: Database.readWriteCreate)
        XCTAssertEqual(try db.pragma("journal_mode = WAL"), "wal")
        try db.exec("PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (v TEXT NOT NULL)")
        for n in 0..<commits {
            try db.run("INSERT INTO t (v) VALUES (?1)", [.text(String(repeating: "row \(n) ", count: 40))])
            // The next writer starts the WAL over; the frames beyond stay as stale leftovers.
            if n == commits / 2 { try db.exec("PRAGMA wal_checkpoint(RESTART)") }
        }
        return db
    }

    func testASoundWALWithStaleFramesIsNoDamage() throws {
        let db = try walDatabase(commits: 60)
        XCTAssertNil(WALCheck.damage(in: db.path + "-wal"))
    }

    func testAFlippedBitWithCommitsAfterItIsFound() throws {
        let db = try walDatabase(commits: 60)
        let wal = db.path + "-wal"
        try overwrite(wal, offset: 32 + 5 * 4120 + 24 + 200, count: 1, with: 0x5A)
        let damage = try XCTUnwrap(WALCheck.damage(in: wal))
        XCTAssertEqual(damage.frame, 5)
        XCTAssertGreaterThan(damage.lostCommits, 10)
        XCTAssertTrue(damage.summary.contains("frame 6 of"), damage.summary)
    }

    func testAnAbsentOrEmptyWALIsNoDamage() throws {
        XCTAssertNil(WALCheck.damage(in: dir.file("none.sqlite-wal")))
    }
}
