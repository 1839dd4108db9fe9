/// The cache directory's files with their sizes and an order of last use, for the size
/// cap: what to delete, least recently used first, when a new file makes the total too
/// large. Built from the directory at start (the files' modification times are the order
/// of use across restarts), kept up to date in memory afterwards.
struct ArtworkDiskIndex {
    private struct Entry {
        var bytes: Int
        var used: UInt64
    }

    private var entries: [String: Entry] = [:]
    /// Ticks of use; a larger tick is more recent.
    private var clock: UInt64 = 0
    private(set) var totalBytes = 0

    var count: Int { entries.count }

    /// Files found at start, oldest first.
    init(files: [(name: String, bytes: Int, modified: Int64)]) {
        for file in files.sorted(by: { ($0.modified, $0.name) < ($1.modified, $1.name) }) {
            record(file.name, bytes: file.bytes)
        }
    }

    /// A file written (or rewritten): now the most recently used.
    mutating func record(_ name: String, bytes: Int) {
        if let old = entries[name] { totalBytes -= old.bytes }
        clock += 1
        entries[name] = Entry(bytes: bytes, used: clock)
        totalBytes += bytes
    }

    /// A file read: now the most recently used. Unknown names are ignored.
    mutating func touch(_ name: String) {
        guard entries[name] != nil else { return }
        clock += 1
        entries[name]?.used = clock
    }

    mutating func remove(_ name: String) {
        guard let old = entries.removeValue(forKey: name) else { return }
        totalBytes -= old.bytes
    }

    /// Takes out of the index, least recently used first, the files to delete so that
    /// the total is at most `cap`. `newest` goes last: only when it alone is over the cap.
    mutating func evictions(cap: Int, newest: String) -> [String] {
        var evicted: [String] = []
        while totalBytes > cap {
            let candidates = entries.filter { $0.key != newest }
            guard let oldest = candidates.min(by: { $0.value.used < $1.value.used })?.key else {
                if entries[newest] != nil {
                    remove(newest)
                    evicted.append(newest)
                }
                break
            }
            remove(oldest)
            evicted.append(oldest)
        }
        return evicted
    }
}
