import Synchronization

/// Where the stream in the ring switches to a (possibly) different format: a tiny
/// lock-free SPSC queue from the decoder thread to the writer. Every track start is
/// announced; the writer reconfigures the device only when the format really differs.
struct FormatChange: BitwiseCopyable, Equatable {
    /// Ring frame index at which the new format begins.
    var atFrame: Int
    var sampleRate: Int
    /// Significant bits of the samples from here on (16, 24 or 32): the device format
    /// is chosen to carry them all.
    var bitsPerSample: Int
}

final class FormatChangeQueue: Sendable {
    static let capacity = 64
    nonisolated(unsafe) private let slots: UnsafeMutablePointer<FormatChange>
    private let head = Atomic<Int>(0)  // next to read
    private let tail = Atomic<Int>(0)  // next to write

    init() {
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: FormatChange(atFrame: 0, sampleRate: 0, bitsPerSample: 16), count: Self.capacity)
    }

    deinit { slots.deallocate() }

    /// Producer. False when full (the producer waits for the writer to catch up).
    func push(_ change: FormatChange) -> Bool {
        let t = tail.load(ordering: .relaxed)
        guard t - head.load(ordering: .acquiring) < Self.capacity else { return false }
        slots[t % Self.capacity] = change
        tail.store(t + 1, ordering: .releasing)
        return true
    }

    /// Consumer.
    func peek() -> FormatChange? {
        let h = head.load(ordering: .relaxed)
        guard h != tail.load(ordering: .acquiring) else { return nil }
        return slots[h % Self.capacity]
    }

    /// Consumer.
    func pop() {
        head.add(1, ordering: .releasing)
    }

    /// Consumer, during a flush (producer idle).
    func discardAll() {
        head.store(tail.load(ordering: .acquiring), ordering: .releasing)
    }
}
