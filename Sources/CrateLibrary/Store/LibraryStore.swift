import CrateCore
import CrateSQLite
import Logging
import Synchronization

/// The library's SQLite store: two files in the daemon's `state_dir`.
///
/// - `library.sqlite` is a cache: files, albums, roots and scan bookkeeping, all of which a
///   scan of the sources rebuilds. `synchronous = NORMAL`: in WAL mode a power cut can lose
///   the last transactions but never corrupts the file, and a lost batch is rescanned.
///   A damaged or unreadable cache is moved aside and recreated empty; the next scan refills it.
/// - `user.sqlite` holds what the user did (likes, dislikes, plays, settings), which nothing
///   can rebuild. `synchronous = FULL`: a like that was acknowledged survives a power cut.
///   Keyed by the stable text `album_key`, so it outlives a rebuilt cache. A damaged file is
///   moved aside and every row that can still be read is copied into a fresh one.
///
/// Both files use WAL (readers never block the writer, so the knob can browse during a
/// scan), foreign keys on, and `PRAGMA user_version` migrations: an ordered list of steps,
/// each in its own transaction; a file from a newer Crate is refused with a clear error.
/// `PRAGMA integrity_check` runs on both at start-up: a few hundred milliseconds on a Pi
/// with a large library, paid once, against silently serving a broken index for months.
///
/// Connections: one writer (the scanner) and one reader (queries) for the cache, one for
/// user data, each behind its own Mutex. A scan's batch never delays a browse.
public final class LibraryStore: Sendable {
    /// What start-up had to do to keep the store usable (a rebuilt cache, recovered rows),
    /// for `library stats`. Empty on a normal start.
    public var notes: [String] { startNotes.withLock { $0 } }
    public let directory: String

    let writer: Mutex<Database>
    let reader: Mutex<Database>
    let user: Mutex<Database>
    /// Albums with the user's state, as the crate signals last read them, and the
    /// `data_version`s they were read at (see `crateRowsWithState`).
    let crateRowCache = Mutex<CrateRowCache?>(nil)
    let logger: Logger
    private let startNotes = Mutex<[String]>([])
    /// Why the files are not open yet: a full disk (never damage: the files are kept as
    /// they are). Every call fails with it until `retryOpening` succeeds.
    private let waiting = Mutex<LibraryStoreError?>(nil)
    /// Called by `restoreUserData` once the file to restore is open, before its bytes are
    /// read: the tests swap the file there, as a racing process would.
    let restoreFileOpened = Mutex<(@Sendable (String) -> Void)?>(nil)

    private init(directory: String, logger: Logger) {
        self.directory = directory
        writer = Mutex(Database(unopened: directory + "/" + CacheSchema.file))
        reader = Mutex(Database(unopened: directory + "/" + CacheSchema.file))
        user = Mutex(Database(unopened: directory + "/" + UserSchema.file))
        self.logger = logger
    }

    /// Opens (creating, migrating, checking and if need be recovering) the store in
    /// `directory`. On a full disk the store is returned unopened, saying so
    /// (`unavailableReason`), and opened by `retryOpening` once there is room.
    public static func open(directory: String, logger: Logger) throws(LibraryStoreError) -> LibraryStore {
        try StoreFiles.ensureDirectory(directory)
        RestoreCopy.removeLeftovers(in: directory, logger: logger)
        let store = LibraryStore(directory: directory, logger: logger)
        do {
            try store.openFiles()
        } catch {
            guard case .diskFull = error else { throw error }
            store.waiting.withLock { $0 = error }
            logger.error("library unavailable, \(error.userMessage)")
        }
        return store
    }

    /// Why the store is not open (a full disk), or nil when it is.
    public var unavailableReason: String? { waiting.withLock { $0 }?.userMessage }

    /// Opens the files a full disk kept closed. True when the store is open now; false
    /// while the disk is still full (or the files fail otherwise: logged).
    public func retryOpening() -> Bool {
        guard waiting.withLock({ $0 }) != nil else { return true }
        do {
            try openFiles()
        } catch {
            if case .diskFull = error {
                waiting.withLock { $0 = error }
            } else {
                logger.error("the library database still cannot be opened: \(error)")
            }
            return false
        }
        waiting.withLock { $0 = nil }
        logger.notice("the library database is open: there is room on the disk again")
        return true
    }

    /// Opens each file not yet open: the cache, its reader, the user data.
    private func openFiles() throws(LibraryStoreError) {
        var notes: [String] = []
        defer { startNotes.withLock { $0 += notes } }
        try writer.withLock { (db: inout Database) throws(LibraryStoreError) in
            if !db.isOpen {
                db = try DatabaseOpening.openCache(directory: directory, notes: &notes, logger: logger)
                do {
                    try AlbumGenres(db: db).backfillIfPending()
                } catch {
                    // Not fatal: the albums keep their primary genre, and the next scan of each fills the rest.
                    logger.error("could not read the other genres of the albums already known: \(error)")
                }
            }
        }
        try reader.withLock { (db: inout Database) throws(LibraryStoreError) in
            if !db.isOpen { db = try DatabaseOpening.openReader(directory: directory) }
        }
        try user.withLock { (db: inout Database) throws(LibraryStoreError) in
            if !db.isOpen { db = try DatabaseOpening.openUser(directory: directory, notes: &notes, logger: logger) }
        }
    }

    // MARK: Connection access

    /// Runs `body` on the writer connection.
    func write<T: Sendable>(_ body: (Database) throws -> T) throws(LibraryStoreError) -> T {
        try writer.withLock { (db: inout Database) throws(LibraryStoreError) -> T in
            guard db.isOpen else { throw waiting.withLock { $0 } ?? .closed }
            return try storeCall { try body(db) }
        }
    }

    /// Runs `body` on the writer connection inside one transaction.
    func writeTransaction<T: Sendable>(_ body: (Database) throws -> T) throws(LibraryStoreError) -> T {
        try write { db in try db.transaction { try body(db) } }
    }

    /// Runs `body` on the reader connection. Queries made of several statements run in
    /// one read transaction, so they see one consistent snapshot even mid-scan.
    func read<T: Sendable>(_ body: (Database) throws -> T) throws(LibraryStoreError) -> T {
        try readOutsideTransaction { db in try db.readTransaction { try body(db) } }
    }

    /// Runs `body` on the reader connection with no transaction around it, for work that
    /// SQLite refuses inside one (ATTACH). Like every entry here it fails with the reason
    /// while the file is not open (a full disk at start), never touching a closed handle.
    func readOutsideTransaction<T: Sendable>(_ body: (Database) throws -> T) throws(LibraryStoreError) -> T {
        try reader.withLock { (db: inout Database) throws(LibraryStoreError) -> T in
            guard db.isOpen else { throw waiting.withLock { $0 } ?? .closed }
            return try storeCall { try body(db) }
        }
    }

    /// Runs `body` on the user-data connection.
    func withUserData<T: Sendable>(_ body: (Database) throws -> T) throws(LibraryStoreError) -> T {
        try user.withLock { (db: inout Database) throws(LibraryStoreError) -> T in
            guard db.isOpen else { throw waiting.withLock { $0 } ?? .closed }
            return try storeCall { try body(db) }
        }
    }
}
