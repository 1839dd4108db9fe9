import CrateSQLite

/// What `restore` checks of the private copy it took (`RestoreCopy`): its size, and a
/// schema exactly one this Crate wrote (a trigger, view or extra column would run or
/// linger inside the live user data).
enum RestoreFileCheck {
    /// The largest user.sqlite `restore` takes. Likes and play counts of a large library
    /// are a few MB; anything near this is not a Crate user database.
    static let maxBytes = 256 << 20

    /// Why the schema of `db` (at `version`) differs from the one the migrations build, or
    /// nil when every table, index and column is the schema's own and nothing else is there.
    static func schemaProblem(_ db: Database, version: Int, steps: [String]) throws(SQLiteError) -> String? {
        let reference = try Database(path: ":memory:", flags: Database.readWriteCreate)
        defer { reference.close() }
        for step in steps.prefix(version) { try reference.exec(step) }
        let expected = try objects(reference), found = try objects(db)
        if let extra = found.keys.sorted().first(where: { expected[$0] == nil }) {
            return "it holds \(extra), which no Crate user database has"
        }
        if let missing = expected.keys.sorted().first(where: { found[$0] == nil }) {
            return "it lacks \(missing) of schema version \(version)"
        }
        if let changed = expected.keys.sorted().first(where: { expected[$0] != found[$0] }) {
            return "its \(changed) is not defined as schema version \(version) defines it"
        }
        return nil
    }

    /// "type name" → its SQL, for every object but SQLite's own statistics tables
    /// (`ANALYZE` and `PRAGMA optimize` write those into any database).
    private static func objects(_ db: Database) throws(SQLiteError) -> [String: String] {
        let rows = try db.rows("SELECT type, name, coalesce(sql, '') FROM sqlite_schema WHERE name NOT LIKE 'sqlite_stat%'") {
            ("\($0.text(0)) \($0.text(1))", $0.text(2))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }
}
