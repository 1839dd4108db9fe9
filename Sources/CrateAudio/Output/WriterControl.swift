import CratePosix
import Synchronization

/// Everything the decoder/engine thread and the real-time writer say to each other:
/// atomics and two wake signals, no locks. The engine asks (run mode, flush); the
/// writer answers (acks, counters) and posts `engineWake` when something changed.
final class WriterControl: Sendable {
    enum RunMode: Int { case stopped = 0, playing = 1, paused = 2 }

    /// What the engine wants the writer to do.
    let runMode = Atomic<Int>(RunMode.stopped.rawValue)
    /// Engine bumps `flushRequest`; writer drops queued audio, empties the ring and
    /// copies the value into `flushAck`. The engine does not write while they differ.
    let flushRequest = Atomic<Int>(0)
    let flushAck = Atomic<Int>(0)
    /// Ring frame index at which the stream ends (all tracks decoded), or -1.
    let endOfStream = Atomic<Int>(-1)
    /// The writer sets this to `endOfStream` once the end has been heard.
    let endedAt = Atomic<Int>(-1)
    /// The writer is paused: faded out and drained, nothing queued.
    let pausedAck = Atomic<Bool>(false)
    /// The writer found the ring empty mid-stream (the decoder fell behind).
    let starved = Atomic<Bool>(false)
    /// Frames queued in the device, not yet heard (for the position display).
    let deviceDelay = Atomic<Int>(0)
    /// Source sample rate the sink is set up for (0 = not configured); for a card, its rate.
    let deviceRate = Atomic<Int>(0)
    /// Index into `DeviceSampleFormat.allCases` of the format in effect.
    let deviceFormat = Atomic<Int>(0)
    /// Source bits the device format in effect drops (0: bit-perfect).
    let deviceBitsLost = Atomic<Int>(0)
    /// Bits per sample of the source the sink is set up for.
    let deviceSourceBits = Atomic<Int>(0)
    /// The sink's passing trouble as an errno (a snapserver out of reach), 0 = fine.
    let sinkProblem = Atomic<Int32>(0)
    let underruns = Atomic<Int>(0)
    /// Negative error code once the sink failed for good (0 = fine).
    let deviceError = Atomic<Int>(0)
    /// Set with `deviceError` when the sink failed while writing (a USB DAC pulled out):
    /// that writer has ended, and the engine may start another on a reopened sink.
    let deviceLost = Atomic<Bool>(false)
    let quit = Atomic<Bool>(false)
    /// A slow fade's level, 0…`Ramp.unity` (unity: untouched). Stepped by the engine's
    /// side (the sleep timer), read by the writer once per write: the fade costs the
    /// writer a multiply per sample and nothing else.
    let fadeGain = Atomic<Int>(Ramp.unity)

    /// Posted by the engine: work for the writer (data, mode change, flush).
    let writerWake = WakeEventFD()
    /// Posted by the writer: something the engine should look at.
    let engineWake = WakeSignal()

    /// The sink as the writer last described it.
    var sinkReport: SinkReport {
        SinkReport(sourceRate: deviceRate.load(ordering: .acquiring), sourceBits: deviceSourceBits.load(ordering: .relaxed),
                   formatIndex: deviceFormat.load(ordering: .relaxed), bitsLost: deviceBitsLost.load(ordering: .relaxed),
                   problem: sinkProblem.load(ordering: .relaxed))
    }

    var mode: RunMode { RunMode(rawValue: runMode.load(ordering: .acquiring)) ?? .stopped }
}
