import CratePosix

/// The bytes of unfinished command lists all MPD clients hold together
/// (`[mpd] max_command_lists_total`): one app's 2 MB list is fine, sixty phones' are not.
/// Only the poll thread touches it.
final class MPDListBudget {
    let limit: Int
    private(set) var held = 0
    /// A list was refused, and whether that was logged: once per burst, until half is free again.
    private var exhausted = false
    private var announced = false
    /// Bytes given back since the allocator was last asked to return free memory.
    private var freedSinceTrim = 0
    /// Given back past this, the allocator returns its free pages to the system.
    static let trimAfter = 4 << 20

    init(limit: Int) { self.limit = limit }

    /// Takes `count` bytes for a list's line; false when that would pass the limit.
    func take(_ count: Int) -> Bool {
        guard held + count <= limit else {
            exhausted = true
            return false
        }
        held += count
        return true
    }

    func give(_ count: Int) {
        held -= count
        freedSinceTrim += count
        if held <= limit / 2 { exhausted = false; announced = false }
    }

    /// True once per burst of refusals: the time to log it.
    func refusalToLog() -> Bool {
        guard exhausted, !announced else { return false }
        announced = true
        return true
    }

    /// After lists worth megabytes are gone, glibc keeps their pages for itself unless asked:
    /// asked here, so the box's memory comes back when the clients leave.
    func returnFreedMemory() {
        guard freedSinceTrim >= Self.trimAfter else { return }
        freedSinceTrim = 0
        Memory.returnFreePages()
    }
}
