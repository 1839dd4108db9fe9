import CratePosix
import CrateSQLite
import Glibc

/// What `restore` checks before SQLite opens a file: it is a regular file of a sane size
/// (a FIFO or a device would block the control worker in `open` or `read` forever), and its
/// schema is exactly one this Crate wrote (a trigger, view or extra column would run or
/// linger inside the live user data).
enum RestoreFileCheck {
    /// The largest user.sqlite `restore` takes. Likes and play counts of a large library
    /// are a few MB; anything near this is not a Crate user database.
    static let maxBytes = 256 << 20

    /// Why `file` is not a regular file `restore` may open, or nil when it is. Opened
    /// non-blocking, so a FIFO with no writer answers at once instead of waiting for one.
    static func fileProblem(_ file: String) -> String? {
        let fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return "cannot open it: \(errnoDescription(errno))" }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return "cannot stat it: \(errnoDescription(errno))" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard Int(info.st_size) <= maxBytes else {
            return "it is \(info.st_size) bytes, more than a user database can be (\(maxBytes) bytes)"
        }
        return nil
    }

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
