import CSoxr

/// libsoxr at its very high quality (28-bit precision, linear phase), one stream of
/// interleaved stereo from left-justified Int32 to Int16 (TPDF-dithered) or Int32.
/// Made when a format change needs it (the writer's configure, not per period); then
/// `process` works in the buffers soxr allocated at creation.
final class Resampler {
    static let qualityName = "soxr VHQ"
    private let soxr: soxr_t
    let inputRate: Int
    let outputRate: Int

    /// nil with soxr's reason when it refuses the rates.
    static func make(from inputRate: Int, to outputRate: Int, output16: Bool) -> (Resampler?, String?) {
        var io = soxr_io_spec(SOXR_INT32_I, output16 ? SOXR_INT16_I : SOXR_INT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_VHQ), UInt(SOXR_LINEAR_PHASE))
        // One thread: the writer's; soxr must not start workers of its own.
        var runtime = soxr_runtime_spec(1)
        var error: soxr_error_t? = nil
        let made = soxr_create(Double(inputRate), Double(outputRate), 2, &error, &io, &quality, &runtime)
        guard let made, error == nil else {
            if let made { soxr_delete(made) }
            return (nil, String(cString: crate_soxr_strerror(error)))
        }
        return (Resampler(made, inputRate: inputRate, outputRate: outputRate), nil)
    }

    private init(_ soxr: soxr_t, inputRate: Int, outputRate: Int) {
        self.soxr = soxr
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    deinit { soxr_delete(soxr) }

    /// Output frames `inputFrames` can make at most, with room for soxr's own rounding.
    func maxOutput(forInput inputFrames: Int) -> Int {
        (inputFrames * outputRate + inputRate - 1) / inputRate + 64
    }

    /// Resamples up to `frames` frames into `out` (room for `capacity` frames).
    /// Returns (frames consumed, frames made); nil input = end of input (the tail).
    func process(_ input: UnsafePointer<Int32>?, frames: Int, into out: UnsafeMutableRawPointer,
                 capacity: Int) -> (consumed: Int, made: Int) {
        var used = 0, done = 0
        _ = soxr_process(soxr, input, frames, &used, out, capacity, &done)
        return (used, done)
    }

    /// Forgets the signal so far (after a skip, or once the tail has been taken).
    func clear() { _ = soxr_clear(soxr) }
}
