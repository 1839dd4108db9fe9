import CrateCore
import CratePosix
import CrateSQLite
import Glibc

/// Keeping the files whole on their own: checkpoints (the main file holds everything, not
/// the WAL beside it), a clean close on stop, and the user data's backup and restore.
extension LibraryStore {
    /// Copies the WAL of both files into their main files and truncates it. Run on a
    /// schedule and on stop: a copy of user.sqlite alone then holds the user's data.
    public func checkpoint() throws(LibraryStoreError) {
        try withUserData { try $0.checkpointTruncate() }
        try write { try $0.checkpointTruncate() }
    }

    /// Checkpoints and closes every connection; later calls fail with `.closed`. Each lock
    /// is taken in turn, so a scan batch or a like under way finishes first.
    public func close() {
        user.withLock { closeCheckpointed($0, UserSchema.file) }
        writer.withLock { closeCheckpointed($0, CacheSchema.file) }
        reader.withLock { $0.close() }
    }

    private func closeCheckpointed(_ db: Database, _ name: String) {
        guard db.isOpen else { return }
        do { try db.checkpointTruncate() } catch {
            logger.error("\(name): the last checkpoint failed (\(error)); its WAL is applied at the next start")
        }
        db.close()
    }

    /// Writes a consistent copy of user.sqlite to `file` (through `file.partial`, renamed
    /// when complete, so a failed backup never leaves a half file under the name asked for).
    public func backupUserData(to file: String) throws(LibraryStoreError) -> UserDataCopy {
        let partial = file + ".partial"
        unlink(partial)
        do {
            try storeCall {
                let target = try Database(path: partial, flags: Database.readWriteCreate)
                defer { target.close() }
                try withUserData { try $0.copy(over: target) }
                // A plain single file: no -wal beside it to forget when it is copied on.
                try target.exec("PRAGMA journal_mode = DELETE")
            }
        } catch {
            unlink(partial)
            throw error
        }
        do {
            try AtomicFile.commit(partial, to: file)
        } catch {
            throw .unreadable(file: file, reason: "cannot write it: \(error.reason)")
        }
        return try Self.describeUserData(file)
    }

    /// Replaces the user data with `file` after checking it: a regular file, SQLite's
    /// integrity check, exactly a schema this Crate wrote (no trigger, view or extra column).
    /// The file is opened once and copied into a private file (`RestoreCopy`); the checks
    /// and the restore read that copy, so nothing swapped in under the name meanwhile is
    /// restored. The data it replaces is first backed up beside user.sqlite
    /// (`user.sqlite.before-restore-<time>`); an older schema is migrated. The swap is one
    /// backup into the live connection: all or nothing.
    public func restoreUserData(from file: String) throws(LibraryStoreError) -> UserDataCopy {
        let copy = try RestoreCopy.take(file, into: directory) { restoreFileOpened.withLock { $0 }?(file) }
        defer { copy.remove() }
        var described = try Self.validateUserData(copy.path, named: file)
        let previous = "\(directory)/\(UserSchema.file).before-restore-\(time(nil))"
        _ = try backupUserData(to: previous)
        try withUserData { db in
            let source = try Database(path: copy.path, flags: Database.readOnly)
            defer { source.close() }
            try source.copy(over: db)
            guard try db.pragma("journal_mode = WAL")?.lowercased() == "wal" else {
                throw SQLiteError(code: 1, message: "the restored file does not go back to WAL mode")
            }
        }
        try withUserData { db in
            try UserSchema.migrations.migrate(db)
            try UserLedger.adopt(db, directory: directory, logger: logger)
        }
        crateRowCache.withLock { $0 = nil }
        described.previous = previous
        logger.notice("user data restored from \(file); the data it replaced is kept at \(previous)")
        return described
    }

    /// What the private copy of `file` holds, after the checks `restore` needs; the
    /// refusal and the answer name `file`, the one the user gave.
    static func validateUserData(_ copy: String, named file: String) throws(LibraryStoreError) -> UserDataCopy {
        let problem: String?
        do {
            problem = try userDataProblem(copy)
        } catch {
            problem = error.isCorruption ? "it is not a sound SQLite database (\(error.message))" : error.message
        }
        if let problem { throw .badBackup(file: file, reason: problem) }
        var described = try describeUserData(copy)
        described.file = file
        return described
    }

    /// Why `file` is not a user database this Crate can take, or nil when it is.
    private static func userDataProblem(_ file: String) throws(SQLiteError) -> String? {
        let db = try Database(path: file, flags: Database.readOnly)
        defer { db.close() }
        let problems = try db.integrityProblems(limit: 3)
        guard problems.isEmpty else { return "it is damaged (" + problems.joined(separator: "; ") + ")" }
        let version = try db.userVersion
        let latest = UserSchema.migrations.latestVersion
        guard version >= 1 else { return "it is not a Crate user database (no schema version)" }
        guard version <= latest else { return "it has schema version \(version), newer than this Crate's \(latest)" }
        for table in UserSchema.tables {
            let found = try db.firstRow("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1", [.text(table)]) { _ in true }
            guard found == true else { return "it has no \(table) table: not a Crate user database" }
        }
        return try RestoreFileCheck.schemaProblem(db, version: version, steps: UserSchema.migrations.steps)
    }

    static func describeUserData(_ file: String) throws(LibraryStoreError) -> UserDataCopy {
        try storeCall {
            let db = try Database(path: file, flags: Database.readOnly)
            defer { db.close() }
            let counts = try db.firstRow("""
                SELECT coalesce(sum(liked), 0), coalesce(sum(disliked), 0), coalesce(sum(play_count > 0 OR completed_plays > 0), 0)
                FROM album_state
                """) { (likes: $0.int(0), dislikes: $0.int(1), played: $0.int(2)) }
            var info = stat()
            let bytes = stat(file, &info) == 0 ? Int(info.st_size) : 0
            return UserDataCopy(file: file, likes: counts?.likes ?? 0, dislikes: counts?.dislikes ?? 0,
                                albumsPlayed: counts?.played ?? 0, bytes: bytes)
        }
    }
}
