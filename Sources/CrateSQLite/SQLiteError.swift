import CSQLite

/// A failed SQLite call: the (extended) result code, SQLite's own words, and the SQL
/// that was running, so a log line says what broke without a debugger.
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Extended result code (SQLITE_CORRUPT_INDEX, SQLITE_IOERR_READ, ...).
    public var code: Int32
    public var message: String
    public var sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The last error on `db`, as SQLite reports it.
    init(database db: OpaquePointer?, code: Int32, sql: String?) {
        let extended = db.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's code can be stale when the call failed before touching it.
        let useExtended = extended & 0xff == code & 0xff
        let text = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(code: useExtended ? extended : code,
                  message: text ?? String(cString: sqlite3_errstr(code)), sql: sql)
    }

    public var primaryCode: Int32 { code & 0xff }

    /// The result codes callers raise themselves, so they need not import the C module.
    public static let genericCode = SQLITE_ERROR
    public static let permissionCode = SQLITE_PERM
    public static let corruptCode = SQLITE_CORRUPT

    /// The file is not a database or its pages do not add up: worth recovering, not retrying.
    public var isCorruption: Bool {
        primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB
    }

    /// Permissions or a read-only file: a problem for the administrator, not damage.
    public var isAccessProblem: Bool {
        primaryCode == SQLITE_CANTOPEN || primaryCode == SQLITE_PERM || primaryCode == SQLITE_READONLY
            || primaryCode == SQLITE_AUTH
    }

    /// The disk failed a read or write.
    public var isIOError: Bool { primaryCode == SQLITE_IOERR }

    /// The disk (or the quota) is full: nothing is wrong with the file.
    public var isDiskFull: Bool { primaryCode == SQLITE_FULL }

    public var description: String {
        let base = "\(message) (SQLite code \(code))"
        guard let sql else { return base }
        let oneLine = sql.split(whereSeparator: \.isNewline).map { $0.drop(while: { $0 == " " }) }
            .joined(separator: " ")
        return "\(base) in: \(oneLine)"
    }
}
