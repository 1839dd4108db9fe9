@testable import CrateLibrary
import CrateCore
import CrateSQLite
import XCTest

/// Start-up integrity checks: a damaged cache is rebuilt, damaged user data is salvaged.
final class StoreRecoveryTests: StoreTestCase {
    func testACorruptCacheIsMovedAsideAndStartsEmpty() throws {
        do {
            let store = try openStore()
            try store.apply(upserts: albumTracks("/m/A", key: "a", artist: "A", title: "A", count: 30), deletions: [])
            try store.withUserData { try $0.run("INSERT INTO album_state (album_key, liked) VALUES ('a', 1)") }
        }
        let cache = stateDir + "/library.sqlite"
        XCTAssertFalse(StoreFiles.exists(cache + "-wal"), "closed cleanly: the WAL was checkpointed away")
        try overwrite(cache, offset: 4096, count: 4096)  // page 2: the first table's root

        let store = try openStore()
        XCTAssertEqual(store.notes.count, 1, "\(store.notes)")
        let note = try XCTUnwrap(store.notes.first)
        XCTAssertTrue(note.contains("library.sqlite was damaged"), note)
        XCTAssertTrue(note.contains("next scan rebuilds"), note)
        XCTAssertEqual(try store.albums(), [], "a fresh, empty cache")
        XCTAssertEqual(try store.stats(lastScan: nil).storeNotes, store.notes)
        let aside = stateFiles(prefix: "library.sqlite.corrupt-")
        XCTAssertEqual(aside.count, 1, "\(stateFiles(prefix: ""))")
        XCTAssertTrue(note.contains(aside[0]), note)
        XCTAssertEqual(try store.withUserData { try $0.firstRow("SELECT liked FROM album_state") { $0.int(0) } }, 1,
                       "user data is not touched by a cache rebuild")
        // The fresh cache works.
        try store.apply(upserts: albumTracks("/m/B", key: "b", artist: "B", title: "B"), deletions: [])
        XCTAssertEqual(try store.albums().map(\.title), ["B"])
    }

    func testAFileThatIsNotADatabaseIsReplaced() throws {
        _ = try openStore()
        try overwrite(stateDir + "/library.sqlite", offset: 0, count: 100, with: 0x42)
        let store = try openStore()
        XCTAssertEqual(store.notes.count, 1)
        XCTAssertEqual(stateFiles(prefix: "library.sqlite.corrupt-").count, 1)
        XCTAssertEqual(try store.albums(), [])
    }

    func testDamagedUserDataKeepsEveryReadableRow() throws {
        let total = 3000
        func key(_ n: Int) -> String { "tag:some artist with a long name|album number \(n) of the collection" }
        do {
            let store = try openStore()
            try store.withUserData { db in
                try db.transaction {
                    for n in 0..<total {
                        try db.run("INSERT INTO album_state (album_key, liked, play_count, last_played) VALUES (?1, ?2, ?3, ?4)",
                                   [.text(key(n)), .bool(n % 3 == 0), .int(n), .real(Double(n) + 0.5)])
                    }
                    try db.run("INSERT INTO key_values (key, value) VALUES ('volume', '-12')")
                }
            }
        }
        // Damage one leaf page of album_state's table in the middle of the file
        // (0x0D: a table b-tree leaf; index pages would leave every row readable).
        let path = stateDir + "/user.sqlite"
        let bytes = fileBytes(path)
        let pageCount = bytes.count / 4096
        let leaves = (2..<pageCount).filter { bytes[($0 - 1) * 4096] == 0x0D }
        let victim = try XCTUnwrap(leaves.dropFirst(leaves.count / 2).first)
        try overwrite(path, offset: (victim - 1) * 4096, count: 4096, with: 0)

        let store = try openStore()
        let note = try XCTUnwrap(store.notes.first, "recovery is reported")
        XCTAssertTrue(note.contains("user.sqlite was damaged"), note)
        let rows = try store.withUserData {
            try $0.rows("SELECT album_key, liked, play_count, last_played FROM album_state") { s in
                (s.text(0), s.bool(1), s.int(2), s.double(3))
            }
        }
        XCTAssertLessThan(rows.count, total, "the damaged page's rows are gone")
        XCTAssertGreaterThan(rows.count, total - 100, "rows after the damage are recovered too")
        for row in rows {
            XCTAssertEqual(row.0, key(row.2))
            XCTAssertEqual(row.1, row.2 % 3 == 0)
            XCTAssertEqual(row.3, Double(row.2) + 0.5)
        }
        XCTAssertEqual(try store.withUserData { try $0.firstRow("SELECT value FROM key_values") { $0.text(0) } }, "-12")
        XCTAssertTrue(note.contains("\(rows.count + 1) rows recovered"), note)
        XCTAssertTrue(note.contains("album_state \(rows.count)"), note)
        XCTAssertTrue(note.contains("rows on unreadable pages are lost"), note)
        let aside = stateFiles(prefix: "user.sqlite.corrupt-")
        XCTAssertEqual(aside.count, 1)
        XCTAssertTrue(note.contains(stateDir + "/" + aside[0]), note)
        XCTAssertEqual(try rawDatabase("user.sqlite").integrityProblems(), [])

        // The next start finds a sound file and says nothing.
        XCTAssertEqual(try openStore().notes, [])
    }

