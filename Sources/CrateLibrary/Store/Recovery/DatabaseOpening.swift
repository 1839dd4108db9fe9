import CrateSQLite
import Logging

/// Opening the two database files at start-up: integrity check, connection settings,
/// migrations, and what to do when a file is damaged (see LibraryStore for the why).
enum DatabaseOpening {
    /// Why a file could not be opened as it is.
    enum Failure: Error {
        /// Corrupt, not a database, or unreadable: replace it (cache) or salvage it (user data).
        case damaged(String)
        /// Anything else (a newer schema, permissions, a full disk): reported, the file left alone.
        case refused(LibraryStoreError)
    }

    /// library.sqlite, or a fresh empty one in place of a damaged file.
    static func openCache(directory: String, notes: inout [String], logger: Logger) throws(LibraryStoreError) -> Database {
        let path = directory + "/" + CacheSchema.file
        try reportDamagedWAL(of: path, consequence: "the next scan redoes what it held", notes: &notes, logger: logger)
        if StoreFiles.isEmptyDatabase(path) {
            let note = "library.sqlite was an empty file (0 bytes): the library starts empty and the next scan rebuilds it"
            logger.error("\(note)")
            notes.append(note)
        }
        do throws(Failure) {
            return try openChecked(path: path, migrations: CacheSchema.migrations, synchronous: "NORMAL")
        } catch {
            // The cache is rebuildable: a file that cannot even be opened is replaced too.
            let reason: String
            switch error {
            case .damaged(let why), .refused(.unreadable(_, let why)): reason = why
            case .refused(let refusal): throw refusal
            }
            guard StoreFiles.exists(path) else { throw .unreadable(file: path, reason: reason) }
            let aside = try StoreFiles.moveAside(path)
            let note = "library.sqlite was damaged (\(reason)); it was moved to \(aside) and the library "
                + "starts empty: the next scan rebuilds it"
            logger.error("\(note)")
            notes.append(note)
            return try openFresh(path: path, migrations: CacheSchema.migrations, synchronous: "NORMAL")
        }
    }

    /// user.sqlite, or a fresh one holding every row that could be read from a damaged
    /// file; then compared with its ledger, so changes lost without damage (a WAL deleted
    /// or cut) are reported too (UserLedger).
    static func openUser(directory: String, notes: inout [String], logger: Logger) throws(LibraryStoreError) -> Database {
        let path = directory + "/" + UserSchema.file
        let db = try openUserFile(path: path, notes: &notes, logger: logger)
        do {
            if let loss = try UserLedger.check(db, directory: directory, logger: logger) {
                logger.error("\(loss)")
                notes.append(loss)
            }
        } catch {
            logger.error("user.sqlite cannot be compared with its ledger: \(error)")
        }
        return db
    }

    private static func openUserFile(path: String, notes: inout [String], logger: Logger) throws(LibraryStoreError) -> Database {
        try reportDamagedWAL(of: path, consequence: "likes, dislikes or plays made in those transactions are lost",
                             notes: &notes, logger: logger)
        if StoreFiles.isEmptyDatabase(path) {
            // Nothing to salvage; the empty file is kept aside as evidence of what happened.
            let aside = try StoreFiles.moveAside(path)
            let note = "user.sqlite was an empty file (0 bytes): likes, dislikes and play history start "
                + "empty; nothing could be recovered (the empty file is kept at \(aside))"
            logger.error("\(note)")
            notes.append(note)
        }
        if StoreFiles.size(path) == 0, let walBytes = StoreFiles.size(path + "-wal"), walBytes > 0 {
            // SQLite would take the empty file for a new database and drop the WAL unread.
            let aside = try StoreFiles.moveAside(path)
            let fresh = try openFresh(path: path, migrations: UserSchema.migrations, synchronous: "FULL")
            let replayed = WALReplay.image(of: aside)
            let salvage = salvage(from: replayed?.path, into: fresh)
            replayed.map { StoreFiles.remove($0.path) }
            let held = replayed.map { "rebuilt from the \($0.pages) page(s) its WAL still held: \(salvage.summary)" }
                ?? "its WAL holds no committed page 1, so nothing could be rebuilt from it"
            let note = "user.sqlite was cut to 0 bytes with its WAL (\(walBytes) bytes) beside it; \(held); rows only "
                + "the file held are lost; the cut file and its WAL are kept at \(aside)"
            logger.error("\(note)")
            notes.append(note)
            return fresh
        }
        do throws(Failure) {
            return try openChecked(path: path, migrations: UserSchema.migrations, synchronous: "FULL")
        } catch {
            guard case .damaged(let reason) = error, StoreFiles.exists(path) else { throw refusal(error, path) }
            let aside = try StoreFiles.moveAside(path)
            let fresh = try openFresh(path: path, migrations: UserSchema.migrations, synchronous: "FULL")
            // Reading the copy creates a -shm (and maybe an empty -wal) beside it: remove
            // those afterwards, but keep companions that were moved along with the file.
            let moved = ["-wal", "-shm"].filter { StoreFiles.exists(aside + $0) }
            // Read from a copy padded to whole pages: a truncated file reads as nothing otherwise.
            let padded = PaddedCopy.make(of: aside)
            let salvage = salvage(from: padded?.path ?? aside, into: fresh)
            padded?.remove()
            for suffix in ["-wal", "-shm"] where !moved.contains(suffix) { StoreFiles.remove(aside + suffix) }
            let missing = padded?.addedBytes ?? 0
            let truncated = missing > 0 ? " (the file was cut short: \(missing) bytes missing)" : ""
            let note = "user.sqlite was damaged (\(reason))\(truncated) and was replaced by a fresh file: \(salvage.summary); "
                + "the damaged copy is kept at \(aside)"
            logger.error("\(note)")
            notes.append(note)
            return fresh
        }
    }

