/// The schema of one database file as an ordered list of steps: step `i` takes
/// `PRAGMA user_version` from `i` to `i + 1`. Steps are only ever appended, never edited,
/// so every file in the field can be walked forward from whatever version it has.
public struct SchemaMigrations: Sendable {
    /// The file name, for messages ("library.sqlite").
    public let file: String
    public let steps: [String]

    public init(file: String, steps: [String]) {
        self.file = file
        self.steps = steps
    }

    public var latestVersion: Int { steps.count }

    /// Brings `db` to the latest version, each step in its own transaction together with
    /// its version bump: a crash between steps leaves a consistent, resumable file.
    public func migrate(_ db: Database) throws(SchemaError) {
        let found: Int
        do { found = try db.userVersion } catch { throw .sqlite(error) }
        guard found <= latestVersion else {
            throw .newer(file: file, found: found, supported: latestVersion)
        }
        for version in found..<latestVersion {
            do {
                try db.transaction {
                    try db.exec(steps[version])
                    try db.setUserVersion(version + 1)
                }
            } catch let error as SQLiteError {
                throw .sqlite(error)
            } catch {
                throw .sqlite(SQLiteError(code: SQLiteError.genericCode, message: "\(error)"))
            }
        }
    }
}

/// Why a file could not be brought to the schema this Crate writes.
public enum SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Written by a newer Crate: opening it would lose what that version added.
    case newer(file: String, found: Int, supported: Int)
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .newer(let file, let found, let supported):
            "\(file) has schema version \(found), but this Crate knows versions up to \(supported): "
                + "it was written by a newer Crate; upgrade Crate or restore an older copy of the file"
        case .sqlite(let error): "\(error)"
        }
    }
}
