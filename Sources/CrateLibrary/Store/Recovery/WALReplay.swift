import CratePosix

/// A database file cut to nothing while its WAL survived: SQLite then takes the empty file
/// for a new database and throws the WAL away, with every page it held. Before that, the
/// WAL's committed frames are laid over what is left of the file (zero pages where neither
/// has one) into a copy that row salvage can read: what the WAL held is recovered, the
/// pages only the file held are lost. The WAL is read as SQLite would: checksums chained
/// frame by frame, frames of the current salts only, up to the last sound commit.
enum WALReplay {
    /// Writes the replayed image of `database` and its `-wal` to `database.replayed` (no
    /// WAL beside it) and returns its path and the pages taken from the WAL; nil when the
    /// WAL holds no sound commit or not the database's first page.
    static func image(of database: String) -> (path: String, pages: Int)? {
        guard let wal = StoreFiles.contents(database + "-wal"), wal.count >= 32 else { return nil }
        let magic = WALCheck.word(wal, 0, bigEndian: true)
        let pageSize = Int(WALCheck.word(wal, 8, bigEndian: true))
        guard magic & 0xFFFF_FFFE == 0x377F_0682, pageSize >= 512, pageSize <= 65536 else { return nil }
        let bigEndian = magic & 1 == 1
        let salts = (WALCheck.word(wal, 16, bigEndian: true), WALCheck.word(wal, 20, bigEndian: true))
        var sum = WALCheck.checksum(wal, 0..<24, bigEndian: bigEndian, from: (0, 0))
        guard sum == (WALCheck.word(wal, 24, bigEndian: true), WALCheck.word(wal, 28, bigEndian: true)) else { return nil }
        let frameSize = 24 + pageSize
        var committed: [Int: Range<Int>] = [:], pending: [Int: Range<Int>] = [:]
        var databasePages = 0
        for index in 0..<((wal.count - 32) / frameSize) {
            let start = 32 + index * frameSize
            guard (WALCheck.word(wal, start + 8, bigEndian: true), WALCheck.word(wal, start + 12, bigEndian: true)) == salts
            else { break }
            sum = WALCheck.checksum(wal, start..<(start + 8), bigEndian: bigEndian, from: sum)
            sum = WALCheck.checksum(wal, (start + 24)..<(start + frameSize), bigEndian: bigEndian, from: sum)
            guard sum == (WALCheck.word(wal, start + 16, bigEndian: true), WALCheck.word(wal, start + 20, bigEndian: true))
            else { break }
            let page = Int(WALCheck.word(wal, start, bigEndian: true))
            pending[page] = (start + 24)..<(start + frameSize)
            let commitSize = Int(WALCheck.word(wal, start + 4, bigEndian: true))
            if commitSize > 0 {
                committed.merge(pending) { $1 }
                pending = [:]
                databasePages = commitSize
            }
        }
        guard databasePages > 0, committed[1] != nil else { return nil }
        let base = StoreFiles.contents(database) ?? []
        var image = [UInt8](repeating: 0, count: databasePages * pageSize)
        image.replaceSubrange(0..<min(base.count, image.count), with: base.prefix(image.count))
        for (page, range) in committed where page <= databasePages {
            image.replaceSubrange(((page - 1) * pageSize)..<(page * pageSize), with: wal[range])
        }
        // Read as a plain rollback-journal file: no WAL or -shm wanted beside the copy.
        image[18] = 1
        image[19] = 1
        let path = database + ".replayed"
        do { try AtomicFile.write(image, to: path, mode: 0o600) } catch { return nil }
        return (path, committed.count)
    }

}
