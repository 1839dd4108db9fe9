import CrateCore
import CrateSQLite

/// The scanner's side of the store: all on the writer connection.
extension LibraryStore {
    /// Size and mtime of every stored file under `root`, by path: what an incremental scan
    /// compares the disk against.
    public func stamps(root: String) throws(LibraryStoreError) -> [String: FileStamp] {
        try write { db in
            let statement = try db.cached("SELECT path, size, mtime_ns FROM files WHERE root = ?1")
            defer { statement.reset() }
            try statement.bind(root, at: 1)
            // Sized up front: growing a 20,000-entry dictionary rehashes every path several times.
            let count = try db.firstRow("SELECT count(*) FROM files WHERE root = ?1", [.text(root)]) { $0.int(0) } ?? 0
            var stamps: [String: FileStamp] = [:]
            stamps.reserveCapacity(count)
            while try statement.step() {
                stamps[statement.text(0)] = FileStamp(size: statement.int(1), mtimeNanos: statement.int(2))
            }
            return stamps
        }
    }

    /// One batch of scan results in ONE transaction: files upserted by path, the given
    /// paths deleted, then every album they touched (by its key before or after) recomputed
    /// from its files. Albums left without files are deleted; the rest keep their ids.
    /// `isKnown` says whether a path may already be stored (nil: look it up); a scanner that
    /// knows a file is new spares the lookup of its previous album.
    public func apply(upserts: [FileRecord], deletions: [String],
                      isKnown: ((String) -> Bool)? = nil) throws(LibraryStoreError) {
        let now = StoreFiles.now()
        try writeTransaction { db in
            // In first-seen order, so new albums get ids in scan order.
            var touched: [String] = []
            var seen = Set<String>()
            func touch(_ key: String) {
                if seen.insert(key).inserted { touched.append(key) }
            }
            let previousKey = try db.cached("SELECT album_key FROM files WHERE path = ?1")
            let upsert = try db.cached(FileRecord.upsertSQL)
            for record in upserts {
                if isKnown?(record.path) ?? true {
                    previousKey.reset()
                    try previousKey.bind(record.path, at: 1)
                    if try previousKey.step() { touch(previousKey.text(0)) }
                    previousKey.reset()
                }
                upsert.reset()
                try record.bind(to: upsert)
                try upsert.run()
                touch(record.albumKey)
            }
            let delete = try db.cached("DELETE FROM files WHERE path = ?1 RETURNING album_key")
            for path in deletions {
                delete.reset()
                try delete.bind(path, at: 1)
                while try delete.step() { touch(delete.text(0)) }
            }
            delete.reset()
            let aggregation = AlbumAggregation(db: db)
            for key in touched { try aggregation.update(albumKey: key, now: now) }
        }
    }

    /// Records whether a root could be read. Its albums follow: an offline root's albums
    /// stay in the library, marked offline, and come back when it does.
    public func setRoot(_ path: String, online: Bool) throws(LibraryStoreError) {
        try writeTransaction { db in
            try db.run("""
                INSERT INTO roots (path, online, checked_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (path) DO UPDATE SET online = excluded.online, checked_at = excluded.checked_at
                """, [.text(path), .bool(online), .real(StoreFiles.now())])
            try db.run("UPDATE albums SET online = ?2 WHERE root = ?1 AND online <> ?2", [.text(path), .bool(online)])
        }
    }

    /// Replaces the list of files under `root` the last scan could not use.
    public func setSkipped(_ files: [SkippedFile], under root: String) throws(LibraryStoreError) {
        try writeTransaction { db in
            try db.run("DELETE FROM scan_skipped WHERE root = ?1", [.text(root)])
            for file in files {
                try db.run("INSERT OR REPLACE INTO scan_skipped (path, root, reason, kept) VALUES (?1, ?2, ?3, ?4)",
                           [.text(file.path), .text(root), .text(file.reason), .bool(file.kept)])
            }
        }
    }

    /// The files the last scans could not use, under `root` or everywhere, by path.
    public func skippedFiles(root: String? = nil) throws(LibraryStoreError) -> [SkippedFile] {
        try read { db in
            let filter = root == nil ? "" : " WHERE root = ?1"
            return try db.rows("SELECT path, reason, kept FROM scan_skipped\(filter) ORDER BY path",
                               root.map { [SQLiteValue.text($0)] } ?? []) {
                SkippedFile(path: $0.text(0), reason: $0.text(1), kept: $0.bool(2))
            }
        }
    }

    /// A value the scanner keeps between runs (an interrupted scan's marker, the last report).
    public func scanState(_ key: String) throws(LibraryStoreError) -> String? {
        try write { db in
            try db.firstRow("SELECT value FROM scan_state WHERE key = ?1", [.text(key)]) { $0.text(0) }
        }
    }

    /// Sets a scan-state value; nil removes it. `durable`: on disk when this returns, as a
    /// user.sqlite write is; the cache's `synchronous = NORMAL` alone can lose it to a power
    /// cut seconds later (the scan-in-progress marker: the scan would not be resumed).
    public func setScanState(_ key: String, _ value: String?, durable: Bool = false) throws(LibraryStoreError) {
        try write { db in
            if durable { try db.exec("PRAGMA synchronous = FULL") }
            let written = Result { () throws -> Void in
                if let value {
                    try db.run("INSERT OR REPLACE INTO scan_state (key, value) VALUES (?1, ?2)", [.text(key), .text(value)])
                } else {
                    try db.run("DELETE FROM scan_state WHERE key = ?1", [.text(key)])
                }
            }
            if durable { try db.exec("PRAGMA synchronous = NORMAL") }
            try written.get()
        }
    }

    /// The stored record of one file, as the scanner wrote it.
    func fileRecord(path: String) throws(LibraryStoreError) -> FileRecord? {
        try read { db in
            try db.firstRow(FileRecord.selectSQL + " WHERE path = ?1", [.text(path)]) { FileRecord(row: $0) }
        }
    }
}
