import Glibc
import Synchronization

/// Lock-free single-producer/single-consumer ring of interleaved stereo frames, each
/// sample a left-justified Int32 (the decoders' contract: 16 or 24 source bits on top).
/// The decoder thread writes, the real-time writer reads; neither ever waits on the
/// other here. Indices count frames since creation and never wrap (Int is 64-bit), so
/// they double as a timeline: "frame 123456 of this session" means the same to both sides.
final class PCMRing: Sendable {
    static let channels = 2
    let capacity: Int
    private let mask: Int
    // The storage is shared between exactly two threads; the index protocol below
    // (acquire on the other side's index, release on our own) orders every access.
    nonisolated(unsafe) private let storage: UnsafeMutablePointer<Int32>
    private let writeIndex = Atomic<Int>(0)
    private let readIndex = Atomic<Int>(0)

    /// `minimumFrames` is rounded up to a power of two.
    init(minimumFrames: Int) {
        var size = 1
        while size < minimumFrames { size <<= 1 }
        capacity = size
        mask = size - 1
        storage = .allocate(capacity: size * Self.channels)
        // Touch every page now so the writer never takes a page fault on first use.
        storage.initialize(repeating: 0, count: size * Self.channels)
        // ...and keep them in RAM: a page reclaimed under memory pressure would stall
        // the real-time writer. Needs RLIMIT_MEMLOCK (systemd: LimitMEMLOCK=).
        lockError = mlock(storage, size * Self.channels * MemoryLayout<Int32>.size) == 0 ? 0 : errno
    }

    /// The errno of locking the storage in memory, 0 when it is locked.
    let lockError: Int32

    deinit {
        if lockError == 0 { munlock(storage, capacity * Self.channels * MemoryLayout<Int32>.size) }
        storage.deallocate()
    }

    // MARK: either side

    /// Frames written since creation.
    var written: Int { writeIndex.load(ordering: .acquiring) }
    /// Frames consumed since creation.
    var consumed: Int { readIndex.load(ordering: .acquiring) }
    var fill: Int { written - consumed }

    // MARK: producer

    /// A contiguous free region the producer may fill, possibly shorter than all free space.
    func writableRegion() -> (pointer: UnsafeMutablePointer<Int32>, frames: Int) {
        let w = writeIndex.load(ordering: .relaxed)
        let r = readIndex.load(ordering: .acquiring)
        let free = capacity - (w - r)
        let start = w & mask
        return (storage + start * Self.channels, min(free, capacity - start))
    }

    func commitWrite(_ frames: Int) {
        writeIndex.add(frames, ordering: .releasing)
    }

    // MARK: consumer

    /// A contiguous region of decoded frames, at most `limit` long.
    func readableRegion(limit: Int) -> (pointer: UnsafeMutablePointer<Int32>, frames: Int) {
        let r = readIndex.load(ordering: .relaxed)
        let w = writeIndex.load(ordering: .acquiring)
        let start = r & mask
        return (storage + start * Self.channels, min(w - r, capacity - start, limit))
    }

    func commitRead(_ frames: Int) {
        readIndex.add(frames, ordering: .releasing)
    }

    /// Consumer drops everything written so far (flush). Only safe while the producer
    /// is known not to be writing, which the flush handshake guarantees.
    func discardAll() {
        readIndex.store(writeIndex.load(ordering: .acquiring), ordering: .releasing)
    }
}
