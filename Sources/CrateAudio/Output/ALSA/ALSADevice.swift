import CALSA
import CALSAShims
import Glibc

/// One ALSA playback PCM, interleaved stereo in the format that carries the source's bits. Opened and closed by ordinary
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
    private(set) var sourceBits = 0
    /// The device's avail_min: the writer is woken when this much is free, and fills it.
    private(set) var wakeFrames: Int
    private(set) var format = DeviceSampleFormat.s16
    /// Source bits the current format cannot carry (0: bit-perfect).
    private(set) var bitsLost = 0
    /// Samples converted to the device format: one period, allocated once.
    let scratch: UnsafeMutableRawPointer
    /// The wake descriptor first, then the PCM's own: refilled at each configure.
    let pollFDs: UnsafeMutablePointer<pollfd>
    var pcmPollCount = 0
    static let maxPollFDs = 16
    let pcm: OpaquePointer
    private let hw: OpaquePointer
    private let sw: OpaquePointer
    var needsPrepare = false

    init(name: String, periodFrames: Int, periods: Int, formats: [DeviceSampleFormat],
         clockPaced: Bool) throws(AudioError) {
        var handle: OpaquePointer? = nil
        crate_capture_alsa_errors()
        crate_alsa_error_reset()
        // A card is opened non-blocking: the writer waits for it in poll(), where a skip can
        // interrupt the wait. Clock-paced sinks never make a writer wait, so they block
        // (ALSA's null plugin spins in non-blocking mode) and the pacing clock is the wait.
        let rc = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, clockPaced ? 0 : Int32(SND_PCM_NONBLOCK))
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
        wakeFrames = periodFrames
        self.formats = formats
        scratch = .allocate(byteCount: periodFrames * 2 * 4, alignment: 16)
        pollFDs = .allocate(capacity: Self.maxPollFDs)
        pollFDs.initialize(repeating: pollfd(), count: Self.maxPollFDs)
        pacing = clockPaced ? PacingClock() : nil
    }

    deinit {
        snd_pcm_close(pcm)
        snd_pcm_hw_params_free(hw)
        snd_pcm_sw_params_free(sw)
        scratch.deallocate()
        pollFDs.deallocate()
    }

    // MARK: writer thread only

    /// Sets up the device for `rate` and samples of `bits` bits. Returns 0 or a negative
    /// ALSA error code. Called at the first track and at a join whose rate or depth
    /// differs (device stopped then). The format is the first preferred one deep enough
    /// for the source, else the deepest the device takes (`bitsLost` says so).
    func configure(rate: Int, bits: Int) -> Int32 {
        if sampleRate != 0 { snd_pcm_drop(pcm) }
        snd_pcm_hw_free(pcm)
        var rc = snd_pcm_hw_params_any(pcm, hw)
        if rc >= 0 { rc = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED) }
        if rc >= 0 {
            let usable = formats.filter { snd_pcm_hw_params_test_format(pcm, hw, $0.alsa) == 0 }
            format = usable.first { $0.bits >= bits } ?? usable.max { $0.bits < $1.bits } ?? formats[0]
            bitsLost = max(0, bits - format.bits)
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
        // Wake the writer when half the buffer is free (at least a period), not every period:
        // half the wake-ups, with half the buffer still queued when it wakes.
        let wake = max(1, Int(buffer) / max(1, Int(period)) / 2) * Int(period)
        if rc >= 0 { rc = snd_pcm_sw_params_set_avail_min(pcm, sw, snd_pcm_uframes_t(wake)) }
        if rc >= 0 { rc = snd_pcm_sw_params(pcm, sw) }
        if rc >= 0 { rc = snd_pcm_prepare(pcm) }
        if rc >= 0 {
            let count = snd_pcm_poll_descriptors(pcm, pollFDs + 1, UInt32(Self.maxPollFDs - 1))
            pcmPollCount = max(0, Int(count))
        }
        sampleRate = rc >= 0 ? rate : 0
        sourceBits = rc >= 0 ? bits : 0
        needsPrepare = false
        // A clock-paced sink (the null fallback, the file captures) still takes one period
        // per wake-up: with two, the album session's auto-advance repeated albums in
        // CrateFreshnessTests (0.4 s albums, many decoded ahead), a timing dependence of
        // the session's own. It keeps at most a buffer and the write in flight queued.
        wakeFrames = rc >= 0 && pacing == nil ? wake : periodFrames
        pacing?.reset(rate: rate, aheadFrames: periodFrames * (periods + 1), wakeFrames: wakeFrames)
        return rc
    }

    /// A change of rate or depth always reopens the card's format.
    func adopt(rate: Int, bits: Int) -> Bool { false }

    var formatIndex: Int { format.index }

    /// A card's failures are fatal (`write` returns them); nothing to retry.
    var problem: Int32 { 0 }

    /// Plays out what is queued and stops (pause, end of stream, before a format change).
    func drain() {
        if let pacing { pacing.sleepUntilPlayed() }
        // Blocking for the drain only: it must end with the last sample heard.
        if pacing == nil { snd_pcm_nonblock(pcm, 0) }
        snd_pcm_drain(pcm)
        if pacing == nil { snd_pcm_nonblock(pcm, 1) }
        needsPrepare = true
    }

    /// Playing again after a pause: nothing is queued in the device, so a clock-paced
    /// sink starts its clock now. Without this, a pause that began before anything was
    /// written (a queue restored paused at start-up) left the clock at the device's
    /// opening, and the resume rushed through as much audio as the pause had lasted.
    func resumeAfterPause() { pacing?.restart() }

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
