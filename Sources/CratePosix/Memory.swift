import CCrateShims

/// The process's heap, as seen from a 512 MB board.
public enum Memory {
    /// Gives freed heap pages back to the system (glibc keeps them per thread arena).
    /// Worth it after a burst of work on a thread that then ends, such as a library scan.
    public static func returnFreePages() { crate_malloc_trim() }
}
