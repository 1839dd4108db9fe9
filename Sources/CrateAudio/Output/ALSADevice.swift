import CALSA
import CCrateShims
import Glibc

/// One ALSA playback PCM, always interleaved S16 stereo. Opened and closed by ordinary
/// threads; everything else is called only from the writer thread and is written not to
/// allocate: parameter blocks are allocated once here, errors come back as codes.
final class ALSADevice: @unchecked Sendable {
    // @unchecked: after init the writer thread is the only user (handed over at thread start).
    let name: String
    let pacing: PacingClock?
    let periodFrames: Int
    let periods: Int
    /// Formats to try, in order; the first the device takes is used.
    let formats: [DeviceSampleFormat]
    private(set) var sampleRate = 0
    private(set) var format = DeviceSampleFormat.s16
    /// Widened samples for cards that refuse S16: one period, allocated once.
    private let scratch: UnsafeMutableRawPointer
    private let pcm: OpaquePointer
    private let hw: OpaquePointer
    private let sw: OpaquePointer
    private var needsPrepare = false

    init(name: String, periodFrames: Int, periods: Int, formats: [DeviceSampleFormat],
         clockPaced: Bool) throws(AudioError) {
        var handle: OpaquePointer? = nil
        crate_capture_alsa_errors()
        crate_alsa_error_reset()
        let rc = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, 0)
        guard rc == 0, let handle else {
            let detail = String(cString: crate_alsa_first_error())
            throw .deviceOpen(device: name, reason: String(cString: snd_strerror(rc)) + (detail.isEmpty ? "" : " (\(detail))"))
        }
        var hwp: OpaquePointer? = nil
        var swp: OpaquePointer? = nil
        snd_pcm_hw_params_malloc(&hwp)
        snd_pcm_sw_params_malloc(&swp)
        self.name = name
        pcm = handle
        hw = hwp!
        sw = swp!
        self.periodFrames = periodFrames
        self.periods = periods
        self.formats = formats
        scratch = .allocate(byteCount: periodFrames * 2 * 4, alignment: 16)
        pacing = clockPaced ? PacingClock() : nil
    }

    deinit {
        snd_pcm_close(pcm)
        snd_pcm_hw_params_free(hw)
        snd_pcm_sw_params_free(sw)
        scratch.deallocate()
    }

    // MARK: writer thread only

    /// Sets up the device for `rate`. Returns 0 or a negative ALSA error code.
    /// Called at the first track and at a join whose rate differs (device stopped then).
    func configure(rate: Int) -> Int32 {
        if sampleRate != 0 { snd_pcm_drop(pcm) }
        snd_pcm_hw_free(pcm)
        var rc = snd_pcm_hw_params_any(pcm, hw)
        if rc >= 0 { rc = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED) }
        if rc >= 0 {
            let usable = formats.first { snd_pcm_hw_params_test_format(pcm, hw, $0.alsa) == 0 }
            format = usable ?? formats[0]
            rc = snd_pcm_hw_params_set_format(pcm, hw, format.alsa)
        }
        if rc >= 0 { rc = snd_pcm_hw_params_set_channels(pcm, hw, 2) }
        if rc >= 0 { rc = snd_pcm_hw_params_set_rate(pcm, hw, UInt32(rate), 0) }
        var period = snd_pcm_uframes_t(periodFrames)
        var dir: Int32 = 0
        if rc >= 0 { rc = snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &dir) }
        var buffer = snd_pcm_uframes_t(periodFrames * periods)
        if rc >= 0 { rc = snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer) }
        if rc >= 0 { rc = snd_pcm_hw_params(pcm, hw) }
        // Start as soon as one period is queued: a press is heard one period later.
        if rc >= 0 { rc = snd_pcm_sw_params_current(pcm, sw) }
        if rc >= 0 { rc = snd_pcm_sw_params_set_start_threshold(pcm, sw, period) }
        if rc >= 0 { rc = snd_pcm_sw_params_set_avail_min(pcm, sw, period) }
        if rc >= 0 { rc = snd_pcm_sw_params(pcm, sw) }
        if rc >= 0 { rc = snd_pcm_prepare(pcm) }
        sampleRate = rc >= 0 ? rate : 0
        needsPrepare = false
        pacing?.reset(rate: rate, bufferFrames: periodFrames * periods)
        return rc
    }

    /// Writes all `frames`, recovering from underruns. Returns underruns recovered,
    /// or a negative ALSA error code when the device is gone.
    func write(_ samples: UnsafePointer<Int16>, frames: Int) -> Int {
        if needsPrepare {
            let rc = snd_pcm_prepare(pcm)
            if rc < 0 { return Int(rc) }
            needsPrepare = false
            pacing?.restart()
        }
        var underruns = 0
        var done = 0
        var widened = 0  // frames of `samples` already in `scratch`, from `done` on
        while done < frames {
            var source = UnsafeRawPointer(samples + done * 2)
            var count = frames - done
            if format != .s16 {
                if widened == 0 {
                    widened = min(count, periodFrames)
                    format.widen(samples + done * 2, count: widened * 2, into: scratch)
                }
                source = UnsafeRawPointer(scratch)
                count = widened
            }
            let n = snd_pcm_writei(pcm, source, snd_pcm_uframes_t(count))
            if n >= 0 {
                done += Int(n)
                if format != .s16 {
                    // Keep the unwritten tail of the widened chunk at the front of scratch.
                    let left = widened - Int(n)
                    let frameBytes = 2 * format.bytesPerSample
                    if left > 0 { scratch.copyMemory(from: scratch + Int(n) * frameBytes, byteCount: left * frameBytes) }
                    widened = left
                }
                continue
            }
            if n == -Int(EPIPE) { underruns += 1 }
            let rc = snd_pcm_recover(pcm, Int32(n), 1)
            if rc < 0 { return Int(rc) }
        }
        pacing?.advance(frames: frames)
        return underruns
    }

    /// Plays out what is queued and stops (pause, end of stream, before a format change).
    func drain() {
        if let pacing { pacing.sleepUntilPlayed() }
        snd_pcm_drain(pcm)
        needsPrepare = true
    }

    /// Discards what is queued at once (skip, seek, stop).
    func drop() {
        snd_pcm_drop(pcm)
        needsPrepare = true
        pacing?.restart()
    }

    /// Frames written but not yet heard.
    func delayFrames() -> Int {
        if let pacing { return pacing.queuedFrames() }
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &delay) == 0 ? max(0, Int(delay)) : 0
    }
}

func alsaErrorString(_ code: Int) -> String { String(cString: snd_strerror(Int32(code))) }