    /// The valid rows of the user tables read from `source` into `fresh`.
    private static func salvage(from source: String?, into fresh: Database) -> RowSalvage.Result {
        guard let source else { return RowSalvage.Result(unreadableTables: UserSchema.tables) }
        return RowSalvage.copy(from: source, into: fresh, tables: UserSchema.tables, valid: UserSchema.validRows)
    }

    /// The reader connection to an already opened and migrated library.sqlite.
    static func openReader(directory: String) throws(LibraryStoreError) -> Database {
        try storeCall {
            let db = try Database(path: directory + "/" + CacheSchema.file, flags: Database.readWrite)
            db.setBusyTimeout(milliseconds: 5000)
            // Belt and braces: this connection must never write behind the writer's back.
            try db.exec("PRAGMA query_only = ON")
            return db
        }
    }

    // MARK: Steps

    /// A damaged WAL is copied aside (SQLite rewrites the WAL once it opens the file, and
    /// with it the evidence) and reported; the sound frames before the damage still apply.
    private static func reportDamagedWAL(of path: String, consequence: String, notes: inout [String],
                                         logger: Logger) throws(LibraryStoreError) {
        guard let damage = WALCheck.damage(in: path + "-wal") else { return }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let aside = try StoreFiles.copyAside(path + "-wal")
        let note = "the WAL of \(name) was damaged: \(damage.summary); \(consequence); "
            + "a copy of the WAL is kept at \(aside)"
        logger.error("\(note)")
        notes.append(note)
    }

    private static func openChecked(path: String, migrations: SchemaMigrations,
                                    synchronous: String) throws(Failure) -> Database {
        let db: Database
        do throws(SQLiteError) {
            db = try Database(path: path, flags: Database.readWriteCreate)
            let problems = try db.integrityProblems()
            guard problems.isEmpty else {
                db.close()
                throw SQLiteError(code: SQLiteError.corruptCode, message: "integrity check: "
                    + problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; ..." : ""))
            }
            try configure(db, synchronous: synchronous)
        } catch {
            throw classify(error, path: path)
        }
        do throws(LibraryStoreError) {
            try storeCall { try migrations.migrate(db) }
        } catch {
            db.close()
            if case .sqlite(let sqlite) = error { throw classify(sqlite, path: path) }
            throw .refused(error)
        }
        return db
    }

    /// Opens the replacement for a file just moved aside; any failure now is final.
    private static func openFresh(path: String, migrations: SchemaMigrations,
                                  synchronous: String) throws(LibraryStoreError) -> Database {
        do throws(Failure) {
            return try openChecked(path: path, migrations: migrations, synchronous: synchronous)
        } catch {
            switch error {
            case .damaged(let reason): throw .recoveryFailed(file: path, reason: "a fresh file fails too: \(reason)")
            case .refused(let refusal): throw refusal
            }
        }
    }

    /// WAL for both files: readers never block the writer and a crash never leaves a
    /// half-written page behind. The synchronous level is per file (see LibraryStore).
    private static func configure(_ db: Database, synchronous: String) throws(SQLiteError) {
        db.setBusyTimeout(milliseconds: 5000)
        let mode = try db.pragma("journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(code: SQLiteError.genericCode, message: "cannot switch to WAL (journal_mode stays \(mode ?? "?"))")
        }
        // journal_size_limit: after a big scan, truncate the WAL back instead of keeping its peak size.
        try db.exec("PRAGMA synchronous = \(synchronous); PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = 8388608;")
    }

    private static func classify(_ error: SQLiteError, path: String) -> Failure {
        // A full disk fails writes (SQLITE_FULL, or an I/O error from a write or the -shm's
        // growth): nothing is wrong with the file, so it is neither replaced nor salvaged.
        if error.isDiskFull || (error.isIOError && StoreFiles.isFull(directoryOf: path)) {
            return .refused(.diskFull(file: path, reason: error.message))
        }
        if error.isCorruption || error.isIOError { return .damaged(error.message) }
        if error.isAccessProblem { return .refused(.unreadable(file: path, reason: error.message)) }
        return .refused(.sqlite(error))
    }

    private static func refusal(_ failure: Failure, _ path: String) -> LibraryStoreError {
        switch failure {
        case .damaged(let reason): .unreadable(file: path, reason: reason)
        case .refused(let error): error
        }
    }
}
