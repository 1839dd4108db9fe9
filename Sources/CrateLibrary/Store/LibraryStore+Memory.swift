import CrateSQLite

extension LibraryStore {
    /// Frees the pages each connection keeps cached (up to SQLite's 2 MiB a connection):
    /// after a scan the writer holds the files table it walked, and an idle box does not
    /// need it. The next query reads what it needs from the OS's page cache again.
    public func releaseCacheMemory() throws(LibraryStoreError) {
        try write { try $0.exec("PRAGMA shrink_memory") }
        try readOutsideTransaction { try $0.exec("PRAGMA shrink_memory") }
        try withUserData { try $0.exec("PRAGMA shrink_memory") }
    }
}
