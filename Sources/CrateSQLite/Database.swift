import CSQLite

/// One SQLite connection. Not thread-safe on purpose (opened NOMUTEX): the store keeps
/// each connection behind its own lock, so SQLite's internal mutexes would only cost time.
public final class Database {
    public let path: String
    public private(set) var handle: OpaquePointer?
    /// Prepared once, reused by every batch: parsing and planning the same upsert 20,000
    /// times would cost more than running it.
    private var cache: [String: Statement] = [:]

    public static let readWriteCreate = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    public static let readWrite = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
    public static let readOnly = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX

    public init(path: String, flags: Int32) throws(SQLiteError) {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let error = SQLiteError(database: db, code: code, sql: nil)
            sqlite3_close_v2(db)
            throw SQLiteError(code: error.code, message: "\(path): \(error.message)")
        }
        sqlite3_extended_result_codes(db, 1)
        self.path = path
        handle = db
    }

    /// A connection not opened yet: the store waits for room on the disk (LibraryStore).
    public init(unopened path: String) {
        self.path = path
        handle = nil
    }

    deinit { close() }

    /// Finalizes cached statements and closes. Needed before the file is renamed.
    public func close() {
        cache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    public var isOpen: Bool { handle != nil }

    public var db: OpaquePointer {
        guard let handle else { preconditionFailure("SQLite connection to \(path) used after close") }
        return handle
    }

    /// The handle, or an error naming the file when the connection is closed: every
    /// statement and `exec` go through it, so a caller that reaches a connection kept
    /// closed (a full disk at start) gets a refusal, never a crash of the whole daemon.
    func openHandle() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "\(path) is not open", sql: nil) }
        return handle
    }

    // MARK: Statements

    /// A new statement, owned by the caller.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: openHandle(), sql: sql)
    }

    /// The statement for `sql` from the cache, reset and with its binds cleared.
    public func cached(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = cache[sql] {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// Runs one or more statements that return nothing (schema, pragmas).
    public func exec(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let db = try openHandle()
        let code = sqlite3_exec(db, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(db), message: text, sql: sql)
        }
    }

    /// Runs a cached statement that returns no rows.
    public func run(_ sql: String, _ binds: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try cached(sql)
        try statement.bind(binds)
        try statement.run()
    }

    /// Every row of a cached query, mapped by `row` while the statement sits on it.
    public func rows<T>(_ sql: String, _ binds: [SQLiteValue] = [],
                 _ row: (Statement) throws(SQLiteError) -> T) throws(SQLiteError) -> [T] {
        let statement = try cached(sql)
        defer { statement.reset() }
        try statement.bind(binds)
        var result: [T] = []
        while try statement.step() { result.append(try row(statement)) }
        return result
    }

    /// The first row of a cached query, or nil when it returns none.
    public func firstRow<T>(_ sql: String, _ binds: [SQLiteValue] = [],
                     _ row: (Statement) throws(SQLiteError) -> T) throws(SQLiteError) -> T? {
        let statement = try cached(sql)
        defer { statement.reset() }
        try statement.bind(binds)
        return try statement.step() ? try row(statement) : nil
    }

    // MARK: Transactions

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// IMMEDIATE takes the write lock up front, so a busy database fails (after the busy
    /// timeout) at BEGIN rather than half-way through the work.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try exec("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try exec("COMMIT")
            return result
        } catch {
            // A failed COMMIT or a statement error may already have ended the transaction.
            if let handle, sqlite3_get_autocommit(handle) == 0 { try? exec("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` in one read transaction, so several statements see one snapshot even
    /// while another connection writes.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try exec("BEGIN")
        defer {
            do { try exec("COMMIT") } catch {
                // Ending a read loses nothing; a rollback keeps the connection usable.
                _ = try? exec("ROLLBACK")
            }
        }
        return try body()
    }

    public var isInTransaction: Bool { sqlite3_get_autocommit(db) == 0 }

    // MARK: Settings and facts

    /// How long a statement waits for another connection's lock before SQLITE_BUSY.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(db, milliseconds)
    }

    /// Runs a pragma and returns the first column of its first row, if any.
    @discardableResult
    public func pragma(_ text: String) throws(SQLiteError) -> String? {
        let statement = try prepare("PRAGMA \(text)")
        return try statement.step() ? statement.optionalText(0) : nil
    }

    public var userVersion: Int {
        get throws(SQLiteError) { Int(try pragma("user_version") ?? "0") ?? 0 }
    }

    public func setUserVersion(_ version: Int) throws(SQLiteError) {
        try exec("PRAGMA user_version = \(version)")
    }

    /// The problems `PRAGMA integrity_check` lists, empty when the file is sound. Throws
    /// when the check itself cannot read the file (not a database, unreadable page 1).
    public func integrityProblems(limit: Int = 20) throws(SQLiteError) -> [String] {
        let statement = try prepare("PRAGMA integrity_check(\(limit))")
        var lines: [String] = []
        while try statement.step() { lines.append(statement.text(0)) }
        return lines == ["ok"] ? [] : lines
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(db) }
    public var changes: Int { Int(sqlite3_changes(db)) }
}
