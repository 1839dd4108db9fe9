@testable import CrateLibrary
import CrateSQLite
import XCTest

/// The thin sqlite3 wrapper under the store.
final class StoreSQLiteTests: StoreTestCase {
    var db: Database!

    override func setUpWithError() throws {
        try super.setUpWithError()
        db = try Database(path: dir.file("wrapper.sqlite"), flags: Database.readWriteCreate)
        try db.exec("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB)")
    }

    override func tearDown() {
        db = nil
        super.tearDown()
    }

    func testTypedBindsAndReadsRoundTrip() throws {
        let insert = try db.cached("INSERT INTO t (i, r, s, b) VALUES (?1, ?2, ?3, ?4)")
        try insert.bind(Int64.max, at: 1)
        try insert.bind(-0.125, at: 2)
        try insert.bind("nul\u{0}inside, émoji 🎶", at: 3)
        try insert.bind(blob: [0, 1, 255], at: 4)
        try insert.run()
        try db.run("INSERT INTO t (i, r, s, b) VALUES (?1, ?2, ?3, ?4)", [.int(-7), .null, .text(""), .blob([])])
        let insertNil = try db.cached("INSERT INTO t (i, r, s, b) VALUES (?1, ?2, ?3, ?4)")
        try insertNil.bind(nil as Int?, at: 1)
        try insertNil.bind(nil as Double?, at: 2)
        try insertNil.bind(nil as String?, at: 3)
        try insertNil.bind(blob: nil, at: 4)
        try insertNil.run()

        let rows = try db.rows("SELECT i, r, s, b FROM t ORDER BY rowid") { s in
            [s.value(0), s.value(1), s.value(2), s.value(3)]
        }
        XCTAssertEqual(rows, [
            [.integer(Int64.max), .real(-0.125), .text("nul\u{0}inside, émoji 🎶"), .blob([0, 1, 255])],
            [.integer(-7), .null, .text(""), .blob([])],
            [.null, .null, .null, .null],
        ], "an empty string and an empty blob stay empty, not NULL")
        let typed = try XCTUnwrap(try db.firstRow("SELECT i, r, s FROM t WHERE i = -7") { s in
            (s.int(0), s.optionalDouble(1), s.text(2), s.optionalText(2), s.optionalInt(1))
        })
        XCTAssertEqual(typed.0, -7)
        XCTAssertNil(typed.1)
        XCTAssertEqual(typed.2, "")
        XCTAssertEqual(typed.3, "")
        XCTAssertNil(typed.4)
        XCTAssertNil(try db.firstRow("SELECT i FROM t WHERE 0") { $0.int(0) })
    }

    func testATransactionRollsBackWhenItsBodyThrows() throws {
        struct Stop: Error {}
        XCTAssertThrowsError(try db.transaction {
            try db.run("INSERT INTO t (i) VALUES (1)")
            throw Stop()
        }) { XCTAssertTrue($0 is Stop) }
        XCTAssertFalse(db.isInTransaction)
        XCTAssertEqual(try db.firstRow("SELECT count(*) FROM t") { $0.int(0) }, 0)
        try db.transaction { try db.run("INSERT INTO t (i) VALUES (2)") }
        XCTAssertEqual(try db.firstRow("SELECT count(*) FROM t") { $0.int(0) }, 1)
    }

    func testErrorsCarrySQLitesMessageAndTheSQL() throws {
        XCTAssertThrowsError(try db.prepare("SELECT nope FROM t")) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.message, "no such column: nope")
            XCTAssertEqual(error?.sql, "SELECT nope FROM t")
            XCTAssertTrue("\(error.map { "\($0)" } ?? "")".contains("in: SELECT nope FROM t"))
        }
        try db.exec("CREATE TABLE u (k TEXT UNIQUE)")
        try db.run("INSERT INTO u VALUES ('a')")
        XCTAssertThrowsError(try db.run("INSERT INTO u VALUES (?1)", [.text("a")])) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.primaryCode, 19, "SQLITE_CONSTRAINT")
            XCTAssertEqual(error?.code, 2067, "SQLITE_CONSTRAINT_UNIQUE, the extended code")
            XCTAssertTrue(error?.message.contains("UNIQUE") ?? false)
        }
    }

    func testCachedStatementsAreReusedAndComeBackReset() throws {
        let first = try db.cached("SELECT ?1")
        try first.bind(5, at: 1)
        XCTAssertTrue(try first.step())
        let again = try db.cached("SELECT ?1")
        XCTAssertTrue(first === again)
        XCTAssertTrue(try again.step())
        XCTAssertTrue(again.isNull(0), "binds are cleared")
    }

    /// A connection kept closed (a full disk at start) or closed on stop refuses with the
    /// file's name; it used to stop the whole process.
    func testAClosedConnectionRefusesStatementsWithoutCrashing() throws {
        for closed in [Database(unopened: dir.file("never.sqlite")), db!] {
            closed.close()
            XCTAssertThrowsError(try closed.exec("SELECT 1")) { XCTAssertTrue("\($0)".contains("is not open"), "\($0)") }
            XCTAssertThrowsError(try closed.rows("SELECT 1") { $0.int(0) })
            XCTAssertThrowsError(try closed.transaction { try closed.run("INSERT INTO t (i) VALUES (1)") })
            XCTAssertThrowsError(try closed.checkpointTruncate())
        }
    }

    func testOpeningAMissingFileWithoutCreateFails() {
        XCTAssertThrowsError(try Database(path: dir.file("absent/x.sqlite"), flags: Database.readWrite)) { error in
            XCTAssertTrue((error as? SQLiteError)?.isAccessProblem ?? false, "\(error)")
        }
    }
}
