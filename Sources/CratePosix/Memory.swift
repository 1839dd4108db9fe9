import CCrateShims

/// The process's heap, as seen from a 512 MB board.
public enum Memory {
    /// Gives freed heap pages back to the system (glibc keeps them per thread arena).
    /// Worth it after a burst of work on a thread that then ends, such as a library scan.
    /// It leaves alone the free space at the top of a thread's arena, which only a fixed
    /// trim threshold (`fixAllocatorThresholds`) gives back.
    public static func returnFreePages() { crate_malloc_trim() }

    /// The threshold `fixAllocatorThresholds` sets: glibc's own starting value.
    public static let allocatorThreshold = 128 * 1024

    /// Keeps glibc's mmap and trim thresholds at 128 KiB instead of letting them grow.
    /// By default each large block freed raises both (up to 32 and 64 MiB), after which a
    /// library scan's large tables come from the thread arenas and stay resident once freed:
    /// with 100,000 tracks idle RSS climbed by 30 MiB over ten rescans. Fixed, blocks of
    /// 128 KiB and more are mapped and unmapped on their own, and an arena's free top is
    /// given back as soon as it passes 128 KiB. Call once at start, before the threads.
    /// False if glibc refused (the process then runs with the dynamic thresholds).
    public static func fixAllocatorThresholds() -> Bool {
        crate_malloc_fix_thresholds(allocatorThreshold) == 1
    }
}
