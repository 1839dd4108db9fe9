import CratePosix
import CrateSQLite
import Logging

/// What user.sqlite held after its last acknowledged change, in a small file of its own
/// (`user.sqlite.ledger`), so a loss SQLite cannot see is noticed at the next start.
///
/// SQLite cannot tell a WAL deleted, or cut short, from one that never held more: it
/// applies what is there and says nothing. So every like, dislike or play also bumps a
/// generation number inside user.sqlite (key_values `ledger-generation`, in the same
/// transaction), and once committed the ledger is rewritten (AtomicFile: fsynced, renamed)
/// with that generation and the like and dislike counts. At start a file whose generation
/// is below the ledger's has lost acknowledged changes: reported, with the counts, then
/// the two are brought level so it is said once. A power cut between the commit and the
/// ledger's write leaves the ledger behind, never ahead: no false alarm.
struct UserLedger: Equatable {
    static let file = "user.sqlite.ledger"
    static let generationKey = "ledger-generation"

    var generation: Int64
    var likes: Int
    var dislikes: Int

    /// The ledger in `directory`, or nil when there is none (a first start) or it cannot be read.
    static func read(directory: String) -> UserLedger? {
        let bytes: [UInt8]
        do {
            let file = try RegularFile(path: directory + "/" + file)
            bytes = try file.read(at: 0, count: min(file.size, 256))
        } catch {
            return nil
        }
        var fields: [String: Int64] = [:]
        for pair in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int64(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let generation = fields["generation"], let likes = fields["likes"], let dislikes = fields["dislikes"] else {
            return nil
        }
        return UserLedger(generation: generation, likes: Int(likes), dislikes: Int(dislikes))
    }

    func write(directory: String) throws(AtomicFile.Failure) {
        let text = "generation=\(generation) likes=\(likes) dislikes=\(dislikes)\n"
        try AtomicFile.write(Array(text.utf8), to: directory + "/" + Self.file, mode: 0o600)
    }

    /// What `db` holds now.
    static func current(_ db: Database) throws(SQLiteError) -> UserLedger {
        let generation = try db.firstRow("SELECT value FROM key_values WHERE key = ?1", [.text(generationKey)]) {
            Int64($0.text(0)) ?? 0
        } ?? 0
        let counts = try db.firstRow("SELECT coalesce(sum(liked), 0), coalesce(sum(disliked), 0) FROM album_state") {
            (likes: $0.int(0), dislikes: $0.int(1))
        }
        return UserLedger(generation: generation, likes: counts?.likes ?? 0, dislikes: counts?.dislikes ?? 0)
    }

    /// Bumps the generation inside the caller's transaction on `db`.
    static func bump(_ db: Database) throws(SQLiteError) {
        try db.run("""
            INSERT INTO key_values (key, value) VALUES (?1, '1')
            ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)
            """, [.text(generationKey)])
    }

    /// Sets the file's generation to `generation` (to bring it level with the ledger).
    static func setGeneration(_ generation: Int64, _ db: Database) throws(SQLiteError) {
        try db.run("""
            INSERT INTO key_values (key, value) VALUES (?1, ?2)
            ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, [.text(generationKey), .text(String(generation))])
    }

    /// After a restore: the restored file takes a generation past both its own and the
    /// ledger's, so the data it replaced is not taken for a loss at the next start.
    static func adopt(_ db: Database, directory: String, logger: Logger) throws(SQLiteError) {
        var found = try current(db)
        found.generation = max(found.generation, read(directory: directory)?.generation ?? 0) + 1
        try setGeneration(found.generation, db)
        do { try found.write(directory: directory) } catch {
            logger.warning("cannot write \(file) (\(error)): a loss of user data would go unnoticed")
        }
    }

    /// At start: compares user.sqlite (`db`, just opened) with the ledger, returns what was
    /// lost in words (nil when nothing was), and leaves both level.
    static func check(_ db: Database, directory: String, logger: Logger) throws(SQLiteError) -> String? {
        var found = try current(db)
        var loss: String?
        if let ledger = read(directory: directory), ledger.generation > found.generation {
            let lostLikes = max(0, ledger.likes - found.likes), lostDislikes = max(0, ledger.dislikes - found.dislikes)
            loss = "user.sqlite lost changes that had been acknowledged: it is at change \(found.generation), "
                + "its ledger at \(ledger.generation) (\(ledger.generation - found.generation) like, dislike or "
                + "play change(s) missing; its WAL was deleted or cut, or the file cut short); the ledger counted "
                + "\(ledger.likes) likes and \(ledger.dislikes) dislikes, the file holds \(found.likes) and "
                + "\(found.dislikes)" + (lostLikes + lostDislikes > 0
                    ? ": \(lostLikes) like(s) and \(lostDislikes) dislike(s) lost" : "")
            try setGeneration(ledger.generation, db)
            found.generation = ledger.generation
        }
        do { try found.write(directory: directory) } catch {
            logger.warning("cannot write \(file) (\(error)): a loss of user data would go unnoticed")
        }
        return loss
    }
}
