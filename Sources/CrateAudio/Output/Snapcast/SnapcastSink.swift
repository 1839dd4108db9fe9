import CratePosix
import Glibc

/// crated as a snapcast source: PCM sent over TCP into snapserver's `tcp` source (in
/// `mode=server`), which hands it to every room's snapclient in sync. The stream has one
/// format: albums at its rate go through untouched, others through the resampler.
/// Paced by the monotonic clock (snapserver has no clock to block us), at most one
/// device buffer ahead, so pause and skip reach the rooms within snapserver's own buffer.
/// When snapserver cannot be reached the sink keeps time and drops the audio, as a
/// speaker that was unplugged would: the album plays on, and `status` says so until the
/// connection, retried with backoff, is back.
final class SnapcastSink: OutputSink, @unchecked Sendable {
    // @unchecked: after `open` the writer thread is the only user.
    let stream: SnapcastStream
    let periodFrames: Int
    private(set) var sampleRate = 0
    private(set) var sourceBits = 0
    private let socket: StreamSocket
    private let encoder: StreamEncoder
    private let pacing = PacingClock()
    private let bufferFrames: Int
    /// Bytes of `encoder.buffer` not yet sent.
    private var pendingStart = 0
    private var pendingEnd = 0
    /// Silence sent after the last sample when the stream stops (pause, end): snapserver
    /// drops up to ~100 ms at the end of a source's data, so the music's tail rides on this.
    static let tailSeconds = 0.3
    /// A socket that takes nothing for this long means snapserver stopped reading.
    static let stallMillis: Int32 = 2000

    init(stream: SnapcastStream, address: sockaddr_storage, length: socklen_t, periodFrames: Int, periods: Int) {
        self.stream = stream
        self.periodFrames = periodFrames
        bufferFrames = periodFrames * periods
        socket = StreamSocket(address: address, length: length)
        encoder = StreamEncoder(stream: stream, chunkFrames: periodFrames)
    }

    /// One period per wake-up: the stream is sent in encoder chunks of a period.
    var wakeFrames: Int { periodFrames }
    var formatIndex: Int { (stream.bitsPerSample == 16 ? DeviceSampleFormat.s16 : .s32).index }
    var bitsLost: Int { sampleRate == stream.sampleRate ? max(0, sourceBits - stream.bitsPerSample) : 0 }
    var problem: Int32 { socket.problem }

    // MARK: writer thread only

    func configure(rate: Int, bits: Int) -> Int32 {
        pendingStart = 0
        pendingEnd = 0
        if encoder.configure(rate: rate) != nil { return -EINVAL }
        sampleRate = rate
        sourceBits = bits
        pacing.reset(rate: rate, aheadFrames: bufferFrames + periodFrames, wakeFrames: periodFrames)
        // Connect now, so the first samples are not dropped while it happens.
        if !socket.advance() { _ = socket.awaitConnect(millis: 200) }
        return 0
    }

    /// Another depth at the same rate costs nothing: each sample's top bits are taken anyway.
    func adopt(rate: Int, bits: Int) -> Bool {
        guard rate == sampleRate else { return false }
        sourceBits = bits
        return true
    }

    func write(_ samples: UnsafeMutablePointer<Int32>, frames: Int, wake: WakeEventFD?) -> WriteOutcome {
        var outcome = WriteOutcome()
        if socket.advance() {
            while true {
                if pendingStart < pendingEnd {
                    guard send(wake: wake) else { break }
                    continue
                }
                guard outcome.frames < frames else { break }
                let (consumed, bytes) = encoder.encode(samples + 2 * outcome.frames, frames: frames - outcome.frames)
                guard consumed > 0 || bytes > 0 else { break }
                outcome.frames += consumed
                pendingStart = 0
                pendingEnd = bytes
            }
        }
        if socket.state != .connected {
            // Nobody to send to: keep time, let the audio go (see the type's comment).
            forget()
            outcome.frames = frames
        }
        pacing.advance(frames: outcome.frames, wake: wake)
        return outcome
    }

    func drain() {
        if socket.state == .connected {
            sendAll()
            while socket.state == .connected {
                let bytes = encoder.flushTail()
                if bytes == 0 { break }
                pendingStart = 0
                pendingEnd = bytes
                sendAll()
            }
            var tail = Int(Self.tailSeconds * Double(stream.sampleRate))
            while tail > 0, socket.state == .connected {
                pendingStart = 0
                pendingEnd = encoder.silence(frames: tail)
                tail -= pendingEnd / encoder.frameBytes
                sendAll()
            }
            pacing.advance(frames: Int(Self.tailSeconds * Double(sampleRate)), wake: nil)
        }
        forget()
        pacing.sleepUntilPlayed()
    }

    func drop() {
        // What snapserver has is beyond recall; only finish the frame under way, so the
        // stream stays aligned.
        if pendingStart < pendingEnd {
            pendingEnd = pendingStart + (encoder.frameBytes - pendingStart % encoder.frameBytes) % encoder.frameBytes
        }
        encoder.reset()
        pacing.restart()
    }

    func delayFrames() -> Int { pacing.queuedFrames() }

    func resumeAfterPause() { pacing.restart() }

    /// Sends pending bytes; waits for room with `wake`. False when woken, or when the
    /// connection broke or stalled (the pending bytes are then gone).
    private func send(wake: WakeEventFD?) -> Bool {
        let n = socket.send(encoder.buffer + pendingStart, count: pendingEnd - pendingStart)
        if n > 0 { pendingStart += n; return true }
        if n < 0 { forget(); return false }
        switch socket.waitWritable(wake: wake, millis: Self.stallMillis) {
        case .writable: return true
        case .woken: return false
        case .stalled:
            socket.abandon(ETIMEDOUT)
            forget()
            return false
        }
    }

    private func sendAll() {
        while pendingStart < pendingEnd, send(wake: nil) {}
    }

    /// Drops unsent bytes and the resampler's state: the next connection starts afresh.
    private func forget() {
        pendingStart = 0
        pendingEnd = 0
        encoder.reset()
    }
}
