import CrateCore
import CrateSQLite

/// Copies whatever rows can still be read from a damaged database into a fresh one.
///
/// A plain `SELECT *` stops at the first unreadable page and loses everything after it.
/// Instead each table is walked in rowid order; when a step fails, the walk seeks past the
/// damage with growing jumps (rowid + 1, + 2, + 4, ...): a seek descends from the root, so it
/// lands in the next healthy leaf page and the rows there are read too. Rows that read but
/// do not fit the fresh schema (a broken constraint) are counted and skipped.
enum RowSalvage {
    struct Result {
        var recovered: [(table: String, rows: Int)] = []
        var rejected = 0
        var unreadableTables: [String] = []
        var hitDamage = false

        var totalRecovered: Int { recovered.reduce(0) { $0 + $1.rows } }

        /// "1180 rows recovered (album_state 1150, key_values 30); ..." and what was lost.
        var summary: String {
            let perTable = recovered.map { "\($0.table) \($0.rows)" }.joined(separator: ", ")
            var parts = ["\(counted(totalRecovered, "row")) recovered" + (recovered.isEmpty ? "" : " (\(perTable))")]
            if hitDamage { parts.append("rows on unreadable pages are lost") }
            if rejected > 0 { parts.append("\(rejected) damaged rows skipped") }
            if !unreadableTables.isEmpty { parts.append("unreadable tables: " + unreadableTables.joined(separator: ", ")) }
            return parts.joined(separator: "; ")
        }
    }

    /// `valid`: per table, an SQL condition a row must meet to be kept (others are counted
    /// as damaged rows skipped).
    static func copy(from damagedPath: String, into fresh: Database, tables: [String],
                     valid: [String: String] = [:]) -> Result {
        var result = Result()
        let source: Database
        do {
            source = try Database(path: damagedPath, flags: Database.readOnly)
        } catch {
            result.unreadableTables = tables
            return result
        }
        defer { source.close() }
        do {
            try fresh.transaction {
                for table in tables {
                    guard let rows = copyTable(table, valid: valid[table], from: source, into: fresh, result: &result) else {
                        result.unreadableTables.append(table)
                        continue
                    }
                    result.recovered.append((table, rows))
                }
            }
        } catch {
            // Writing the fresh file failed: nothing was copied after all.
            result.recovered = []
            result.unreadableTables = tables
        }
        return result
    }

    /// The number of rows copied, or nil when the table cannot be read at all.
    /// Salvage reads a damaged file: every failure here is damage being stepped around,
    /// and is counted in `result` (rejected rows, unreadable tables), never hidden.
    private static func copyTable(_ table: String, valid: String?, from source: Database, into fresh: Database,
                                  result: inout Result) -> Int? {
        let quoted = "\"\(table)\""
        // The last column says whether the row is one worth keeping.
        let check = "(\(valid ?? "1")) AS crate_salvage_valid"
        guard let scan = try? source.prepare("SELECT rowid, *, \(check) FROM \(quoted) NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid"),
              let probe = try? source.prepare("SELECT rowid FROM \(quoted) NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid LIMIT 1"),
              let targetColumns = try? fresh.prepare("SELECT * FROM \(quoted)")
        else { return nil }
        // Columns both files know, by name: an older file's table may lack newer columns.
        let wanted = Set((0..<targetColumns.columnCount).map(targetColumns.columnName))
        let columns = (1..<scan.columnCount).filter { wanted.contains(scan.columnName($0)) }
        guard !columns.isEmpty else { return nil }
        let names = columns.map { "\"\(scan.columnName($0))\"" }.joined(separator: ", ")
        let marks = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        guard let insert = try? fresh.prepare("INSERT OR REPLACE INTO \(quoted) (\(names)) VALUES (\(marks))") else {
            return nil
        }

        var copied = 0
        var start = Int64.min
        // The highest rowid known to be behind us: read, or landed on by a probe.
        var floor: Int64? = nil
        while true {
            scan.reset()
            guard (try? scan.bind(start, at: 1)) != nil else { return copied }
            var failed = false
            while true {
                let hasRow: Bool
                do { hasRow = try scan.step() } catch { failed = true; break }
                guard hasRow else { break }
                let rowid = scan.int64(0)
                floor = rowid
                guard scan.int(scan.columnCount - 1) == 1 else {
                    result.rejected += 1
                    continue
                }
                do {
                    insert.reset()
                    for (offset, column) in columns.enumerated() {
                        try insert.bind(scan.value(column), at: Int32(offset + 1))
                    }
                    try insert.run()
                    copied += 1
                } catch {
                    result.rejected += 1
                }
            }
            scan.reset()
            guard failed else { return copied }
            result.hitDamage = true
            guard let next = firstReadableRowid(after: floor ?? 0, probe: probe) else { return copied }
            start = next
            floor = next
        }
    }

    /// The first rowid beyond `floor` that a fresh seek can reach, jumping 1, 2, 4, ... past
    /// it, then searching back between the last failed jump and the one that landed, so a
    /// healthy page just behind the landing point is not skipped; nil when the table ends
    /// or nothing further can be reached.
    private static func firstReadableRowid(after floor: Int64, probe: Statement) -> Int64? {
        var jump: Int64 = 1
        var failed = floor
        while true {
            let (target, overflow) = floor.addingReportingOverflow(jump)
            guard !overflow else { return nil }
            switch seek(target, probe) {
            case .end: return nil
            case .row(var found):
                var high = target
                while high - failed > 1 {
                    let middle = failed + (high - failed) / 2
                    switch seek(middle, probe) {
                    case .row(let earlier): found = min(found, earlier); high = middle
                    case .damaged, .end: failed = middle
                    }
                }
                return found
            case .damaged:
                failed = target
            }
            let (doubled, tooFar) = jump.multipliedReportingOverflow(by: 2)
            guard !tooFar else { return nil }
            jump = doubled
        }
    }

    private enum Seek { case row(Int64), end, damaged }

    /// The first rowid at or after `target`, as a fresh descent from the root finds it.
    private static func seek(_ target: Int64, _ probe: Statement) -> Seek {
        probe.reset()
        defer { probe.reset() }
        do {
            try probe.bind(target, at: 1)
            return try probe.step() ? .row(probe.int64(0)) : .end
        } catch {
            // Still inside the damage: the caller jumps further.
            return .damaged
        }
    }
}
