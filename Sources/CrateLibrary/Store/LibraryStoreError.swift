import CrateCore
import CrateSQLite

/// Why the library store could not do something, in words for `status` and the log.
public enum LibraryStoreError: UserFacingError, Equatable {
    /// The state directory could not be created or is not a directory.
    case directory(path: String, reason: String)
    /// The file was written by a newer Crate (its `user_version` is higher than any step
    /// this build knows). Refused rather than guessed at: downgrade the database or upgrade Crate.
    case newerSchema(file: String, found: Int, supported: Int)
    /// The file exists but cannot be opened (permissions, say) and holds data that cannot
    /// be rebuilt, so it is not replaced.
    case unreadable(file: String, reason: String)
    /// A damaged file could not be moved aside or replaced by a fresh one.
    case recoveryFailed(file: String, reason: String)
    /// A statement failed.
    case sqlite(SQLiteError)
    /// The store was closed (crated is stopping); nothing more is read or written.
    case closed
    /// A file offered to `restore` is not a sound Crate user database.
    case badBackup(file: String, reason: String)
    /// The disk holding the file is full: the file is kept as it is, and opened again
    /// once there is room (`LibraryStore.retryOpening`).
    case diskFull(file: String, reason: String)

    public var userMessage: String {
        switch self {
        case .directory(let path, let reason):
            "cannot use the state directory \(path): \(reason)"
        case .newerSchema(let file, let found, let supported):
            SchemaError.newer(file: file, found: found, supported: supported).description
        case .unreadable(let file, let reason):
            "cannot open \(file): \(reason)"
        case .recoveryFailed(let file, let reason):
            "\(file) is damaged and could not be replaced: \(reason)"
        case .sqlite(let error):
            // What failed, in words; the statement itself is for the log (`description`).
            "the library database failed: \(error.message) (SQLite code \(error.code))"
        case .closed:
            "the library store is closed: crated is stopping"
        case .badBackup(let file, let reason):
            "\(file) cannot be restored: \(reason); the current user data is unchanged"
        case .diskFull(let file, let reason):
            "disk full: \(file) cannot be opened (\(reason)); the file is kept and opened again "
                + "once there is room: free space on its file system"
        }
    }

    /// For the log: the user's message, and for a failed statement the SQL too.
    public var description: String {
        guard case .sqlite(let error) = self else { return userMessage }
        return "library database error: \(error)"
    }
}

/// Runs `body`, reporting SQLite failures as LibraryStoreError.
func storeCall<T>(_ body: () throws -> T) throws(LibraryStoreError) -> T {
    do { return try body() } catch { throw LibraryStoreError(error) }
}

extension LibraryStoreError {
    /// Any error from inside the store as a LibraryStoreError.
    init(_ error: any Error) {
        switch error {
        case let error as LibraryStoreError: self = error
        case let error as SQLiteError: self = .sqlite(error)
        case let error as SchemaError:
            switch error {
            case .newer(let file, let found, let supported): self = .newerSchema(file: file, found: found, supported: supported)
            case .sqlite(let error): self = .sqlite(error)
            }
        default: self = .sqlite(SQLiteError(code: 1, message: "\(error)"))
        }
    }
}
