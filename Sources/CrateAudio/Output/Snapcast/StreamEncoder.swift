import Glibc

/// Turns the ring's left-justified Int32 frames into the stream's bytes: at the stream's
/// rate by taking each sample's top bits (exact whenever the stream is at least as deep
/// as the source), at any other rate through the resampler. One buffer, grown only at
/// `configure` (a format change), holds the bytes of the last chunk until they are sent.
final class StreamEncoder {
    let stream: SnapcastStream
    /// Source frames encoded per call at most.
    let chunkFrames: Int
    private(set) var buffer: UnsafeMutableRawPointer
    /// Stream frames `buffer` holds.
    private(set) var capacityFrames: Int
    private(set) var resampler: Resampler?

    init(stream: SnapcastStream, chunkFrames: Int) {
        self.stream = stream
        self.chunkFrames = chunkFrames
        capacityFrames = chunkFrames
        buffer = .allocate(byteCount: chunkFrames * 8, alignment: 16)
    }

    deinit { buffer.deallocate() }

    var frameBytes: Int { stream.frameBytes }

    /// Ready for a source at `rate`: nil, or why the resampler could not be made.
    func configure(rate: Int) -> String? {
        resampler = nil
        guard rate != stream.sampleRate else { return nil }
        let (made, problem) = Resampler.make(from: rate, to: stream.sampleRate, output16: stream.bitsPerSample == 16)
        guard let made else { return problem }
        let needed = made.maxOutput(forInput: chunkFrames)
        if needed > capacityFrames {
            buffer.deallocate()
            buffer = .allocate(byteCount: needed * 8, alignment: 16)
            capacityFrames = needed
        }
        resampler = made
        return nil
    }

    /// Encodes up to `chunkFrames` of `frames` into `buffer`: source frames used, bytes made.
    func encode(_ samples: UnsafePointer<Int32>, frames: Int) -> (consumed: Int, bytes: Int) {
        let count = min(frames, chunkFrames)
        if let resampler {
            let (used, made) = resampler.process(samples, frames: count, into: buffer, capacity: capacityFrames)
            return (used, narrowResampled(made))
        }
        switch stream.bitsPerSample {
        case 16:
            let out = buffer.assumingMemoryBound(to: Int16.self)
            for i in 0..<count * 2 { out[i] = Int16(truncatingIfNeeded: samples[i] >> 16).littleEndian }
        case 24:
            // snapcast keeps 24-bit samples right-justified in 4 bytes.
            let out = buffer.assumingMemoryBound(to: Int32.self)
            for i in 0..<count * 2 { out[i] = (samples[i] >> 8).littleEndian }
        default:
            buffer.copyMemory(from: samples, byteCount: count * 8)
        }
        return (count, count * frameBytes)
    }

    /// The resampler's tail once the input has ended, a buffer at a time: bytes made,
    /// 0 when all is out (the resampler is then ready for a fresh signal).
    func flushTail() -> Int {
        guard let resampler else { return 0 }
        let (_, made) = resampler.process(nil, frames: 0, into: buffer, capacity: capacityFrames)
        if made == 0 { resampler.clear() }
        return narrowResampled(made)
    }

    /// Forgets the signal so far: after a skip the next sample starts afresh.
    func reset() { resampler?.clear() }

    /// `frames` of silence in `buffer` (at most its capacity): bytes made.
    func silence(frames: Int) -> Int {
        let count = min(frames, capacityFrames)
        memset(buffer, 0, count * frameBytes)
        return count * frameBytes
    }

    /// soxr wrote Int16 for a 16-bit stream (dithered) or full-scale Int32: a 24-bit
    /// stream takes the top 24 bits, right-justified. Returns the bytes.
    private func narrowResampled(_ frames: Int) -> Int {
        if stream.bitsPerSample == 24 {
            let samples = buffer.assumingMemoryBound(to: Int32.self)
            for i in 0..<frames * 2 { samples[i] = samples[i] >> 8 }
        }
        return frames * frameBytes
    }
}
