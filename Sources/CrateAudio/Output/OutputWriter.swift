/// The real-time writer: moves PCM from the ring to the sink, and nothing else.
/// It never allocates, never takes a lock, never waits on the engine: it sleeps only
/// in the sink's own write or drain, or on its wake signal when there is nothing to
/// play. Everything it learns goes out through `WriterControl` atomics. Generic over
/// the sink so each period's calls are direct, not through an existential.
final class OutputWriter<Sink: OutputSink>: @unchecked Sendable {
    // @unchecked: `device` is used by this thread alone once `run` starts.
    private let ring: PCMRing
    private let formats: FormatChangeQueue
    private let control: WriterControl
    private let device: Sink

    init(ring: PCMRing, formats: FormatChangeQueue, control: WriterControl, device: Sink) {
        self.ring = ring
        self.formats = formats
        self.control = control
        self.device = device
    }

    func run() {
        // `audible`: something was written since the device was last emptied, so a pause
        // has sound to fade out; a pause before that (a restore at boot) writes nothing.
        var paused = false, fadeIn = 0, lowWaterPosted = false, audible = false
        // The slow fade's level last written, where the next step glides from.
        var heldGain = Ramp.unity
        while !control.quit.load(ordering: .acquiring) {
            let flush = control.flushRequest.load(ordering: .acquiring)
            if flush != control.flushAck.load(ordering: .relaxed) {
                device.drop()
                ring.discardAll()
                formats.discardAll()
                control.deviceDelay.store(0, ordering: .relaxed)
                control.starved.store(false, ordering: .relaxed)
                fadeIn = 0
                audible = false
                control.flushAck.store(flush, ordering: .releasing)
                control.engineWake.post()
                continue
            }
            let mode = control.mode
            if mode == .stopped || (mode == .paused && paused) || control.deviceError.load(ordering: .relaxed) != 0 {
                control.writerWake.wait(seconds: 0.5)
                continue
            }
            let readAt = ring.consumed
            var limit = device.wakeFrames
            if let change = formats.peek() {
                if change.atFrame <= readAt {
                    if change.sampleRate != device.sampleRate || change.bitsPerSample != device.sourceBits {
                        var rc: Int32 = 0
                        if device.sampleRate == 0 || !device.adopt(rate: change.sampleRate, bits: change.bitsPerSample) {
                            // A format change the sink cannot take in its stride is not gapless:
                            // play out the old format, then reconfigure.
                            if device.sampleRate != 0 { device.drain() }
                            audible = false
                            rc = device.configure(rate: change.sampleRate, bits: change.bitsPerSample)
                        }
                        control.deviceFormat.store(device.formatIndex, ordering: .relaxed)
                        control.deviceBitsLost.store(device.bitsLost, ordering: .relaxed)
                        control.deviceSourceBits.store(change.bitsPerSample, ordering: .relaxed)
                        control.sinkProblem.store(device.problem, ordering: .relaxed)
                        control.deviceRate.store(rc < 0 ? 0 : change.sampleRate, ordering: .releasing)
                        if rc < 0 { fail(Int(rc)); continue }
                    }
                    formats.pop()
                    continue
                }
                limit = min(limit, change.atFrame - readAt)
            }
            let (samples, frames) = ring.readableRegion(limit: limit)
            if frames == 0 {
                if control.endOfStream.load(ordering: .acquiring) == readAt {
                    if control.endedAt.load(ordering: .relaxed) != readAt {
                        device.drain()
                        audible = false
                        control.deviceDelay.store(0, ordering: .relaxed)
                        control.endedAt.store(readAt, ordering: .releasing)
                        control.engineWake.post()
                    }
                    control.writerWake.wait(seconds: 0.5)
                } else {
                    if !control.starved.exchange(true, ordering: .acquiringAndReleasing) { control.engineWake.post() }
                    control.writerWake.wait(seconds: 0.005)
                }
                continue
            }
            control.starved.store(false, ordering: .relaxed)
            let ramp = Ramp.frames(rate: device.sampleRate)
            var count = frames
            if mode == .paused && !audible {
                paused = true
                control.pausedAck.store(true, ordering: .releasing)
                control.engineWake.post()
                continue
            }
            let gain = min(max(control.fadeGain.load(ordering: .relaxed), 0), Ramp.unity)
            let attenuated = gain < Ramp.unity || heldGain < Ramp.unity
            if attenuated {
                count = min(count, Ramp.glideFrames(rate: device.sampleRate))
                Ramp.glide(samples, frames: count, from: heldGain, to: gain)
                heldGain = gain
            }
            if mode == .paused {
                count = min(count, ramp)
                Ramp.fadeOut(samples, frames: count)
            } else if paused {
                paused = false
                device.resumeAfterPause()
                fadeIn = ramp
                control.pausedAck.store(false, ordering: .releasing)
            }
            let fading = mode == .paused || fadeIn > 0 || attenuated
            if fadeIn > 0 {
                count = min(count, fadeIn)
                Ramp.fadeIn(samples, frames: count, done: ramp - fadeIn, total: ramp)
                fadeIn -= count
            }
            // A fade (5 ms, or a 20 ms step of a slow one) is written whole: the gain is
            // applied in place, so frames left in the ring by an interrupted write would be
            // faded twice.
            let outcome = device.write(samples, frames: count, wake: fading ? nil : control.writerWake)
            ring.commitRead(outcome.frames)
            audible = audible || outcome.frames > 0
            if outcome.error < 0 {
                // The device is gone, not refusing a format: this writer ends here (its sink
                // closes with it) so the engine can start a fresh one once the device is back.
                control.deviceLost.store(true, ordering: .relaxed)
                fail(outcome.error)
                return
            }
            if outcome.underruns > 0 {
                control.underruns.add(outcome.underruns, ordering: .relaxed)
                control.engineWake.post()
            }
            if mode == .paused {
                device.drain()
                audible = false
                paused = true
                control.pausedAck.store(true, ordering: .releasing)
                control.engineWake.post()
            }
            control.deviceDelay.store(device.delayFrames(), ordering: .relaxed)
            let problem = device.problem
            if problem != control.sinkProblem.load(ordering: .relaxed) {
                control.sinkProblem.store(problem, ordering: .relaxed)
                control.engineWake.post()
            }
            // Wake the decoder once per dip below half full, not on every period.
            let low = ring.fill < ring.capacity / 2
            if low && !lowWaterPosted { control.engineWake.post() }
            lowWaterPosted = low
        }
    }

    private func fail(_ code: Int) {
        control.deviceError.store(code, ordering: .releasing)
        control.engineWake.post()
    }
}