    func testUserDataThatIsNotADatabaseIsReplacedAndSaysNothingWasRecovered() throws {
        _ = try openStore()
        try overwrite(stateDir + "/user.sqlite", offset: 0, count: 100, with: 0x42)
        let store = try openStore()
        let note = try XCTUnwrap(store.notes.first)
        XCTAssertTrue(note.contains("0 rows recovered"), note)
        XCTAssertTrue(note.contains("unreadable tables: album_state, key_values"), note)
        XCTAssertEqual(stateFiles(prefix: "user.sqlite.corrupt-").count, 1)
        XCTAssertEqual(try store.withUserData { try $0.firstRow("SELECT count(*) FROM album_state") { $0.int(0) } }, 0)
    }

    func testSalvageSkipsPastDamageInTheMiddleOfATable() throws {
        // RowSalvage on its own, with rows on both sides of the damaged page.
        let damaged = dir.file("damaged.sqlite")
        do {
            let db = try Database(path: damaged, flags: Database.readWriteCreate)
            try db.exec("CREATE TABLE t (v TEXT NOT NULL)")
            try db.transaction {
                for n in 0..<2000 { try db.run("INSERT INTO t (v) VALUES (?1)", [.text("row \(n) " + String(repeating: "x", count: 80))]) }
            }
        }
        let bytes = fileBytes(damaged)
        let leaves = (2...(bytes.count / 4096)).filter { bytes[($0 - 1) * 4096] == 0x0D }
        XCTAssertGreaterThan(leaves.count, 10)
        try overwrite(damaged, offset: (leaves[3] - 1) * 4096, count: 4096, with: 0xFF)
        try overwrite(damaged, offset: (leaves[7] - 1) * 4096, count: 4096, with: 0xFF)

        let fresh = try Database(path: dir.file("fresh.sqlite"), flags: Database.readWriteCreate)
        try fresh.exec("CREATE TABLE t (v TEXT NOT NULL)")
        let result = RowSalvage.copy(from: damaged, into: fresh, tables: ["t"])
        let copied = try fresh.rows("SELECT v FROM t") { $0.text(0) }
        XCTAssertEqual(result.totalRecovered, copied.count)
        XCTAssertTrue(result.hitDamage)
        XCTAssertLessThan(copied.count, 2000)
        XCTAssertGreaterThan(copied.count, 1800)
        XCTAssertTrue(copied.contains { $0.hasPrefix("row 1999 ") }, "the last rows survive both damaged pages")
    }
}
