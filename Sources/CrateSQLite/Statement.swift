import CSQLite

/// SQLite's "copy this buffer now" destructor: a macro in C, so spelled out here.
var SQLITE_TRANSIENT: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

/// One SQLite value, for code that copies rows without knowing their shape (recovery).
public enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public static func int(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
    public static func string(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
    public static func double(_ value: Double?) -> SQLiteValue { value.map { .real($0) } ?? .null }
    public static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
}

/// A prepared statement. Binds are 1-based (as in SQLite), columns 0-based. Not thread-safe:
/// it belongs to its Database, which is only used under the store's lock.
public final class Statement {
    public let handle: OpaquePointer
    public let sql: String

    public init(database: OpaquePointer, sql: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(database, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw SQLiteError(database: database, code: code, sql: sql)
        }
        handle = prepared
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Running

    /// Advances to the next row: true when a row is available, false when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(database: sqlite3_db_handle(handle), code: code, sql: sql)
        }
    }

    /// Steps until done: for statements that return no rows.
    public func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// Ready to run again (binds are kept). Ends the statement's read, so in WAL mode an
    /// idle cached statement never pins an old snapshot of the database.
    public func reset() { sqlite3_reset(handle) }

    public func clearBindings() { sqlite3_clear_bindings(handle) }

    // MARK: Binding

    public func bind(_ value: Int?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    public func bind(_ value: Int64?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_int64(handle, index, value))
    }

    public func bind(_ value: Bool, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value ? 1 : 0))
    }

    public func bind(_ value: Double?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_double(handle, index, value))
    }

    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard var value else { return try bindNull(at: index) }
        // With an explicit length, so text with an embedded NUL is stored whole; "" stays
        // text, not NULL, even when the empty string has no buffer.
        let code = value.isEmpty ? sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT) : value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), SQLITE_TRANSIENT)
            }
        }
        try check(code)
    }

    public func bind(blob value: [UInt8]?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        let code = value.withUnsafeBytes { raw in
            // A zero-length blob, not NULL, even when the array has no storage.
            sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count),
                              SQLITE_TRANSIENT)
        }
        try check(code)
    }

    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let number): try bind(number, at: index)
        case .real(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(blob: bytes, at: index)
        }
    }

    /// Binds `values` to ?1, ?2, ... in order.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(database: sqlite3_db_handle(handle), code: code, sql: sql)
        }
    }

    // MARK: Reading the current row

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    public func columnName(_ column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

    public func text(_ column: Int32) -> String {
        // Text first, then its length: the documented order (the conversion may move the bytes).
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    public func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    public func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    public func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    public func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(int64(column))
        case SQLITE_FLOAT: .real(double(column))
        case SQLITE_TEXT: .text(text(column))
        case SQLITE_BLOB: .blob(blob(column))
        default: .null
        }
    }
}
