/// 16-bit samples from a C decoder before they are widened into the engine's layout:
/// one buffer per decoder, grown to the largest read asked for, never allocated per read.
final class SampleScratch {
    private(set) var base: UnsafeMutablePointer<Int16>
    private var frames = 0

    init() { base = .allocate(capacity: 0) }
    deinit { base.deallocate() }

    /// Room for `frames` stereo frames at `base`; what was there is not kept.
    func reserve(frames wanted: Int) {
        guard wanted > frames else { return }
        base.deallocate()
        base = .allocate(capacity: wanted * 2)
        frames = wanted
    }
}
