import CratePosix

/// A truncated database reads as nothing: SQLite trusts the page count in its header and
/// reports the first page it cannot read as corruption, so even the rows on the pages
/// that are still there are lost. Salvage therefore reads a copy padded with zero pages up
/// to the header's page count (and to a whole number of pages): the missing pages are
/// still lost, but seeks now step over them to the surviving ones. The file moved aside
/// is never modified; the copy is removed after the salvage.
struct PaddedCopy {
    let path: String
    /// Zero bytes added; 0 when the file was already whole.
    let addedBytes: Int

    /// Writes the copy beside `source` (with a copy of its WAL, which SQLite finds by
    /// name), or returns nil when the file cannot be read as an SQLite file at all.
    static func make(of source: String) -> PaddedCopy? {
        guard let bytes = StoreFiles.contents(source), bytes.count >= 100,
              bytes.starts(with: Array("SQLite format 3".utf8) + [0]) else { return nil }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return nil }
        let headerPages = Int(bytes[28]) << 24 | Int(bytes[29]) << 16 | Int(bytes[30]) << 8 | Int(bytes[31])
        let filePages = (bytes.count + pageSize - 1) / pageSize
        // A header count far beyond the file is itself damage: pad to the file's pages only.
        let pages = headerPages > filePages && headerPages <= filePages * 64 ? headerPages : filePages
        let padded = bytes + [UInt8](repeating: 0, count: pages * pageSize - bytes.count)
        let copy = source + ".salvage"
        do {
            try AtomicFile.write(padded, to: copy, mode: 0o600)
            if let wal = StoreFiles.contents(source + "-wal") { try AtomicFile.write(wal, to: copy + "-wal", mode: 0o600) }
        } catch {
            return nil
        }
        return PaddedCopy(path: copy, addedBytes: padded.count - bytes.count)
    }

    func remove() {
        for suffix in ["", "-wal", "-shm"] { StoreFiles.remove(path + suffix) }
    }

}
