/// When watched changes are ready to scan: `settle` seconds after the last change, and
/// only once no file is still open for writing (a copy under way that paused), unless
/// those files have been quiet for `holdLimit` (a writer that holds a file open and
/// never finishes). Times are the caller's monotonic seconds, so this is plain logic.
struct SettleClock {
    let settle: Double
    let holdLimit: Double
    /// The last change not yet picked up by a scan; nil when nothing waits.
    private(set) var lastChange: Double? = nil
    /// The first path changed since the last pick-up, for status and the log.
    private(set) var firstPath: String? = nil
    /// Files created or written and not yet closed.
    private(set) var openForWriting = Set<String>()

    init(settle: Double, holdLimit: Double) {
        self.settle = settle
        self.holdLimit = max(settle, holdLimit)
    }

    /// Something under a root changed.
    mutating func changed(_ path: String, at now: Double) {
        lastChange = now
        if firstPath == nil { firstPath = path }
    }

    /// A file was created or written to: it may still be open.
    mutating func writing(_ path: String, at now: Double) {
        openForWriting.insert(path)
        changed(path, at: now)
    }

    /// A file was closed after writing, deleted or moved away.
    mutating func finished(_ path: String, at now: Double) {
        openForWriting.remove(path)
        changed(path, at: now)
    }

    var isPending: Bool { lastChange != nil }

    func isSettled(at now: Double) -> Bool {
        guard let lastChange else { return false }
        let quiet = now - lastChange
        return quiet >= settle && (openForWriting.isEmpty || quiet >= holdLimit)
    }

    /// Seconds until `isSettled` can next turn true; nil when nothing waits.
    func wait(at now: Double) -> Double? {
        guard let lastChange else { return nil }
        let until = lastChange + (openForWriting.isEmpty ? settle : holdLimit)
        return max(0, until - now)
    }

    /// A scan started for what changed: wait for the next change. Files still open stay
    /// known, so their next write is waited for too.
    mutating func pickedUp() {
        lastChange = nil
        firstPath = nil
    }
}
