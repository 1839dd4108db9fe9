import CratePosix
import CALSA
import Glibc

extension ALSADevice: OutputSink {
    /// Writes up to `frames`, recovering from underruns. Waits for room in poll() together
    /// with `wake`: when woken it returns early with what was written so far, so the
    /// writer can act on a flush at once. `wake` nil = write everything (pause fade-out).
    func write(_ samples: UnsafeMutablePointer<Int32>, frames: Int, wake: WakeEventFD?) -> WriteOutcome {
        var outcome = WriteOutcome()
        if needsPrepare {
            let rc = snd_pcm_prepare(pcm)
            if rc < 0 { outcome.error = Int(rc); return outcome }
            needsPrepare = false
            pacing?.restart()
        }
        var converted = 0  // frames from `outcome.frames` on already converted into `scratch`
        while outcome.frames < frames {
            var source = UnsafeRawPointer(samples + outcome.frames * 2)
            var count = frames - outcome.frames
            if format != .s32 {
                if converted == 0 {
                    converted = min(count, periodFrames)
                    format.convert(samples + outcome.frames * 2, count: converted * 2, into: scratch)
                }
                source = UnsafeRawPointer(scratch)
                count = converted
            }
            let n = snd_pcm_writei(pcm, source, snd_pcm_uframes_t(count))
            if n >= 0 {
                outcome.frames += Int(n)
                if format != .s32 {
                    // Keep the unwritten tail of the converted chunk at the front of scratch.
                    let left = converted - Int(n), frameBytes = 2 * format.bytesPerSample
                    if left > 0 { scratch.copyMemory(from: scratch + Int(n) * frameBytes, byteCount: left * frameBytes) }
                    converted = left
                }
                continue
            }
            if n == -Int(EAGAIN) {
                if !waitForRoom(wake: wake) { break }
                continue
            }
            if n == -Int(EPIPE) { outcome.underruns += 1 }
            let rc = snd_pcm_recover(pcm, Int32(n), 1)
            if rc < 0 { outcome.error = Int(rc); break }
        }
        pacing?.advance(frames: outcome.frames, wake: wake)
        return outcome
    }

    /// Sleeps until the device has room. False when `wake` fired first.
    private func waitForRoom(wake: WakeEventFD?) -> Bool {
        pollFDs[0] = pollfd(fd: wake?.fd ?? -1, events: Int16(POLLIN), revents: 0)
        for i in 1...max(1, pcmPollCount) { pollFDs[i].revents = 0 }
        // The timeout only guards a driver that never signals; room normally comes in a period.
        _ = poll(pollFDs, nfds_t(1 + pcmPollCount), 500)
        if pollFDs[0].revents & Int16(POLLIN) != 0 {
            wake?.drain()
            return false
        }
        var revents: UInt16 = 0
        snd_pcm_poll_descriptors_revents(pcm, pollFDs + 1, UInt32(pcmPollCount), &revents)
        return true
    }
}
