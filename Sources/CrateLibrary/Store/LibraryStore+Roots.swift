/// The roots the store knows: configured folders and drives mounted below them.
extension LibraryStore {
    /// Every root a scan has recorded, online or not.
    public func rootPaths() throws(LibraryStoreError) -> [String] {
        try read { db in try db.rows("SELECT path FROM roots ORDER BY path", []) { $0.text(0) } }
    }
}
