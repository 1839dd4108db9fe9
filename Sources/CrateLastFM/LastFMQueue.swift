import CrateSQLite
import CrateCore
import Glibc
import Synchronization

/// lastfm.sqlite in the state folder: the scrobbles waiting to be sent and the session
/// key. A file of its own (mode 0600: the session key lets anyone scrobble as the user),
/// WAL with `synchronous = FULL`, so a scrobble once queued survives kill -9 and a power
/// cut. Nothing in it can be rebuilt from the library, and nothing of the library needs it.
public final class LastFMQueue: Sendable {
    static let file = "lastfm.sqlite"
    static let migrations = SchemaMigrations(file: file, steps: [
        """
        CREATE TABLE scrobbles (
            artist TEXT NOT NULL,
            track TEXT NOT NULL,
            album TEXT,
            album_artist TEXT,
            track_number INTEGER,
            duration INTEGER,
            timestamp INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT
        );
        CREATE TABLE settings (
            key TEXT NOT NULL UNIQUE,
            value TEXT NOT NULL
        );
        """,
    ])

    private let db: Mutex<Database>

    public init(stateDir: String) throws(LastFMError) {
        let path = stateDir + "/" + Self.file
        let database: Database
        do throws(SQLiteError) {
            database = try Database(path: path, flags: Database.readWriteCreate)
            // Before anything is written: the file holds the session key.
            guard chmod(path, 0o600) == 0 else {
                throw SQLiteError(code: SQLiteError.permissionCode, message: "\(path): cannot make it private (chmod 600): errno \(errno)")
            }
            database.setBusyTimeout(milliseconds: 5000)
            _ = try database.pragma("journal_mode = WAL")
            try database.exec("PRAGMA synchronous = FULL;")
        } catch {
            throw .store("\(error)")
        }
        do throws(SchemaError) { try Self.migrations.migrate(database) } catch { throw .store("\(error)") }
        db = Mutex(database)
    }

    private func with<T: Sendable>(_ body: (Database) throws -> T) throws(LastFMError) -> T {
        try db.withLock { (db: inout Database) throws(LastFMError) -> T in
            do { return try body(db) } catch { throw .store("\(error)") }
        }
    }

    // MARK: Scrobbles

    public func append(_ track: LastFMTrack) throws(LastFMError) {
        try with { db in
            try db.run("""
                INSERT INTO scrobbles (artist, track, album, album_artist, track_number, duration, timestamp)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """, [.text(track.artist), .text(track.track), .string(track.album), .string(track.albumArtist),
                      .int(track.trackNumber), .int(track.duration), .integer(Int64(track.timestamp))])
        }
    }

    /// The oldest `limit` scrobbles with their row ids.
    public func oldest(_ limit: Int) throws(LastFMError) -> [(id: Int64, track: LastFMTrack)] {
        try with { db in
            try db.rows("""
                SELECT rowid, artist, track, album, album_artist, track_number, duration, timestamp
                FROM scrobbles ORDER BY timestamp, rowid LIMIT ?1
                """, [.integer(Int64(limit))]) { s in
                (s.int64(0), LastFMTrack(artist: s.text(1), track: s.text(2), album: s.optionalText(3),
                                         albumArtist: s.optionalText(4), trackNumber: s.optionalInt(5),
                                         duration: s.optionalInt(6), timestamp: s.int(7)))
            }
        }
    }

    public func remove(_ ids: [Int64]) throws(LastFMError) {
        try with { db in
            try db.transaction {
                for id in ids { try db.run("DELETE FROM scrobbles WHERE rowid = ?1", [.integer(id)]) }
            }
        }
    }

    public func noteFailure(_ ids: [Int64], _ error: String) throws(LastFMError) {
        try with { db in
            try db.transaction {
                for id in ids {
                    try db.run("UPDATE scrobbles SET attempts = attempts + 1, last_error = ?2 WHERE rowid = ?1",
                               [.integer(id), .text(error)])
                }
            }
        }
    }

    public func count() throws(LastFMError) -> Int {
        try with { db in try db.firstRow("SELECT count(*) FROM scrobbles") { $0.int(0) } ?? 0 }
    }

    // MARK: Settings (the session)

    public func value(_ key: String) throws(LastFMError) -> String? {
        try with { db in try db.firstRow("SELECT value FROM settings WHERE key = ?1", [.text(key)]) { $0.text(0) } }
    }

    public func setValue(_ key: String, _ value: String?) throws(LastFMError) {
        try with { db in
            if let value {
                try db.run("INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2",
                           [.text(key), .text(value)])
            } else {
                try db.run("DELETE FROM settings WHERE key = ?1", [.text(key)])
            }
        }
    }

    public func close() {
        db.withLock { $0.close() }
    }
}
