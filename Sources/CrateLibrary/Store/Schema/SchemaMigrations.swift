import CrateSQLite

/// The schema of one database file as an ordered list of steps: step `i` takes
/// `PRAGMA user_version` from `i` to `i + 1`. Steps are only ever appended, never edited,
/// so every file in the field can be walked forward from whatever version it has.
struct SchemaMigrations {
    /// The file name, for messages ("library.sqlite").
    let file: String
    let steps: [String]

    var latestVersion: Int { steps.count }

    /// Brings `db` to the latest version, each step in its own transaction together with
    /// its version bump: a crash between steps leaves a consistent, resumable file.
    func migrate(_ db: Database) throws(LibraryStoreError) {
        let found = try storeCall { try db.userVersion }
        guard found <= latestVersion else {
            throw .newerSchema(file: file, found: found, supported: latestVersion)
        }
        for version in found..<latestVersion {
            try storeCall {
                try db.transaction {
                    try db.exec(steps[version])
                    try db.setUserVersion(version + 1)
                }
            }
        }
    }
}
