import CrateCore
import CrateFormats

/// A streamed track whose first bytes have not arrived yet. Making its decoder would
/// wait for them (format headers, an MP4's moov), so the engine notes the track here and
/// goes on serving commands; `status` says buffering, and the decoder is made once the
/// stream has enough, has ended, or has failed (after `stall_timeout` of silence).
struct PendingOpen {
    var stream: StreamByteSource
    var index: Int
    var offsetFrames: Int
    var offsetSeconds: Double
}

extension PlayerEngine {
    /// Enters `stream` as the track being opened, with a placeholder run in the timeline
    /// so `status` shows it (buffering) and next/previous/seek act on it.
    func awaitStream(_ stream: StreamByteSource, index: Int, offsetFrames: Int, offsetSeconds: Double) {
        pending = PendingOpen(stream: stream, index: index, offsetFrames: offsetFrames, offsetSeconds: offsetSeconds)
        decoder = nil
        decodeIndex = index
        decodedFrames = offsetFrames
        segments.append(Segment(startFrame: ring.written, trackIndex: index, offsetFrames: 0, sampleRate: 44100,
                                sourceChannels: 2, bitsPerSample: 0, codec: "", gainDecibels: nil))
        control.writerWake.post()
    }

    /// Makes the pending stream's decoder once it can be made without waiting. False while
    /// the stream is still awaited (nothing to decode yet).
    func completePendingOpen() -> Bool {
        guard let open = pending else { return true }
        guard open.stream.isReadyToOpen else { return false }
        pending = nil
        let path = tracks[open.index].path
        do {
            let opened = try FormatRegistry.makeDecoder(source: open.stream, path: path)
            try start(opened, file: nil, index: open.index, offsetFrames: open.offsetFrames,
                      offsetSeconds: open.offsetSeconds)
        } catch {
            if let last = segments.last, last.isPlaceholder { segments.removeLast() }
            trackFailed(open.index, error.reason)
            advanceTrack()
            failIfNothingPlayable()
        }
        return pending == nil
    }

    /// Every track of the list failed, and nothing more is on its way: an error, not idle.
    func failIfNothingPlayable() {
        guard decoder == nil, pending == nil, !more.awaiting, !tracks.contains(where: { $0.error == nil }) else { return }
        let message = "no playable tracks (\(tracks.count) tried; see status for each)"
        logger.error("\(message)")
        fatal = message
        setMode(.stopped)
    }
}
