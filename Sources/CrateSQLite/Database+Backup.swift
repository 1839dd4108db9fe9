import CSQLite

/// SQLite's online backup and WAL checkpoints: copies that are consistent while the
/// database is in use, and a main file that holds everything on its own.
extension Database {
    /// Copies this connection's main database, page by page, over `target`'s (SQLite's
    /// online backup API: one consistent snapshot, readers and writers of other
    /// connections are not stopped). `target` ends up with exactly this content.
    public func copy(over target: Database) throws(SQLiteError) {
        guard let source = handle, let destination = target.handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "backup on a closed connection")
        }
        guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
            throw SQLiteError(database: destination, code: sqlite3_errcode(destination), sql: nil)
        }
        let step = sqlite3_backup_step(backup, -1)
        let finish = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE else {
            throw SQLiteError(code: step, message: "backup of \(path) to \(target.path): " + String(cString: sqlite3_errstr(step)))
        }
        guard finish == SQLITE_OK else { throw SQLiteError(database: destination, code: finish, sql: nil) }
    }

    /// Moves every change in the WAL into the main file and truncates the WAL to zero
    /// bytes, so the main file alone is the whole database. Throws when another
    /// connection's read kept part of the WAL from being copied (SQLITE_BUSY).
    public func checkpointTruncate() throws(SQLiteError) {
        var logFrames: Int32 = 0, copied: Int32 = 0
        let db = try openHandle()
        let code = sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_TRUNCATE, &logFrames, &copied)
        guard code == SQLITE_OK else { throw SQLiteError(database: db, code: code, sql: "wal_checkpoint(TRUNCATE)") }
    }
}
